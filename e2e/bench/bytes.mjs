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
    // the moment of the app's first render, taken in the page: the server's first view replaced by the
    // app's own heading (a check from outside would poll, and count what arrived in between)
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (document.querySelector('[data-first-view]') || !document.querySelector('main h1')) return;
        window.__firstRender = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const assets = [];
    const pending = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      const kind = type.includes('javascript') ? 'js' : type.includes('text/css') ? 'css' : null;
      if (!kind) return;
      pending.push(
        response.body().then(
          (body) =>
            assets.push({
              url: response.url(),
              origin: new URL(response.url()).origin,
              kind,
              gzip: gzipSync(body, { level: 9 }).length,
            }),
          () => {}, // a response without a body (aborted): nothing to count
        ),
      );
    });
    await page.goto(url, { waitUntil: 'commit' });
    await firstRender(page);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    // what had arrived by then, from the page's resource timing
    const { firstRenderAt, arrived } = await page.evaluate(() => ({
      firstRenderAt: window.__firstRender ?? Number.POSITIVE_INFINITY,
      arrived: performance.getEntriesByType('resource').map((entry) => [entry.name, entry.responseEnd]),
    }));
    const arrivedAt = new Map(arrived);
    for (const asset of assets) asset.beforeRender = (arrivedAt.get(asset.url) ?? 0) <= firstRenderAt;
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
