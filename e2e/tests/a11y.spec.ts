import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { API_ORIGIN, settlementId } from '../support/api';
import { axeViolations, WCAG_AA } from '../support/axe';
import { cartDropdownLink, pageJson, setCity } from '../support/page';
import { Site } from '../support/site';
import { freshPhone, smsCode, wrongCode } from '../support/sms';

/**
 * The accessibility sweep (issue 10): axe-core (WCAG 2.0/2.1 A and AA) on every route of
 * docs/product.md#routes and on the open overlays, at a phone's and a desktop's width, bare and a sample under /ru,
 * for a guest, a patient and a doctor. No serious or critical violation is allowed; the moderate and
 * minor ones are counted and printed. One page per role, each route loaded once and scanned at both
 * widths.
 */
const site = new Site({ basePort: 3550 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());
test.describe.configure({ mode: 'serial' });

const SIZES = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1440, height: 900 },
} as const;
type Width = keyof typeof SIZES;
const BOTH: Width[] = ['desktop', 'phone'];

/** The seeded demo accounts (README). */
const DEMO_PATIENT = '+380501234567';
const DEMO_DOCTOR = '+380671234567';
const KYIV = 'Київ';

/** What each scan left below serious, printed after the run. */
const tally: Array<{ target: string; moderate: number; minor: number; ids: string }> = [];

test.afterAll(() => {
  const lines = tally.map(
    ({ target, moderate, minor, ids }) =>
      `${target.padEnd(58)} moderate ${String(moderate).padStart(2)}  minor ${String(minor).padStart(2)}${ids ? `  (${ids})` : ''}`,
  );
  console.log(`axe-core sweep: ${tally.length} scans\n${lines.join('\n')}`);
});

/**
 * Runs axe on the page as it is now and records the result under `target`; a serious or critical
 * violation fails the test at its end (soft), so one run lists every one of them.
 */
async function scan(page: Page, target: string): Promise<void> {
  const violations = await axeViolations(page, { tags: WCAG_AA });
  const count = (impact: string) => violations.filter((violation) => violation.impact === impact);
  const below = [...count('moderate'), ...count('minor')];
  tally.push({
    target,
    moderate: count('moderate').reduce((sum, violation) => sum + violation.nodes.length, 0),
    minor: count('minor').reduce((sum, violation) => sum + violation.nodes.length, 0),
    ids: [...new Set(below.map((violation) => violation.id))].join(', '),
  });
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
  expect.soft(serious, target).toEqual([]);
}

/** A skeleton bar (packages/ui Skeleton: empty spans inside an aria-hidden span). */
const SKELETON = 'span[aria-hidden="true"] > span:empty';

/** Waits for real content: the page's heading, the route's own marker, no busy region, no skeleton. */
async function settle(page: Page, ready?: Locator): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  if (ready) await expect(ready.first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator(SKELETON)).toHaveCount(0);
}

/** Scans what is on screen at each width (a resize re-renders the responsive parts first). */
async function scanAt(page: Page, target: string, widths: Width[], ready?: () => Locator): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize(SIZES[width]);
    await settle(page, ready?.());
    await scan(page, `${target} @${width}`);
  }
}

type Route = { path: string; ready?: (page: Page) => Locator };

/** Loads each route once and scans it at both widths. */
async function sweep(page: Page, routes: Route[]): Promise<void> {
  for (const route of routes) {
    await page.goto(`${site.url}${route.path}`);
    await scanAt(page, route.path, BOTH, route.ready && (() => route.ready?.(page) as Locator));
  }
}

async function firstSlug(path: string): Promise<string> {
  const body = (await (await fetch(`${API_ORIGIN}${path}`)).json()) as { content: Array<{ slug: string }> };
  const slug = body.content[0]?.slug;
  if (!slug) throw new Error(`nothing listed at ${path}`);
  return slug;
}

