// Interactions, timed in the page with Chromium's CPU slowed 4× (Lighthouse's mobile preset): for each,
// INP's own figure (the Event Timing API: from the input to the next paint after its handlers, the
// longest entry of the interaction) and the visible response (from the input to the first frame that
// shows what was asked for: the dialog, the badge, the checked filter). The first of six on a fresh
// page is the cold click (its remote's code may not be loaded yet); the median and worst of the other
// five are the warm figures. Prints nothing itself; `npm run bench` reports them.
import { launchChromium } from './chromium.mjs';
import { median } from './median.mjs';
import { prepare } from './pages.mjs';

const RUNS = 5;

// Installed before any script of the page (not subject to its CSP): the observer, and the checks of
// what each interaction should show, evaluated on every animation frame once armed.
function harness() {
  const lab = { events: [], first: 0, last: 0, done: 0, armed: null };
  window.__lab = lab;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) lab.events.push({ id: entry.interactionId, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  const cartCount = () => {
    for (const link of document.querySelectorAll('header a')) {
      const match = /Кошик, послуг: (\d+)/.exec(`${link.getAttribute('aria-label') ?? ''} ${link.textContent ?? ''}`);
      if (match) return Number(match[1]);
    }
    return 0;
  };
  const dialogWith = (text) =>
    [...document.querySelectorAll('[role="dialog"]')].some((dialog) => (dialog.textContent ?? '').includes(text));
  const shows = {
    searchDialog: () => Boolean(document.querySelector('[role="dialog"] [role="combobox"]')),
    searchResults: () => Boolean(document.querySelector('[role="dialog"] [role="option"]')),
    cartBadge: (before) => cartCount() > before,
    cartPreview: () => Boolean(document.querySelector('section[aria-label="Вміст кошика"]')),
    cityDialog: () => dialogWith('Оберіть місто'),
    cityChosen: () => !dialogWith('Оберіть місто'),
    filterChecked: (name) =>
      [...document.querySelectorAll('input[type="radio"]')].some(
        (radio) => radio.checked && (radio.labels?.[0]?.textContent ?? '').includes(name),
      ),
    dynamicsChart: () => Boolean(document.querySelector('[role="dialog"] [role="img"]')),
  };
  const onInput = (event) => {
    if (!lab.armed) return;
    lab.first ||= event.timeStamp;
    lab.last = event.timeStamp;
  };
  for (const type of ['pointerdown', 'keydown', 'mouseover', 'focusin', 'input']) {
    addEventListener(type, onInput, { capture: true });
  }
  lab.cartCount = cartCount;
  lab.arm = (name, argument) => {
    Object.assign(lab, { events: [], first: 0, last: 0, done: 0, armed: name });
    const check = () => {
      if (lab.armed !== name) return;
      if (lab.first && shows[name](argument)) {
        // now rather than the frame's start time, which may precede an input of the same frame
        lab.done = performance.now();
        lab.armed = null;
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
}

/** One interaction: arm, act, wait for what it should show; its INP entry and visible response. */
async function timed(page, name, argument, act) {
  await page.evaluate(([n, a]) => window.__lab.arm(n, a), [name, argument]);
  await act();
  await page
    .waitForFunction(() => window.__lab.done > 0, null, { timeout: 30_000 })
    .catch(async (error) => {
      const state = await page.evaluate(() => JSON.stringify({ ...window.__lab, events: window.__lab.events.length }));
      throw new Error(`${name}: what it should show did not come (${state}): ${error.message}`);
    });
  // the Event Timing entry of the last input is reported after its paint: a frame or two later
  await page.waitForTimeout(100);
  return page.evaluate(() => {
    const lab = window.__lab;
    const byInteraction = new Map();
    for (const { id, duration } of lab.events) byInteraction.set(id, Math.max(byInteraction.get(id) ?? 0, duration));
    const durations = [...byInteraction.values()];
    return {
      // no entry: the interaction painted within 16 ms (the API's least threshold)
      inp: durations.length ? Math.max(...durations) : 16,
      response: lab.done - lab.first,
      fromLastInput: lab.done - lab.last,
    };
  });
}

/** Figures of six rounds: the first cold, then the median and worst of the others. */
function summary(rounds, key = 'response') {
  const warm = rounds.slice(1);
  return {
    coldResponse: Math.round(rounds[0]?.response ?? 0),
    inpMedian: Math.round(median(warm.map((r) => r.inp))),
    inpWorst: Math.round(Math.max(...warm.map((r) => r.inp))),
    responseMedian: Math.round(median(warm.map((r) => r[key]))),
    responseWorst: Math.round(Math.max(...warm.map((r) => r[key]))),
    inpCold: Math.round(rounds[0]?.inp ?? 0),
  };
}

/**
 * @param {{ url: string, categoryPath: string }} options
 * @returns {Promise<Record<string, ReturnType<typeof summary> & { hover?: boolean }>>}
 */
export async function measureInteractions({ url, categoryPath }) {
  const browser = await launchChromium();
  try {
    const storageState = await prepare(browser, url, 'session');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState });
    await context.addInitScript(harness);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const fresh = async (path) => {
      await page.goto(`${url}${path}`);
      await page.waitForLoadState('load');
    };
    const results = {};
    const rounds = async (path, round) => {
      await fresh(path);
      const list = [];
      for (let index = 0; index <= RUNS; index += 1) list.push(await round(index));
      return list;
    };

    const searchButton = page.getByRole('button', { name: 'Пошук аналізів' });
    const searchField = page.getByRole('combobox', { name: 'Назва або код аналізу' });
    results['open the search'] = summary(
      await rounds('/', async () => {
        await searchButton.waitFor();
        const figures = await timed(page, 'searchDialog', null, () => searchButton.click());
        await page.keyboard.press('Escape');
        await searchField.waitFor({ state: 'hidden' });
        return figures;
      }),
    );
    // typed on the Latin layout (the search reads "athbn" as "ферит"): real key presses, which INP counts;
    // Playwright enters Cyrillic letters as text, without key events
    const queries = ['athbn', 'uk.r', '[jktc', 'rhtfn', 'nbhtj', 'dsnfv'];
    results['type a query (each keystroke; results after the 500 ms debounce)'] = summary(
      await rounds('/', async (index) => {
        await searchButton.click();
        await searchField.waitFor();
        await searchField.fill('');
        const figures = await timed(page, 'searchResults', null, () =>
          searchField.pressSequentially(queries[index] ?? 'ферит', { delay: 120 }),
        );
        await page.keyboard.press('Escape');
        await searchField.waitFor({ state: 'hidden' });
        return figures;
      }),
      'fromLastInput',
    );
    results['add to cart (the badge counts it)'] = summary(
      await rounds(categoryPath, async () => {
        const add = page.getByRole('button', { name: /До кошика/ }).first();
        await add.waitFor();
        const before = await page.evaluate(() => window.__lab.cartCount());
        return timed(page, 'cartBadge', before, () => add.click());
      }),
    );
    const cartLink = page.getByRole('link', { name: /^Кошик/ });
    results['open the cart dropdown (hover)'] = {
      ...summary(
        await rounds(categoryPath, async () => {
          await cartLink.waitFor();
          const figures = await timed(page, 'cartPreview', null, () => cartLink.hover());
          await page.mouse.move(5, 880);
          await page.getByRole('region', { name: 'Вміст кошика' }).waitFor({ state: 'hidden' });
          return figures;
        }),
      ),
      hover: true,
    };
    const cityButton = page.getByRole('button', { name: /Ваше місто/ });
    const cities = ['Львів', 'Київ'];
    const picks = [];
    results['open the city modal'] = summary(
      await rounds('/', async (index) => {
        await cityButton.waitFor();
        const figures = await timed(page, 'cityDialog', null, () => cityButton.click());
        const dialog = page.getByRole('dialog', { name: 'Оберіть місто' });
        const city = cities[index % 2];
        picks.push(await timed(page, 'cityChosen', null, () => dialog.getByRole('button', { name: city }).click()));
        await dialog.waitFor({ state: 'hidden' });
        return figures;
      }),
    );
    results['pick a city'] = summary(picks);
    const filters = ['Рік', 'За весь час'];
    results['change the orders filter'] = summary(
      await rounds('/account/orders', async (index) => {
        const name = filters[index % 2];
        const radio = page.getByRole('radio', { name });
        await radio.waitFor();
        return timed(page, 'filterChecked', name, () => radio.check());
      }),
    );
    // one order's results: the first order of the list with them
    await fresh('/account/orders');
    const resultsLink = page.getByRole('link', { name: /^Результати/ }).first();
    await resultsLink.waitFor();
    const resultsPath = new URL((await resultsLink.getAttribute('href')) ?? '/', url).pathname;
    results["open a result's dynamics"] = summary(
      await rounds(resultsPath, async () => {
        const button = page.getByRole('button', { name: /^Динаміка: / }).first();
        await button.waitFor();
        const figures = await timed(page, 'dynamicsChart', null, () => button.click());
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        return figures;
      }),
    );
    await context.close();
    return { results, resultsPath };
  } finally {
    await browser.close();
  }
}
