import { expect, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { recordedFrames, recordFrames } from '../support/frames';
import { cartDropdownLink } from '../support/page';
import { Site } from '../support/site';

/**
 * How a page hands over to the next one: a navigation waits for the next page's code under the address
 * being left, the frame shows it pending, and the page being left is never drawn with the next page's
 * state; and how a first view hands over to the page: without moving what the visitor reads.
 */
const site = new Site({ basePort: 3170 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

/** The slug of an analysis, found through the public search API. */
async function analysisSlug(query: string): Promise<string> {
  const response = await fetch(`${API_ORIGIN}/api/public/search/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settlementId: 1, query, types: ['services'], page: 0 }),
  });
  const body = (await response.json()) as { groups: { items: { content: { service: { slug: string } }[] } }[] };
  return body.groups[0]?.items.content[0]?.service.slug ?? '';
}

test("«Знайти аналіз» in the empty cart: the home page stays at its address, pending, until the catalogue's code is there", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(site.url);
  const hero = page.getByRole('heading', { level: 1, name: /Аналізи онлайн/ });
  await expect(hero).toBeVisible();
  // the catalogue's page takes its time to arrive, as on a slow line
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/page-catalogue\.[0-9a-f]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await cartDropdownLink(page).hover();
  const preview = page.getByRole('region', { name: 'Вміст кошика' });
  await recordFrames(page);
  await preview.getByRole('link', { name: 'Знайти аналіз' }).click();
  const pending = page.getByRole('progressbar', { name: 'Сторінка завантажується…' });
  await expect(pending).toBeVisible();
  await expect(page).toHaveURL(`${site.url}/`);
  await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Каталог аналізів' })).toBeVisible();
  await expect(page).toHaveURL(`${site.url}/analyzes`);
  await expect(pending).toHaveCount(0);
  const frames = await recordedFrames(page);
  const home = frames.filter((frame) => frame.text.includes('Аналізи онлайн'));
  // the wait for the code was at the home page's own address, marked pending
  expect(home.some((frame) => frame.path === '/' && frame.pending)).toBe(true);
  // and no frame showed the home page as if it were the catalogue: while the router hands the address
  // over and React draws the catalogue, the home page is still marked pending
  expect(home.filter((frame) => frame.path === '/analyzes' && !frame.pending)).toEqual([]);
});

test("an analysis page's first view and the page the catalogue draws are the same at 360 px: nothing shifts", async ({
  page,
}) => {
  const slug = await analysisSlug('феритин');
  await page.setViewportSize({ width: 360, height: 740 });
  // every layout shift of the load (what CLS adds up), from the first view on
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node as Element | null | undefined;
          return node?.nodeType === 1 ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName);
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // no answer from the location prompt: the first city's prices, as in the first view
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition: () => {} } });
  });
  await page.goto(`${site.url}/analysis/${slug}`);
  await expect(page.locator('[data-first-view]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Феритин' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
  );
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.01);
});
