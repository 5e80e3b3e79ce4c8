import { expect, test } from '@playwright/test';
import { Site } from '../support/site';

const site = new Site({ basePort: 3200 });

test.beforeAll(async () => {
  await site.startAll();
  await site.stop('mf_cart_checkout');
});
test.afterAll(() => site.stopAll());

test('a remote that is down degrades only its own slot, and its retry works once it is back', async ({ page }) => {
  await page.goto(site.url);
  // the cart's header slot: a localized fallback with a retry
  const headerFallback = page.locator('header [data-remote-fallback="mf_cart_checkout"]');
  await expect(headerFallback).toContainText('Недоступно');
  await expect(headerFallback.getByRole('button', { name: 'Спробувати ще раз' })).toBeVisible();
  // the rest of the page and the other remotes keep working
  await expect(page.getByRole('heading', { level: 1 })).toContainText('78');
  await expect(page.getByRole('button', { name: 'Пошук аналізів' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Увійти до особистого кабінету' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('0 800 102021');

  // navigation still works: the cart route shows the fallback in the main area, then back home
  await page.goto(`${site.url}/cart`);
  const pageFallback = page.getByRole('main').locator('[data-remote-fallback="mf_cart_checkout"]');
  await expect(pageFallback).toContainText('Цей розділ тимчасово недоступний');
  await page.getByRole('link', { name: 'Медична лабораторія — на головну' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('78');
  await page.goto(`${site.url}/account`);
  await expect(page.getByRole('heading', { name: 'Особистий кабінет' })).toBeVisible();

  // the remote comes back: retry loads it without reloading the page
  await page.goto(`${site.url}/cart`);
  await expect(pageFallback).toBeVisible();
  await site.start('mf_cart_checkout');
  await pageFallback.getByRole('button', { name: 'Спробувати ще раз' }).click();
  await expect(page.getByRole('heading', { name: 'Кошик', level: 1 })).toBeVisible();
});
