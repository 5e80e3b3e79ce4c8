// Bytes of each bench page on one served site: a fresh browser context per page (cold cache), with
// the storage a page needs prepared first (a guest cart with an item, a signed-in demo patient).
import { measureBytes } from './bytes.mjs';
import { launchChromium } from './chromium.mjs';

const DEMO_PATIENT = '+380501234567';

/**
 * @param {{ url: string, appsByOrigin: Record<string, string> }} site
 * @param {{ name: string, path: string, needs?: 'cart' | 'session' }[]} pages
 */
export async function measurePages(site, pages) {
  const browser = await launchChromium();
  try {
    const states = {};
    const results = {};
    for (const page of pages) {
      if (page.needs && !states[page.needs]) states[page.needs] = await prepare(browser, site.url, page.needs);
      results[page.name] = await measureBytes(browser, {
        url: `${site.url}${page.path}`,
        appsByOrigin: site.appsByOrigin,
        // the app's own first render: the server's first view (data-first-view) gone, the page's heading shown
        firstRender: async (tab) => {
          await tab.waitForFunction(() => !document.querySelector('[data-first-view]'), undefined, { timeout: 30_000 });
          await tab.locator('main h1').first().waitFor({ state: 'visible', timeout: 30_000 });
        },
        storageState: page.needs ? states[page.needs] : undefined,
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** The pages measured, with what each needs: a category and an analysis of the seed, a cart, a session. */
export async function benchPages(api) {
  const tree = await fetch(`${api}/api/public/service/services/groups/enabled/tree/separated`).then((r) => r.json());
  const found = await fetch(`${api}/api/public/search/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settlementId: 1, query: 'феритин', types: ['services'], page: 0 }),
  }).then((response) => response.json());
  const category = tree.services[0].slug;
  const analysis = found.groups[0].items.content[0].service.slug;
  return [
    { name: 'home', path: '/', lighthouse: true },
    { name: 'category', path: `/analyzes/${category}`, lighthouse: true },
    { name: 'analysis', path: `/analysis/${analysis}`, lighthouse: true },
    { name: 'search', path: `/search?query=${encodeURIComponent('феритин')}`, lighthouse: true },
    // Lighthouse clears storage before it loads a page, so it sees the cart page of a first visit
    { name: 'cart', path: '/cart', lighthouse: true, needs: 'cart' },
    { name: 'account', path: '/account/orders', needs: 'session' },
  ];
}

/** A browser storage with what a page needs: a guest cart with an item, or the demo patient signed in. */
export async function prepare(browser, url, needs) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (needs === 'cart') {
      await page.goto(url);
      await page
        .getByRole('button', { name: /До кошика/ })
        .first()
        .click();
      await page.waitForFunction(() => Boolean(window.localStorage.getItem('cartId')));
      await page.waitForLoadState('networkidle');
    } else {
      const asked = Date.now() - 1000;
      await check(context.request.post(`${url}/api/public/auth`, { data: { phone: DEMO_PATIENT } }));
      const code = await smsCode(context, url, asked);
      await check(context.request.post(`${url}/api/public/login`, { data: { phone: DEMO_PATIENT, password: code } }));
    }
    return await context.storageState();
  } finally {
    await context.close();
  }
}

async function check(responsePromise) {
  const response = await responsePromise;
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}`);
  return response;
}

async function smsCode(context, url, after) {
  for (let tries = 0; tries < 50; tries += 1) {
    const response = await check(
      context.request.get(`${url}/api/dev/sms-outbox?phone=${encodeURIComponent(DEMO_PATIENT)}&limit=1`),
    );
    const [latest] = await response.json();
    if (latest?.code && new Date(latest.sentAt).getTime() >= after) return latest.code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no SMS code for the demo patient');
}
