import { expect, type Page, test } from '@playwright/test';
import { settlementId } from '../support/api';
import { cartDropdownLink, setCity } from '../support/page';
import { Site } from '../support/site';

/**
 * The header's cart before mf-cart-checkout has drawn it (docs/product.md#panels-and-dialogs, "Cart preview"):
 * the shell's stand-in opens the dropdown in its loading state, skeleton rows, and the cart's own dropdown
 * takes it over, open, when its code arrives.
 */
const site = new Site({ basePort: 5520 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

/** A request held until released: a slow line, with no timing in the test. */
function gate() {
  let release: () => void = () => {};
  const open = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { open, release };
}

/** mf-cart-checkout's files held until `release()`: the header shows the shell's stand-in meanwhile. */
async function holdCartCode(page: Page) {
  const code = gate();
  const cartOrigin = new URL(site.origin('mf_cart_checkout')).origin;
  await page.route(
    (url) => url.origin === cartOrigin,
    async (route) => {
      await code.open;
      await route.continue();
    },
  );
  return code;
}

test('a pointer on the header’s cart while its code arrives opens the loading dropdown, which the cart takes over', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const code = await holdCartCode(page);
  await page.goto(site.url);
  await page.getByRole('banner').locator('[data-cart-standin]').hover();
  const preview = page.getByRole('region', { name: 'Вміст кошика' });
  await expect(preview.getByTestId('preview-skeleton')).toHaveCount(3);
  await expect(page.getByRole('banner').locator('[data-cart-standin]')).toHaveAttribute('aria-expanded', 'true');
  // the cart's code arrives with the pointer still there: its own dropdown is open, with the (empty) cart
  code.release();
  await expect(cartDropdownLink(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(preview.getByRole('link', { name: 'Знайти аналіз' })).toBeVisible();
  await expect(preview.getByTestId('preview-skeleton')).toHaveCount(0);
});

test('the header’s cart counts before its code arrives: a first tap, then the stored cart of a returning visitor', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const code = await holdCartCode(page);
  await page.goto(site.url);
  await setCity(page, await settlementId());
  await page.goto(`${site.url}/analysis/ferytyn`);
  const standIn = page.getByRole('banner').locator('[data-cart-standin]');
  await page.getByRole('button', { name: 'До кошика: Феритин' }).click();
  await expect(standIn).toHaveAccessibleName('Кошик, послуг: 1');
  // the server has answered (the cart is stored): the count stays while the cart's code is still away
  await expect(page.getByRole('link', { name: 'У кошику: Феритин' })).toBeVisible();
  await expect(standIn).toHaveAccessibleName('Кошик, послуг: 1');
  await expect(standIn.getByText('1', { exact: true })).toBeVisible();
  // the next visit: the stored cart is read and counted before the cart's code arrives
  await page.reload();
  await expect(standIn).toHaveAccessibleName('Кошик, послуг: 1');
  code.release();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Кошик, послуг: 1' })).not.toHaveAttribute(
    'data-cart-standin',
  );
});
