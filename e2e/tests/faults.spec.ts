import { expect, type Page, test } from '@playwright/test';
import { type AppName, Site } from '../support/site';

const site = new Site({ basePort: 3250 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

const REMOTES: AppName[] = ['mf_catalog', 'mf_cart_checkout', 'mf_account', 'mf_auth'];

/** Refuses everything from one remote's origin (manifest, entry and chunks), as if it were down. */
async function refuse(page: Page, remote: AppName) {
  await page.route(`${site.origin(remote)}/**`, (route) => route.abort('connectionrefused'));
}

for (const remote of REMOTES) {
  test(`with ${remote} down at first load the site stays usable and the slot's retry works once it is back`, async ({
    page,
  }) => {
    await refuse(page, remote);
    await page.goto(site.url);
    // the frame, the shell's own content and the other remotes keep working
    await expect(page.getByRole('heading', { level: 1 })).toContainText('78');
    await expect(page.getByRole('contentinfo')).toContainText('0 800 102021');
    if (remote === 'mf_auth') {
      // the sign-in modals load when first asked for: until then nothing of mf-auth is missed
      await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
      await page.getByRole('button', { name: 'Увійти до особистого кабінету' }).click();
    }
    const fallbacks = page.locator(`[data-remote-fallback="${remote}"]`);
    await expect(fallbacks.first()).toBeVisible();
    for (const other of REMOTES.filter((name) => name !== remote)) {
      await expect(page.locator(`[data-remote-fallback="${other}"]`)).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'Новини та акції' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Новини та акції' })).toBeVisible();

    // back up: the retry loads it without a page reload
    await page.unroute(`${site.origin(remote)}/**`);
    const before = await fallbacks.count();
    await fallbacks.first().getByRole('button', { name: 'Спробувати ще раз' }).click();
    await expect(fallbacks).toHaveCount(before - 1);
    if (remote === 'mf_auth') {
      // the click made while it was down is not lost: the modal opens once it loads
      await expect(page.getByRole('dialog', { name: 'Вхід до особистого кабінету' })).toBeVisible();
    }
  });
}

test('a remote that goes down after the first page still leaves navigation working', async ({ page }) => {
  await page.goto(site.url);
  await expect(page.getByRole('heading', { name: 'Популярні аналізи' })).toBeVisible();
  // the catalogue's page chunk was not loaded yet: refuse it now and navigate to it
  await refuse(page, 'mf_catalog');
  await page.getByRole('link', { name: 'Обрати аналізи' }).click();
  const fallback = page.getByRole('main').locator('[data-remote-fallback="mf_catalog"]');
  await expect(fallback).toContainText('Цей розділ тимчасово недоступний');
  await page.getByRole('link', { name: 'Відділення', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Контакти та відділення' })).toBeVisible();
  await page.goBack();
  // the slot fails again while the remote is still down; only then does it come back (else the page
  // may load it before there is a failure to retry)
  await expect(fallback).toContainText('Цей розділ тимчасово недоступний');
  await page.unroute(`${site.origin('mf_catalog')}/**`);
  await page.getByRole('main').getByRole('button', { name: 'Спробувати ще раз' }).click();
  await expect(page.getByRole('main').locator('[data-remote-fallback]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
