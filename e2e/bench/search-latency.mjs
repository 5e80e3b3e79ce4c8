// Time from the last keystroke in the header's search to its results on screen (docs/product.md#constants: 500 ms of it is
// the debounce). Prints nothing itself; `npm run bench` reports the median.
import { launchChromium } from './chromium.mjs';

/** Twenty queries: names, codes, typos, a Latin-keyboard slip, Russian. */
export const SEARCH_QUERIES = [
  'феритин',
  'глюкоза',
  'тиреотропний',
  'вітамін d',
  'холестерин',
  'гемоглобін',
  'athbnby',
  'холистирин',
  '2702',
  'прогестерон',
  'тестостерон',
  'креатинін',
  'сечовина',
  'алт',
  'коагулограма',
  'ферритин',
  'общий анализ крови',
  'check-up',
  'інсулін',
  'пролактин',
];

/** @returns {Promise<number[]>} milliseconds per query */
export async function measureSearchLatency({ url, queries }) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(url);
    await page
      .getByRole('button', { name: 'Пошук аналізів' })
      .waitFor({ timeout: 30_000 })
      .catch((error) => {
        throw new Error(`no search button on ${url}: ${problems.join('; ') || error.message}`);
      });
    await page.getByRole('button', { name: 'Пошук аналізів' }).click();
    const input = page.getByRole('combobox', { name: 'Назва або код аналізу' });
    const chips = page.getByRole('navigation', { name: 'Усі результати за групами' });
    // timed in the page itself: the last keystroke's input event, and the first animation frame after
    // the dialog holds an option of the new results (Playwright's polling would add its own interval)
    await page.evaluate(() => {
      const timing = { typed: 0, shown: 0 };
      window.__searchTiming = timing;
      // 'input', not 'typed': Playwright types Cyrillic letters as text input, without key events
      document.addEventListener(
        'input',
        (event) => {
          timing.typed = event.timeStamp;
          timing.shown = 0;
        },
        true,
      );
      new MutationObserver(() => {
        if (!timing.typed || timing.shown) return;
        if (!document.querySelector('[role="dialog"] [role="listbox"] [role="option"]')) return;
        timing.shown = -1;
        requestAnimationFrame(() => {
          timing.shown = performance.now();
        });
      }).observe(document.body, { childList: true, subtree: true });
    });
    const timings = [];
    for (const query of queries) {
      await input.fill('');
      await chips.waitFor({ state: 'hidden' });
      // type all but the last letter, then time from the last keystroke to the results
      await input.fill(query.slice(0, -1));
      await page.evaluate(() => {
        window.__searchTiming.typed = 0;
      });
      await input.pressSequentially(query.slice(-1));
      await chips.waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByRole('dialog', { name: 'Пошук' }).getByRole('option').first().waitFor();
      const { typed, shown } = await page
        .waitForFunction(() => window.__searchTiming.shown > 0 && window.__searchTiming)
        .then((handle) => handle.jsonValue());
      timings.push(shown - typed);
    }
    return timings;
  } finally {
    await browser.close();
  }
}
