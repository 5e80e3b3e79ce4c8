// The first tap on a phone: a direct link opened in a fresh browser context (a cold cache, a first
// visit), Chromium's CPU slowed 4×, a 360 px touch screen; the control is tapped as soon as the page
// shows it (the server's first view), and again whenever a tap brought no answer within 5 s (what a
// visitor does). Figures from navigation start: the first paint (the server's first view), when the
// control was seen drawn (a Playwright look at the page, later than its paint), when the first tap was
// made, when the page answered a tap (the "added" state or a badge; the open search) and when it was
// done (the cart holds the item: the badge counts it), and how many taps were lost on the way. Prints
// nothing itself; `npm run bench` reports the median of 5 runs. Runnable alone against a site:
// `node e2e/bench/first-tap.mjs http://localhost:3000 /analysis/<slug>`.
import { pathToFileURL } from 'node:url';
import { launchChromium } from './chromium.mjs';
import { median } from './median.mjs';

const RUNS = 5;
const ANSWER_MS = 5000;
const TAPS = 4;

// before any script of the page: what "answered" and "done" are, checked on every frame
function harness() {
  const lab = { answered: 0, done: 0, painted: 0 };
  window.__firstTap = lab;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') lab.painted = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const cartCount = () => {
    for (const link of document.querySelectorAll('header a')) {
      const match = /Кошик, послуг: (\d+)/.exec(`${link.getAttribute('aria-label') ?? ''} ${link.textContent ?? ''}`);
      if (match) return Number(match[1]);
    }
    return 0;
  };
  const checks = {
    cart: {
      answered: () =>
        cartCount() > 0 ||
        Boolean(document.querySelector('[data-tap-pending], a[aria-label^="У кошику"]')) ||
        [...document.querySelectorAll('button[aria-busy="true"]')].some((b) => /До кошика/.test(b.textContent ?? '')),
      done: () => cartCount() > 0,
    },
    search: {
      answered: () =>
        Boolean(document.querySelector('[data-tap-pending], [role="dialog"] [role="combobox"]')) ||
        Boolean(document.querySelector('button[aria-busy="true"][aria-label="Пошук аналізів"]')),
      done: () => Boolean(document.querySelector('[role="dialog"] [role="combobox"]')),
    },
  };
  lab.arm = (name) => {
    const check = checks[name];
    const frame = () => {
      const now = performance.now();
      if (!lab.answered && check.answered()) lab.answered = now;
      if (!lab.done && check.done()) {
        lab.done = now;
        lab.answered ||= now;
        return;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
}

const targets = {
  cart: (page) => page.locator('button:has-text("До кошика")').first(),
  search: (page) => page.locator('button[aria-label="Пошук аналізів"]').first(),
};

async function oneRun(browser, url, name) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'uk-UA',
  });
  try {
    await context.addInitScript(harness);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'commit' });
    await page.evaluate((n) => window.__firstTap.arm(n), name);
    const control = targets[name](page);
    const taps = [];
    let drawn = 0;
    for (let tap = 0; tap < TAPS; tap += 1) {
      await control.waitFor({ state: 'visible', timeout: 30_000 });
      const box = await control.boundingBox();
      if (!box) continue;
      const at = await page.evaluate(() => performance.now());
      drawn ||= at;
      taps.push(at);
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      const answered = await page
        .waitForFunction(() => window.__firstTap.answered > 0, null, { timeout: ANSWER_MS })
        .then(() => true)
        .catch(() => false);
      if (answered) break;
    }
    await page.waitForFunction(() => window.__firstTap.done > 0, null, { timeout: 30_000 }).catch(() => undefined);
    const { answered, done, painted } = await page.evaluate(() => window.__firstTap);
    const lost = taps.filter((at) => !answered || at < answered - ANSWER_MS).length;
    return { painted, drawn, firstTap: taps[0] ?? 0, answered, done, lost, taps: taps.length };
  } finally {
    await context.close();
  }
}

/**
 * @param {{ url: string, path: string, runs?: number }} options
 * @returns {Promise<Record<string, { painted: number, drawn: number, firstTap: number, answered: number, done: number, lost: number, runs: object[] }>>}
 */
export async function measureFirstTap({ url, path, runs = RUNS }) {
  const browser = await launchChromium();
  try {
    const results = {};
    for (const name of ['cart', 'search']) {
      const list = [];
      for (let run = 0; run < runs; run += 1) list.push(await oneRun(browser, `${url}${path}`, name));
      const med = (key) => Math.round(median(list.map((figures) => figures[key])));
      results[name] = {
        painted: med('painted'),
        drawn: med('drawn'),
        firstTap: med('firstTap'),
        answered: med('answered'),
        done: med('done'),
        lost: list.reduce((sum, figures) => sum + figures.lost, 0),
        runs: list.map((figures) => Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Math.round(v)]))),
      };
    }
    return results;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url = 'http://localhost:3000', path = '/'] = process.argv.slice(2);
  console.log(JSON.stringify(await measureFirstTap({ url, path }), null, 2));
}
