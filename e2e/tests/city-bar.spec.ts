// The first visit's city bar (docs/product.md#city, "the city prompt is a compact bar") covers nothing the
// visitor reaches: an analysis page's «До кошика» at 360 px and a category's cards at 1280 px, scrolled
// into view, are above the bar and take the tap; at the page's end the footer is above it too.
// Screenshots go to SHOTS_DIR when it is set.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { Site } from '../support/site';

const site = new Site({ basePort: 5460 });
const SHOTS = process.env.SHOTS_DIR;

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Scrolls `target` into view as the browser does for a visitor (its bottom at the screen's bottom). */
async function scrollToBottomEdge(target: Locator): Promise<void> {
  await target.evaluate((element) => element.scrollIntoView({ block: 'end' }));
}

/** Whether the element a pointer meets at the middle and near the bottom of `target` is `target` itself. */
async function reachable(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    return [box.top + box.height / 2, box.bottom - 2].every((y) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && element.contains(hit);
    });
  });
}

/** The live page, not the server's first view of it. */
async function livePage(page: Page): Promise<void> {
  await expect(page.locator('[data-first-view], main [data-page-preview]')).toHaveCount(0, { timeout: 30_000 });
}

test.describe('on a phone, 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("an analysis page's «До кошика», scrolled into view, is above the city bar and takes the tap", async ({
    page,
    request,
  }) => {
    const response = await request.post(`${API_ORIGIN}/api/public/search/search`, {
      data: { settlementId: 1, query: 'феритин', types: ['services'], page: 0 },
    });
    const slug = (await response.json()).groups?.[0]?.items?.content?.[0]?.service?.slug as string;
    await page.goto(`${site.url}/analysis/${slug}`);
    await livePage(page);
    const bar = page.getByRole('region', { name: 'Підтвердження міста' });
    await expect(bar).toBeVisible();
    const add = page
      .getByRole('main')
      .getByRole('button', { name: /^До кошика/ })
      .first();
    await scrollToBottomEdge(add);
    await shot(page, 'city-bar-analysis-360');
    expect(await reachable(add)).toBe(true);
    const [button, banner] = [await add.boundingBox(), await bar.boundingBox()];
    if (!button || !banner) throw new Error('both are on screen');
    expect(button.y + button.height).toBeLessThanOrEqual(banner.y);
    await add.click();
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /^У кошику/ })
        .first(),
    ).toBeVisible();

    // the page's end: the footer's last line is above the bar, not under it
    const copyright = page.getByRole('contentinfo').getByText(/©/);
    await scrollToBottomEdge(copyright);
    expect(await reachable(copyright)).toBe(true);
  });
});

test.describe('on a laptop, 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a category's cards at the bottom of the first screen, scrolled into view, are above the city bar", async ({
    page,
  }) => {
    await page.goto(`${site.url}/analyzes/hematology`);
    await livePage(page);
    const bar = page.getByRole('region', { name: 'Підтвердження міста' });
    await expect(bar).toBeVisible();
    const barTop = (await bar.boundingBox())?.y ?? 0;
    const cards = page.getByRole('list', { name: 'Гематологія' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    // the first card whose «До кошика» the bar reaches on the first screen
    const count = await cards.count();
    let covered: Locator | null = null;
    for (let index = 0; index < count && !covered; index += 1) {
      const add = cards.nth(index).getByRole('button', { name: /^До кошика/ });
      const box = await add.boundingBox();
      if (box && box.y + box.height > barTop) covered = add;
    }
    if (!covered) throw new Error('no card reaches the bottom of the first screen');
    await scrollToBottomEdge(covered);
    await shot(page, 'city-bar-category-1280');
    expect(await reachable(covered)).toBe(true);
    // and by the keyboard: the focused button is scrolled above the bar
    await page.evaluate(() => window.scrollTo(0, 0));
    await covered.focus();
    expect(await reachable(covered)).toBe(true);
    await covered.click();
    await expect(bar).toBeVisible();
  });
});
