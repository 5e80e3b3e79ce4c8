import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { catalogueSearchButton } from '../support/page';
import { APPS, repoRoot, Site } from '../support/site';

const site = new Site({ basePort: 3100 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

test('the shell renders with all four remotes loaded from their own origins, the sign-in one when asked for', async ({
  page,
}) => {
  const manifestOrigins = new Set<string>();
  const requestedOrigins = new Set<string>();
  const errors: string[] = [];
  page.on('request', (request) => requestedOrigins.add(new URL(request.url()).origin));
  page.on('response', (response) => {
    if (response.url().endsWith('/mf-manifest.json') && response.ok()) {
      manifestOrigins.add(new URL(response.url()).origin);
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(site.url);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('78');
  // one visible piece of each remote
  await expect(catalogueSearchButton(page)).toBeVisible(); // mf-catalog
  await expect(page.getByRole('link', { name: /^Кошик/ })).toBeVisible(); // mf-cart-checkout
  const signIn = page.getByRole('button', { name: 'Увійти до особистого кабінету' }); // mf-account
  await expect(signIn).toBeVisible();
  await page.waitForLoadState('networkidle');
  // mf-auth's sign-in modals load on the first request for them, not with every page
  expect(requestedOrigins.has(site.origin('mf_auth'))).toBe(false);
  await signIn.click(); // the bus keeps auth:open for mf-auth, which loads and takes it
  await expect(page.getByRole('dialog', { name: 'Вхід до особистого кабінету' })).toBeVisible();
  await expect(page.getByLabel('Номер телефону')).toBeFocused();

  const remoteOrigins = APPS.filter((app) => app.name !== 'shell').map((app) => site.origin(app.name));
  expect([...manifestOrigins].sort()).toEqual(remoteOrigins.sort());
  expect(errors).toEqual([]);
});

test('no remote URL nor page prefix is compiled into the shell: it reads them from remotes.json', async ({
  request,
}) => {
  const shellFiles = await readFile(join(repoRoot, 'shell', 'dist', 'main.js'), 'utf8');
  expect(shellFiles).not.toMatch(/localhost:300[1-4]/);
  // the deployment's manifests (the shell's server was started with --remotes), the build's prefixes, and
  // the deployment the map answers for (nothing promoted: 0)
  const map = await (await request.get(`${site.url}/remotes.json`)).json();
  expect(map).toEqual({
    mf_catalog: {
      manifest: `${site.origin('mf_catalog')}/mf-manifest.json`,
      routes: ['analyzes', 'analysis', 'search'],
      deployment: 0,
    },
    mf_cart_checkout: {
      manifest: `${site.origin('mf_cart_checkout')}/mf-manifest.json`,
      routes: ['cart', 'checkout'],
      deployment: 0,
    },
    mf_account: {
      manifest: `${site.origin('mf_account')}/mf-manifest.json`,
      routes: ['account', 'shared'],
      deployment: 0,
    },
    mf_auth: { manifest: `${site.origin('mf_auth')}/mf-manifest.json`, routes: [], deployment: 0 },
  });
});

test('one React, one router and one bus: a remote route renders inside the shell and navigates back', async ({
  page,
}) => {
  await page.goto(`${site.url}/account`);
  await expect(page.getByRole('heading', { name: 'Особистий кабінет', level: 1 })).toBeVisible();
  // the remote's button emits on the shell's bus and the auth remote answers
  await page.getByRole('main').getByRole('button', { name: 'Увійти' }).click();
  await expect(page.getByRole('dialog', { name: 'Вхід до особистого кабінету' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('link', { name: 'Медична лабораторія — на головну' }).click();
  await expect(page).toHaveURL(`${site.url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('78');
});

test('the sign-in phone field validates in place before anything is sent', async ({ page }) => {
  await page.goto(site.url);
  await page.getByRole('button', { name: 'Увійти до особистого кабінету' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вхід до особистого кабінету' });
  await dialog.getByRole('button', { name: 'Отримати код' }).click();
  await expect(dialog.getByText('Заповніть це поле')).toBeVisible();
  await dialog.getByLabel('Номер телефону').pressSequentially('67123');
  await expect(dialog.getByLabel('Номер телефону')).toHaveValue('+38 (067) 123');
  await expect(dialog.getByText('Заповніть це поле')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Отримати код' }).click();
  await expect(dialog.getByText('Невірний формат номера телефону')).toBeVisible();
});

test('ru lives under /ru with prefixed internal links and html lang ru', async ({ page }) => {
  await page.goto(`${site.url}/ru/account`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { name: 'Личный кабинет', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Медицинская лаборатория — на главную' })).toHaveAttribute('href', '/ru');
  // the language switch: the active locale is not a link, the other one points to the same page
  await expect(page.getByRole('link', { name: 'Українська' })).toHaveAttribute('href', '/account');
  await page.getByRole('link', { name: 'Українська' }).click();
  await expect(page).toHaveURL(`${site.url}/account`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(page.getByRole('heading', { name: 'Особистий кабінет', level: 1 })).toBeVisible();
});

test('only a page in Russian downloads the Russian texts, and a switch shows every app in Russian at once', async ({
  page,
}) => {
  const textsRu: string[] = [];
  page.on('request', (request) => {
    if (/\/texts-ru\.[0-9a-f]+\.js$/.test(request.url())) textsRu.push(new URL(request.url()).origin);
  });
  await page.goto(`${site.url}/analysis/ferytyn`);
  await expect(page.getByRole('heading', { name: 'Підготовка' })).toBeVisible(); // mf-catalog's page
  await expect(page.getByRole('button', { name: 'Увійти до особистого кабінету' })).toBeVisible(); // mf-account
  await page.waitForLoadState('networkidle');
  expect(textsRu).toEqual([]);

  await page.getByRole('link', { name: 'Русский' }).first().click();
  await expect(page).toHaveURL(`${site.url}/ru/analysis/ferytyn`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { name: 'Подготовка' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Войти в личный кабинет' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^В корзину/ }).first()).toBeVisible();
  // the shell's and the three remotes' of this page, each from its own origin
  expect(new Set(textsRu).size).toBe(4);

  // a first visit in Russian: its first render is already in Russian, remotes included
  await page.goto(`${site.url}/ru/analysis/ferytyn`);
  await expect(page.getByRole('heading', { name: 'Подготовка' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Войти в личный кабинет' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Підготовка' })).toHaveCount(0);
});

test('an unknown path shows the not-found view inside the frame', async ({ page }) => {
  await page.goto(`${site.url}/no/such/page`);
  await expect(page.getByRole('heading', { name: 'Сторінку не знайдено' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('0 800 102021');
});
