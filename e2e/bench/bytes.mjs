// Gzipped JavaScript a page loads before first render and until idle, per app (origin).
// Run by `npm run bench` against the production builds served on their own ports.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * @param {{ url: string, appsByOrigin: Record<string,string>, firstRenderSelector: string }} page
 * @returns {Promise<{ beforeFirstRender: Record<string, number>, untilIdle: Record<string, number> }>}
 */
export async function measureJsBytes({ url, appsByOrigin, firstRenderSelector }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const scripts = [];
    let rendered = false;
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (!type.includes('javascript')) return;
      const beforeRender = !rendered;
      try {
        const body = await response.body();
        scripts.push({
          origin: new URL(response.url()).origin,
          url: response.url(),
          gzip: gzipSync(body, { level: 9 }).length,
          beforeRender,
        });
      } catch {
        // a response without a body (aborted): nothing to count
      }
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForSelector(firstRenderSelector, { state: 'visible' });
    rendered = true;
    await page.waitForLoadState('networkidle');
    const sum = (filter) => {
      const totals = {};
      for (const script of scripts.filter(filter)) {
        const app = appsByOrigin[script.origin] ?? script.origin;
        totals[app] = (totals[app] ?? 0) + script.gzip;
      }
      return totals;
    };
    return { beforeFirstRender: sum((script) => script.beforeRender), untilIdle: sum(() => true) };
  } finally {
    await browser.close();
  }
}
