// JavaScript and CSS a page loads before first render and until idle, per app (origin), gzipped and
// brotli-compressed here from the bodies (the bytes of the build, whatever the server sent: a measure
// that does not depend on the machine), with each file's own figures. Run by `npm run bench` and by the
// byte budgets of `npm test` (scripts/budgets.mjs) against production builds served on their own ports;
// a fresh browser context per page (cold cache), optionally with the storage of a prepared visit.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Brotli at its highest quality, as the build's precompressed files (packages/config/webpack.cjs). */
const brotli = (body) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;

/**
 * @typedef {{ js: number, css: number }} Bytes
 * @typedef {{ app: string, file: string, kind: 'js' | 'css', gzip: number, brotli: number, beforeRender: boolean, inHtml: boolean }} Asset
 *   beforeRender: it had arrived when the app first rendered (timing: what the bench reports);
 *   inHtml: the page's HTML names it (a script, a style sheet, a preload, its start-up script's list):
 *   what the page asks for before the app renders, whatever the timing (what the byte budgets check)
 * @typedef {{ beforeFirstRender: Record<string, Bytes>, untilIdle: Record<string, Bytes>,
 *   brotli: { beforeFirstRender: Record<string, Bytes>, untilIdle: Record<string, Bytes> },
 *   wire: { byType: Record<string, number>, requests: number }, assets: Asset[] }} PageBytes
 *   (the per-app totals gzipped, as the bench reports them; brotli's beside them; until idle, the bytes
 *   on the wire by resource type, whatever they were; every file)
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
              brotli: brotli(body),
            }),
          () => {}, // a response without a body (aborted): nothing to count
        ),
      );
    });
    // every response's bytes as sent (headers and body, compressed as the server chose), by resource type:
    // what the server, not the build, decides
    const wire = { byType: {}, requests: 0 };
    page.on('requestfinished', (request) => {
      pending.push(
        request.sizes().then(
          ({ responseBodySize, responseHeadersSize }) => {
            const type = request.resourceType();
            wire.byType[type] = (wire.byType[type] ?? 0) + responseBodySize + responseHeadersSize;
            wire.requests += 1;
          },
          () => {},
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
    // the files the page's HTML names, in tags or in its inline start-up script (asked for again, with
    // the visit's cookies: the HTML the page got)
    const html = await (await context.request.get(url)).text();
    const inHtml = new Set(
      [...html.matchAll(/["']((?:https?:\/\/[^"'\s]+)?\/[^"'\s]+\.(?:js|css))["']/g)].map(
        (match) => new URL(match[1], url).href,
      ),
    );
    for (const asset of assets) {
      asset.beforeRender = (arrivedAt.get(asset.url) ?? 0) <= firstRenderAt;
      asset.inHtml = inHtml.has(asset.url);
    }
    const appOf = (asset) => appsByOrigin[asset.origin] ?? asset.origin;
    const sum = (filter, encoding = 'gzip') => {
      const totals = {};
      for (const asset of assets.filter(filter)) {
        const app = appOf(asset);
        totals[app] ??= { js: 0, css: 0 };
        totals[app][asset.kind] += asset[encoding];
      }
      return totals;
    };
    return {
      beforeFirstRender: sum((asset) => asset.beforeRender),
      untilIdle: sum(() => true),
      brotli: { beforeFirstRender: sum((asset) => asset.beforeRender, 'brotli'), untilIdle: sum(() => true, 'brotli') },
      wire,
      assets: assets.map((asset) => ({
        app: appOf(asset),
        file: new URL(asset.url).pathname,
        kind: asset.kind,
        gzip: asset.gzip,
        brotli: asset.brotli,
        beforeRender: asset.beforeRender,
        inHtml: asset.inHtml,
      })),
    };
  } finally {
    await context.close();
  }
}