/** A package's slug: the catalogue's packages tree through the search API. */
async function packageSlug(settlementId: number): Promise<string> {
  const response = await fetch(`${API_ORIGIN}/api/public/search/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settlementId, query: 'check-up', types: ['service-packages'], page: 0 }),
  });
  const body = (await response.json()) as {
    groups: Array<{ items: { content: Array<{ service?: { slug: string } }> } }>;
  };
  const slug = body.groups[0]?.items.content[0]?.service?.slug;
  if (!slug) throw new Error('no package found');
  return slug;
}

/** Two priced analyses of the city, added to the signed-in user's cart. */
async function fillCart(page: Page, settlementId: number): Promise<void> {
  const list = await fetch(`${API_ORIGIN}/api/public/service/services/infos/settlements?page=0&size=2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settlementId, showOnSite: true }),
  });
  const { content } = (await list.json()) as { content: Array<{ id: number }> };
  const { status } = await pageJson(page, `/api/private/cart/carts/add?settlementId=${settlementId}`, {
    method: 'POST',
    body: { serviceIds: content.map((service) => service.id) },
  });
  expect(status).toBe(200);
}

const signInButton = (page: Page) => page.getByRole('button', { name: 'Увійти до особистого кабінету' }).first();

/**
 * Phone, then the code from the dev SMS outbox. Another journey of the run may have signed the same
 * demo phone in moments ago: then the server's resend gate (3 s on the journeys' server) is waited out.
 */
async function enterPhoneAndCode(page: Page, phone: string, scanStages?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Вхід до особистого кабінету' });
  await expect(dialog.getByLabel('Номер телефону')).toBeFocused();
  if (scanStages) {
    await scanAt(page, `${scanStages}: sign-in, phone stage`, BOTH);
    await dialog.getByRole('button', { name: 'Отримати код' }).click();
    await expect(dialog.getByText('Заповніть це поле')).toBeVisible();
    await scan(page, 'sign-in, phone stage with an error @phone');
  }
  for (let attempt = 0; ; attempt += 1) {
    const asked = new Date(Date.now() - 1000);
    await dialog.getByLabel('Номер телефону').fill('');
    await dialog.getByLabel('Номер телефону').pressSequentially(phone.slice(4));
    await dialog.getByRole('button', { name: 'Отримати код' }).click();
    const codeStage = page.getByRole('dialog', { name: 'Підтвердження номера' });
    if (
      await codeStage
        .waitFor({ timeout: 5000 })
        .then(() => true)
        .catch(() => false)
    ) {
      const code = await smsCode(phone, asked);
      if (scanStages) {
        await scanAt(page, `${scanStages}: sign-in, code stage`, BOTH);
        await codeStage.getByLabel('Код з SMS').fill(wrongCode(code));
        await codeStage.getByRole('button', { name: 'Підтвердити' }).click();
        await expect(codeStage.getByText('Введено невірний код')).toBeVisible();
        await scan(page, 'sign-in, code stage with a wrong code @phone');
      }
      await codeStage.getByLabel('Код з SMS').fill(code);
      await codeStage.getByRole('button', { name: 'Підтвердити' }).click();
      return;
    }
    if (attempt > 0) throw new Error('the SMS code was refused twice');
    await page.waitForTimeout(4_000);
  }
}

/** Opens the sign-in modal from the header and signs in; the modal is gone afterwards. */
async function signIn(page: Page, phone: string): Promise<void> {
  await page.goto(site.url);
  await signInButton(page).click();
  await enterPhoneAndCode(page, phone);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Мій кабінет' })).toBeVisible();
}

