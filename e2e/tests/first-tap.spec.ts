import { type Browser, expect, type Page, test } from '@playwright/test';
import { Site } from '../support/site';

/**
 * The first tap on a phone (Chromium's CPU slowed 4×, a 360 px touch screen, a first visit with nothing
 * cached): a direct link to an analysis page, and a tap on a control of the server's first view at several
 * moments after it is drawn, from before the app has taken the view over to after. Each tap is acted on
 * exactly once: «До кошика» puts the analysis into a new guest cart in one call, the header's search opens
 * the search, its cart link opens the cart (features/taps in the shell). No figure is asserted: the
 * bench's first-tap figures (e2e/bench/first-tap.mjs) time it.
 */
const site = new Site({ basePort: 5100 });
const SLUG = 'ferytyn';
/** How long after the control is drawn each tap comes: at once, while the app starts, once it runs. */
const MOMENTS = [0, 400, 900, 1600, 3000];

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

/** A fresh phone: its own context (no cache, no storage), the CPU slowed 4×; the cart calls counted. */
async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
    locale: 'uk-UA',
  });
  const page = await context.newPage();
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const cartPosts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/public/cart/')) cartPosts.push(request.url());
  });
  return { context, page, cartPosts };
}

/**
 * Taps a control `after` ms once it is drawn, where it is on screen then: the first view's, the kept
 * preview's or the live one (the app redraws it in the same place).
 */
async function tapWhenDrawn(page: Page, selector: string, after: number) {
  const control = page.locator(`${selector} >> visible=true`).first();
  await control.waitFor();
  if (after > 0) await page.waitForTimeout(after);
  // between two looks the app may swap the element for its own (the first view's for the kept or the
  // live one, in one frame): looked for again
  for (let look = 0; look < 20; look += 1) {
    await control.waitFor();
    const box = await control.boundingBox();
    if (box) return page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  }
  throw new Error(`${selector} has no box`);
}

test.describe('a tap on the first view is never lost and never doubled', () => {
  for (const after of MOMENTS) {
    test(`«До кошика» tapped ${after} ms after it is drawn: the analysis is in the cart once`, async ({ browser }) => {
      const { context, page, cartPosts } = await phone(browser);
      await page.goto(`${site.url}/analysis/${SLUG}`, { waitUntil: 'commit' });
      const add = 'button[data-tap^="cart-add:"]';
      await page.locator(add).first().waitFor();
      const serviceId = Number((await page.locator(add).first().getAttribute('data-tap'))?.split(':')[1]);
      await tapWhenDrawn(page, add, after);
      // the live page shows it in the cart, the header counts it
      await expect(page.getByRole('link', { name: /^У кошику: Феритин/ })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('link', { name: 'Кошик, послуг: 1' })).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const cartId = await page.evaluate(() => JSON.parse(localStorage.getItem('cartId') ?? 'null'));
      const cart = await (
        await page.request.get(`${site.url}/api/public/cart/carts/${cartId}`, { params: { settlementId: 1 } })
      ).json();
      expect(cart.items.map((item: { serviceId: number }) => item.serviceId)).toEqual([serviceId]);
      // one call made the cart with the analysis in it: the tap was not made twice
      expect(cartPosts).toEqual([`${site.url}/api/public/cart/carts?settlementId=1`]);
      await context.close();
    });
  }

  for (const after of MOMENTS) {
    test(`the header's search tapped ${after} ms after it is drawn opens the search, once`, async ({ browser }) => {
      const { context, page } = await phone(browser);
      await page.goto(`${site.url}/analysis/${SLUG}`, { waitUntil: 'commit' });
      await tapWhenDrawn(page, 'header button[aria-label="Пошук аналізів"]', after);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('combobox', { name: 'Назва або код аналізу' })).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      // still open: a second (replayed) tap would have closed it or opened a second one
      await expect(page.getByRole('dialog')).toHaveCount(1);
      await context.close();
    });
  }

  for (const after of [0, 1600]) {
    test(`the header's cart tapped ${after} ms after it is drawn opens the cart`, async ({ browser }) => {
      const { context, page } = await phone(browser);
      await page.goto(`${site.url}/analysis/${SLUG}`, { waitUntil: 'commit' });
      await tapWhenDrawn(page, 'header a[href="/cart"]', after);
      await expect(page).toHaveURL(`${site.url}/cart`, { timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Кошик' })).toBeVisible({ timeout: 30_000 });
      await context.close();
    });
  }
});
