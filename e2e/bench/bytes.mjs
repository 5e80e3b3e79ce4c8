// Gzipped JavaScript and CSS a page loads before first render and until idle, per app (origin).
// Run by `npm run bench` against production builds served on their own ports; a fresh browser
// context per page (cold cache), optionally with the storage of a prepared visit (cart, session).
import { gzipSync } from 'node:zlib';

/**
 * @typedef {{ js: number, css: number }} Bytes
 * @typedef {{ beforeFirstRender: Record<string, Bytes>, untilIdle: Record<string, Bytes> }} PageBytes
 * @param {import('@playwright/test').Browser} browser
 * @param {{ url: string, appsByOrigin: Record<string,string>, firstRender: (page: import('@playwright/test').Page) => Promise<unknown>, storageState?: object }} options
 * @returns {Promise<PageBytes>}
 */
export async function measureBytes(browser, { url, appsByOrigin, firstRender, storageState }) {
  const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const assets = [];
    const pending = [];
    let rendered = false;
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      const kind = type.includes('javascript') ? 'js' : type.includes('text/css') ? 'css' : null;
      if (!kind) return;
      const beforeRender = !rendered;
      pending.push(
        response.body().then(
          (body) =>
            assets.push({
              origin: new URL(response.url()).origin,
              kind,
              gzip: gzipSync(body, { level: 9 }).length,
              beforeRender,
            }),
          () => {}, // a response without a body (aborted): nothing to count
        ),
      );
    });
    await page.goto(url, { waitUntil: 'commit' });
    await firstRender(page);
    rendered = true;
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const sum = (filter) => {
      const totals = {};
      for (const asset of assets.filter(filter)) {
        const app = appsByOrigin[asset.origin] ?? asset.origin;
        totals[app] ??= { js: 0, css: 0 };
        totals[app][asset.kind] += asset.gzip;
      }
      return totals;
    };
    return { beforeFirstRender: sum((asset) => asset.beforeRender), untilIdle: sum(() => true) };
  } finally {
    await context.close();
  }
}

/** Sum over apps. */
export function totalBytes(perApp) {
  return Object.values(perApp).reduce((sum, bytes) => ({ js: sum.js + bytes.js, css: sum.css + bytes.css }), {
    js: 0,
    css: 0,
  });
}