/** Opens the date field's calendar, scans it, closes it with Escape. */
async function scanCalendar(page: Page, scope: Locator, target: string): Promise<void> {
  await scope.getByRole('button', { name: 'Вибрати дату в календарі' }).first().click();
  // the innermost dialog holding a month switcher (the calendar may sit inside another dialog)
  const calendar = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Попередній місяць' }) });
  await expect(calendar.last()).toBeVisible();
  await scanAt(page, target, BOTH);
  await page.keyboard.press('Escape');
  await expect(calendar).toHaveCount(0);
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test.describe('a guest', () => {
  let context: BrowserContext;
  let page: Page;
  let kyiv: number;

  test.beforeAll(async ({ browser }) => {
    // reduced motion: a modal is scanned in its final colours, not half faded in
    context = await browser.newContext({ viewport: SIZES.desktop, reducedMotion: 'reduce' });
    page = await context.newPage();
    kyiv = await settlementId(KYIV);
  });
  test.afterAll(() => context.close());

  test('every public route, bare and a sample under /ru', async () => {
    test.setTimeout(240_000);
    const news = await firstSlug('/api/public/content/news?page=0&size=1');
    const document = await firstSlug('/api/public/content/documents?page=0&size=1');
    const pack = await packageSlug(kyiv);

    // the first visit: the city banner asks
    await page.goto(site.url);
    const banner = page.getByRole('region', { name: 'Підтвердження міста' });
    await scanAt(page, '/ (first visit, city banner)', BOTH, () => banner);
    await setCity(page, kyiv);

    const popular = (p: Page) => p.getByRole('heading', { name: 'Популярні аналізи' });
    await sweep(page, [
      { path: '/', ready: popular },
      { path: '/analyzes', ready: (p) => p.getByRole('link', { name: 'Гематологія' }) },
      {
        path: '/analyzes/hematology',
        ready: (p) => p.getByRole('list', { name: 'Гематологія' }).getByRole('listitem'),
      },
      { path: '/analysis/ferytyn', ready: (p) => p.getByRole('button', { name: /^До кошика/ }) },
      { path: `/analysis/${pack}`, ready: (p) => p.getByRole('button', { name: /^До кошика/ }) },
      {
        path: `/search?query=${encodeURIComponent('кров')}`,
        ready: (p) => p.locator('section#services').getByRole('listitem'),
      },
      { path: '/cart', ready: (p) => p.getByText('У кошику поки немає аналізів') },
      { path: '/contacts', ready: (p) => p.getByRole('heading', { level: 2, name: /Відділення:/ }) },
      { path: '/news', ready: (p) => p.getByRole('article') },
      { path: `/news/${news}` },
      { path: '/documents', ready: (p) => p.getByRole('main').getByRole('link') },
      { path: `/documents/${document}` },
      { path: '/about' },
      { path: '/getapp' },
      { path: '/home-visit' },
      { path: '/404', ready: (p) => h1(p, 'Сторінку не знайдено') },
      { path: '/no/such/page', ready: (p) => h1(p, 'Сторінку не знайдено') },
      { path: '/analysis/no-such-analysis' },
      { path: '/account', ready: (p) => p.getByRole('main').getByRole('button', { name: 'Увійти' }) },
      // the Russian side: the same screens, other texts (lengths, plurals)
      { path: '/ru', ready: (p) => p.getByRole('heading', { name: 'Популярные анализы' }) },
      { path: '/ru/analyzes', ready: (p) => p.getByRole('link', { name: 'Гематология' }) },
      { path: '/ru/analysis/ferytyn', ready: (p) => p.getByRole('button', { name: /^В корзину/ }) },
      {
        path: `/ru/search?query=${encodeURIComponent('кровь')}`,
        ready: (p) => p.locator('section#services').getByRole('listitem'),
      },
      { path: '/ru/cart' },
      { path: '/ru/contacts', ready: (p) => p.getByRole('heading', { level: 2, name: /Отделения:/ }) },
      { path: `/ru/news/${news}` },
      { path: '/ru/account' },
      { path: '/ru/no/such/page' },
    ]);
  });

  test('the header overlays, the cart and the sign-in stages', async () => {
    test.setTimeout(240_000);
    await page.setViewportSize(SIZES.desktop);
    await page.goto(site.url);
    await settle(page, page.getByRole('heading', { name: 'Популярні аналізи' }));

    // the city picker, with the search's empty message too
    await page.getByRole('button', { name: /Ваше місто/ }).click();
    const picker = page.getByRole('dialog', { name: 'Оберіть місто' });
    await expect(picker.getByLabel('Пошук міста')).toBeFocused();
    await scanAt(page, 'city picker', BOTH);
    await picker.getByLabel('Пошук міста').fill('Париж');
    await expect(picker.getByRole('status')).toContainText('Місто не знайдено');
    await scan(page, 'city picker, nothing found @phone');
    await page.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);

    // the search modal: empty (history), live results, nothing found
    await page.setViewportSize(SIZES.desktop);
    await page.getByRole('button', { name: 'Пошук аналізів' }).click();
    const input = page.getByRole('combobox', { name: 'Назва або код аналізу' });
    await expect(input).toBeFocused();
    await scanAt(page, 'search modal, empty', BOTH);
    await input.fill('феритин');
    const searchDialog = page.getByRole('dialog', { name: 'Пошук' });
    await expect(searchDialog.getByRole('option').first()).toContainText('Феритин');
    await scanAt(page, 'search modal, results', BOTH, () => searchDialog.getByRole('option'));
    await searchDialog.getByRole('option').first().click();
    await expect(h1(page, 'Феритин')).toBeVisible();
    await page.getByRole('button', { name: 'Пошук аналізів' }).click();
    await expect(searchDialog.getByRole('region', { name: 'Ви шукали' })).toContainText('Феритин');
    await scanAt(page, 'search modal, history', BOTH);
    await input.fill('жжжжжжжж');
    await expect(searchDialog.getByText('За запитом «жжжжжжжж» нічого не знайдено')).toBeVisible();
    await scan(page, 'search modal, nothing found @phone');
    await page.keyboard.press('Escape');
    await expect(searchDialog).toHaveCount(0);

    // the burger menu at a phone's width, an accordion open
    await page.setViewportSize(SIZES.phone);
    await page.getByRole('button', { name: 'Відкрити меню' }).click();
    const sidebar = page.getByRole('dialog', { name: 'Головне меню' });
    await sidebar.getByRole('button', { name: 'Аналізи' }).click();
    await expect(sidebar.getByRole('link').first()).toBeVisible();
    await scan(page, 'burger menu, accordion open @phone');
    await page.keyboard.press('Escape');
    await expect(sidebar).toHaveCount(0);

    // the desktop menu's dropdown
    await page.setViewportSize(SIZES.desktop);
    const menu = page.getByRole('navigation', { name: 'Головне меню' });
    await menu.getByRole('button', { name: 'Аналізи' }).click();
    await expect(menu.getByRole('link').first()).toBeVisible();
    await scan(page, 'desktop menu dropdown @desktop');
    await page.keyboard.press('Escape');

    // the cart dropdown (desktop only): empty, then with items
    const cartLink = cartDropdownLink(page);
    const preview = page.getByRole('region', { name: 'Вміст кошика' });
    await cartLink.hover();
    await expect(preview.getByRole('link', { name: 'Знайти аналіз' })).toBeVisible();
    await scan(page, 'cart dropdown, empty @desktop');
    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: 'До кошика: Феритин' }).click();
    await expect(page.getByRole('link', { name: 'У кошику: Феритин' })).toBeVisible();
    await cartLink.hover();
    await expect(preview).toContainText('До сплати');
    await scan(page, 'cart dropdown, with items @desktop');
    await page.mouse.move(0, 0);

    // the service page with its item in the cart; the cart with items; the removal confirmation
    await scanAt(page, '/analysis/ferytyn (in the cart)', BOTH);
    await page.goto(`${site.url}/cart`);
    await scanAt(page, '/cart (with items)', BOTH, () => page.getByRole('link', { name: 'Феритин' }));
    await page.getByRole('button', { name: 'Видалити з кошика: Феритин' }).click();
    const confirm = page.getByRole('dialog', { name: 'Видалити з кошика?' });
    await expect(confirm.getByRole('button', { name: 'Скасувати' })).toBeFocused();
    await scanAt(page, 'cart, removal confirmation', BOTH);
    await confirm.getByRole('button', { name: 'Скасувати' }).click();

    // the checkout as a guest: the sign-in modal opens by itself; a new phone goes on to registration
    await page.setViewportSize(SIZES.desktop);
    await page.getByRole('link', { name: 'Оформити замовлення' }).click();
    await expect(page).toHaveURL(`${site.url}/checkout`);
    await enterPhoneAndCode(page, freshPhone().international, '/checkout (guest)');
    const registration = page.getByRole('dialog', { name: 'Реєстрація' });
    await expect(registration.getByLabel('Прізвище')).toBeFocused();
    await scanAt(page, 'sign-in, registration stage', BOTH);
    await registration.getByRole('button', { name: 'Зареєструватися' }).click();
    await expect(registration.getByText('Це поле є обов’язковим')).toBeVisible();
    await scanAt(page, 'sign-in, registration with errors', BOTH);
    await scanCalendar(page, registration, 'registration, birth-date calendar open');
    await registration.getByLabel('Прізвище').fill('Доступна');
    await registration.getByLabel('Ім’я').fill('Олена');
    await registration.getByLabel(/^По батькові/).fill('Петрівна');
    await registration.getByLabel('Дата народження').pressSequentially('15051990');
    await registration.getByRole('radio', { name: 'Жіноча' }).check();
    await registration.getByLabel('Я погоджуюся на обробку моїх персональних даних').check();
    await registration.getByRole('button', { name: 'Зареєструватися' }).click();
    const success = page.getByRole('dialog', { name: 'Реєстрацію завершено' });
    await expect(success).toBeVisible();
    await scanAt(page, 'sign-in, registration success', BOTH);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('the demo patient', () => {
  let context: BrowserContext;
  let page: Page;
  let kyiv: number;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ viewport: SIZES.desktop, reducedMotion: 'reduce' });
    page = await context.newPage();
    kyiv = await settlementId(KYIV);
  });
  test.afterAll(() => context.close());

  test('the checkout signed in, the payment result, the profile menu', async () => {
    test.setTimeout(180_000);
    await page.goto(site.url);
    await setCity(page, kyiv);
    await signIn(page, DEMO_PATIENT);

    // the profile dropdown
    await page.getByRole('button', { name: 'Мій кабінет' }).click();
    await expect(page.getByRole('menu', { name: 'Мій кабінет' })).toBeVisible();
    await scanAt(page, 'profile menu (patient)', BOTH);
    await page.keyboard.press('Escape');

    await fillCart(page, kyiv);
    await page.goto(`${site.url}/checkout`);
    const ready = () => page.getByRole('heading', { name: 'Для кого замовлення' });
    await scanAt(page, '/checkout (signed in)', BOTH, ready);

    // a home visit: the address form, the date picker open, the form's errors
    await page.setViewportSize(SIZES.desktop);
    await page.getByRole('radio', { name: /Виклик медсестри додому/ }).check();
    await expect(page.getByLabel(/^Вулиця/)).toBeVisible();
    await scanAt(page, '/checkout, home visit', BOTH);
    await scanCalendar(page, page.getByRole('main'), '/checkout, visit-date calendar open');
    await page.getByRole('button', { name: /^Оформити/ }).click();
    await expect(page.getByText(/Перевірте форму: є поля з помилками/)).toBeVisible();
    await scanAt(page, '/checkout, with errors', BOTH);

    // at a branch, paying there: the result page
    await page.setViewportSize(SIZES.desktop);
    await page
      .getByRole('radio', { name: /^У відділенні/ })
      .first()
      .check();
    await page.getByRole('combobox', { name: 'Відділення' }).click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await scan(page, '/checkout, branch list open @desktop');
    await page.getByRole('option').first().click();
    await page.getByRole('radio', { name: /У відділенні.*Готівкою/ }).check();
    await page.getByRole('checkbox', { name: /публічного договору/ }).check();
    await page.getByRole('checkbox', { name: /згоду на обробку персональних даних/ }).check();
    await page.getByRole('button', { name: /^Оформити/ }).click();
    await expect(page).toHaveURL(/\/checkout\/result\?orderId=[0-9a-f-]{36}$/);
    await scanAt(page, '/checkout/result (pay at the branch)', BOTH, () =>
      page.getByText('Оплатіть його у відділенні під час візиту.'),
    );
    await page.goto(`${page.url().replace(`${site.url}/`, `${site.url}/ru/`)}`);
    await scanAt(page, '/ru/checkout/result', BOTH);

    // an online payment declined by the sandbox provider: the failure state with its actions
    await fillCart(page, kyiv);
    await page.goto(`${site.url}/checkout`);
    await page.getByRole('combobox', { name: 'Відділення' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('radio', { name: /Онлайн карткою/ }).check();
    await page.getByRole('checkbox', { name: /публічного договору/ }).check();
    await page.getByRole('checkbox', { name: /згоду на обробку персональних даних/ }).check();
    await page.getByRole('button', { name: /^Оформити/ }).click();
    await expect(page).toHaveURL(/\/api\/sandbox\/pay\//);
    await page.getByRole('button', { name: 'Відхилити' }).click();
    await expect(page).toHaveURL(/\/checkout\/result\?orderId=.+&payment=failure$/);
    await scanAt(page, '/checkout/result (payment failed)', BOTH, () =>
      page.getByRole('button', { name: 'Оплатити у відділенні' }),
    );
  });

  test('every account page of a patient', async () => {
    test.setTimeout(180_000);
    await page.setViewportSize(SIZES.desktop);
    await sweep(page, [
      { path: '/account', ready: (p) => p.getByText(/Вітаємо,/) },
      { path: '/account/personal-information', ready: (p) => p.getByRole('heading', { name: 'Члени родини' }) },
      { path: '/account/orders', ready: (p) => p.getByTestId('order-card') },
      { path: '/account/patients', ready: (p) => p.getByText('Цей розділ доступний лікарям.') },
      { path: '/account/no-such-page', ready: (p) => h1(p, 'Сторінку не знайдено') },
      { path: '/ru/account/orders', ready: (p) => p.getByTestId('order-card') },
    ]);

    // a new ward's form, with its date picker open
    await page.goto(`${site.url}/account/personal-information`);
    await page.getByRole('button', { name: 'Додати члена родини' }).click();
    const form = page.getByRole('form', { name: 'Новий член родини' }).or(page.getByRole('dialog'));
    await expect(form.first()).toBeVisible();
    await scanAt(page, 'personal information, new ward form', BOTH);
    await scanCalendar(page, page.getByRole('main'), 'new ward, birth-date calendar open');

    // one order's results, then one indicator's dynamics: chart and table
    await page.goto(`${site.url}/account/orders`);
    const withResults = page
      .getByTestId('order-card')
      .filter({ hasText: 'Загальний аналіз крові' })
      .getByRole('link', { name: /^Результати/ })
      .first();
    await withResults.click();
    await expect(page).toHaveURL(/\/account\/results\/\d+$/);
    const table = () => page.getByTestId('results-table').getByRole('row', { name: /Гемоглобін/ });
    await scanAt(page, '/account/results/{id}', BOTH, table);
    await page.setViewportSize(SIZES.desktop);
    await page.getByRole('button', { name: 'Динаміка: Гемоглобін' }).click();
    const dialog = page.getByRole('dialog', { name: 'Динаміка: Гемоглобін' });
    await expect(dialog.getByRole('img', { name: /Графік динаміки/ })).toBeVisible();
    await scanAt(page, 'dynamics dialog, chart', BOTH);
    await dialog.getByRole('button', { name: 'Таблиця' }).click();
    await expect(dialog.getByRole('table')).toBeVisible();
    await scanAt(page, 'dynamics dialog, table', BOTH);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('the demo doctor', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ viewport: SIZES.desktop, reducedMotion: 'reduce' });
    page = await context.newPage();
  });
  test.afterAll(() => context.close());

  test('every account page of a doctor, the workplace menu, a custom period', async () => {
    test.setTimeout(180_000);
    await page.goto(site.url);
    await page.evaluate(() => window.localStorage.setItem('cityShown', 'true'));
    await signIn(page, DEMO_DOCTOR);
    await expect(page).toHaveURL(`${site.url}/account/patients`);

    await page.getByRole('button', { name: 'Мій кабінет' }).click();
    await expect(page.getByRole('menu', { name: 'Мій кабінет' }).getByRole('menuitemradio').first()).toBeVisible();
    await scanAt(page, 'profile menu (doctor, workplaces)', BOTH);
    await page.keyboard.press('Escape');

    await sweep(page, [
      { path: '/account/patients', ready: (p) => p.getByTestId('order-card') },
      { path: '/account', ready: (p) => p.getByText(/Вітаємо,/) },
      { path: '/account/personal-information' },
      { path: '/cart' },
      { path: '/checkout' },
      { path: '/ru/account/patients', ready: (p) => p.getByTestId('order-card') },
    ]);

    // the custom period with its range picker open
    await page.goto(`${site.url}/account/patients`);
    await settle(page, page.getByTestId('order-card'));
    await page.getByRole('radio', { name: 'Свій період' }).check();
    await scanAt(page, '/account/patients, custom period', BOTH);
    await scanCalendar(page, page.getByRole('main'), '/account/patients, range calendar open');

    // a patient's results, one result and its dynamics
    await page.setViewportSize(SIZES.desktop);
    await page
      .getByRole('region', { name: 'Пацієнти' })
      .getByRole('link', { name: /Ткаченко Сергій/ })
      .click();
    await expect(page).toHaveURL(/\/account\/patients\/\d+\/results$/);
    await scanAt(page, '/account/patients/{id}/results', BOTH, () => page.getByRole('link', { name: /^Результати/ }));
    await page.setViewportSize(SIZES.desktop);
    await page
      .getByRole('link', { name: /^Результати/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/account\/patients\/\d+\/results\/\d+$/);
    await scanAt(page, '/account/patients/{id}/results/{resultId}', BOTH, () =>
      page.getByTestId('results-table').getByRole('row').nth(1),
    );
    await page.setViewportSize(SIZES.desktop);
    await page
      .getByRole('button', { name: /^Динаміка:/ })
      .first()
      .click();
    await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
    await scanAt(page, 'dynamics dialog (doctor)', BOTH);
    await page.keyboard.press('Escape');
  });
});
