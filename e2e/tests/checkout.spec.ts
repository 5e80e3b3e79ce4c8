import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { recordedFrames, recordFrames } from '../support/frames';
import { seriousViolations, signInThroughDialog } from '../support/journey';
import { pageJson, setCity } from '../support/page';
import { Site } from '../support/site';

/**
 * mf-cart-checkout against the real API server: the cart, sign-in at the checkout, orders for a ward
 * with a home visit and at a branch, the sandbox payment (paid, declined then paid), one order for a
 * double click, the cart re-priced by a city change, and axe-core on the cart and the checkout.
 */
const site = new Site({ basePort: 3800 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());
test.use({ viewport: { width: 1280, height: 900 } });

/** The seeded demo patient: two wards (packages/server/README.md). */
const DEMO_PATIENT = '+380501234567';
const KYIV = 'Київ';
const LVIV = 'Львів';

type Settlement = { id: number; title: string };
type CartBody = { items: Array<{ serviceId: number; price: number }>; totalPrice: number };
type OrderBody = {
  id: string;
  number: string;
  state: string;
  paymentType: string;
  patient: { id: number; firstName: string };
  homeVisit: { street: string; arrivalTime: string } | null;
  branch: { id: number } | null;
  homeVisitCost: number;
  totalPrice: number;
};

async function settlements(): Promise<Settlement[]> {
  const response = await fetch(
    `${API_ORIGIN}/api/public/user/branches/enabled/settlements?sort=top-branches-count&includePartners=true`,
  );
  return ((await response.json()) as { settlements: Settlement[] }).settlements;
}

async function cityId(title: string): Promise<number> {
  const city = (await settlements()).find((candidate) => candidate.title === title);
  if (!city) throw new Error(`no city ${title}`);
  return city.id;
}

/** Two analyses with a price in Kyiv (the first brings the blood draw along). */
async function twoServices(settlementId: number): Promise<Array<{ id: number; slug: string; title: string }>> {
  const response = await fetch(`${API_ORIGIN}/api/public/service/services/infos/settlements?page=0&size=2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settlementId, showOnSite: true }),
  });
  return ((await response.json()) as { content: Array<{ id: number; slug: string; title: string }> }).content;
}

/** The sign-in modals (mf-auth), opened by the checkout: phone, then the code from the dev SMS outbox. */
async function signInAtCheckout(page: Page, phone: string) {
  const dialog = page.getByRole('dialog', { name: 'Вхід до особистого кабінету' });
  await expect(dialog.getByLabel('Номер телефону')).toBeFocused();
  // the checkout tells why the sign-in is needed
  await expect(dialog).toContainText('Щоб оформити замовлення');
  await signInThroughDialog(page, phone);
}

/** A weekday (the nurse's days) 3..9 days ahead, as typed into the date field (DDMMYYYY) and as ISO. */
function visitDay(): { typed: string; iso: string } {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 3);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  const dd = String(day.getUTCDate()).padStart(2, '0');
  const mm = String(day.getUTCMonth() + 1).padStart(2, '0');
  const yyyy = String(day.getUTCFullYear());
  return { typed: `${dd}${mm}${yyyy}`, iso: `${yyyy}-${mm}-${dd}` };
}

async function acceptConsents(page: Page) {
  await page.getByRole('checkbox', { name: /публічного договору/ }).check();
  await page.getByRole('checkbox', { name: /згоду на обробку персональних даних/ }).check();
}

async function chooseFirstBranch(page: Page) {
  await page.getByRole('combobox', { name: 'Відділення' }).click();
  await page.getByRole('option').first().click();
}

const placeButton = (page: Page): Locator => page.getByRole('button', { name: /^Оформити/ });

async function orderOf(page: Page, url: string): Promise<OrderBody> {
  const orderId = new URL(url).searchParams.get('orderId');
  const { status, body } = await pageJson<OrderBody>(page, `/api/private/order/orders/${orderId}`);
  expect(status).toBe(200);
  return body;
}

async function fillCart(page: Page, settlementId: number) {
  const services = await twoServices(settlementId);
  const { status } = await pageJson(page, `/api/private/cart/carts/add?settlementId=${settlementId}`, {
    method: 'POST',
    body: { serviceIds: services.map((service) => service.id) },
  });
  expect(status).toBe(200);
}

test.describe('a patient orders and pays', () => {
  test.describe.configure({ mode: 'serial' });
  /** One browser session for the journeys: the demo patient signs in once. */
  let context: BrowserContext;
  let kyiv: number;

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    kyiv = await cityId(KYIV);
  });
  test.afterAll(() => context.close());

  test('a guest fills the cart, signs in at checkout, orders for a ward with a home visit and pays online', async () => {
    test.setTimeout(150_000);
    const page = await context.newPage();
    // landing from an ad: the UTM parameters are kept for the order
    await page.goto(`${site.url}/?utm_source=google&utm_medium=cpc&utm_campaign=checkout-e2e`);
    await setCity(page, kyiv);
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('utmParams')))
      .toBe(JSON.stringify({ source: 'google', medium: 'cpc', campaign: 'checkout-e2e' }));

    const [first, second] = await twoServices(kyiv);
    if (!first || !second) throw new Error('the catalogue has no two services');
    for (const service of [first, second]) {
      await page.goto(`${site.url}/analysis/${service.slug}`);
      await page.getByRole('button', { name: `До кошика: ${service.title}`, exact: true }).click();
      await expect(page.getByRole('link', { name: `У кошику: ${service.title}` })).toBeVisible();
    }

    // the header's dropdown on a desktop: the lines, the total, the way to the cart
    const cartLink = page.getByRole('link', { name: /^Кошик, послуг: [2-9]/ });
    await cartLink.hover();
    const preview = page.getByRole('region', { name: 'Вміст кошика' });
    await expect(preview.getByText(first.title)).toBeVisible();
    await expect(preview).toContainText('Знижка за онлайн-оплату, 5 %');
    await expect(preview).toContainText('До сплати');
    expect(await seriousViolations(page)).toEqual([]);
    await preview.getByRole('link', { name: 'Перейти до кошика' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Кошик' })).toBeVisible();
    await expect(page.getByRole('link', { name: first.title })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Разом' })).toContainText('Знижка за онлайн-оплату, 5 %');
    expect(await seriousViolations(page)).toEqual([]);

    // to the checkout: a guest is asked to sign in and stays on the checkout afterwards
    await page.getByRole('link', { name: 'Оформити замовлення' }).click();
    await expect(page).toHaveURL(`${site.url}/checkout`);
    await signInAtCheckout(page, DEMO_PATIENT);
    await expect(page).toHaveURL(`${site.url}/checkout`);
    await expect(page.getByRole('heading', { name: 'Для кого замовлення' })).toBeVisible();
    // the guest cart merged into the patient's
    const summary = page.getByRole('complementary', { name: 'Ваше замовлення' });
    await expect(summary).toContainText(first.title);
    expect(await seriousViolations(page)).toEqual([]);

    // for a ward, at home
    const ward = page.getByRole('radio', { name: /Коваленко Максим/ });
    await ward.check();
    await page.getByRole('radio', { name: /Виклик медсестри додому/ }).check();
    await expect(summary).toContainText('Виїзд медсестри');

    // the form's own rules first: required fields, invalid characters, the consents
    await placeButton(page).click();
    await expect(page.getByLabel(/^Вулиця/)).toBeFocused();
    await expect(page.getByText(/Перевірте форму: є поля з помилками/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(/^Вулиця/).fill('вул. Хрещатик <script>');
    await page.getByLabel(/^Будинок/).fill('22');
    await placeButton(page).click();
    await expect(page.getByLabel(/^Вулиця/)).toHaveAccessibleDescription('Поле містить недопустимі символи');
    await page.getByLabel(/^Вулиця/).fill('вул. Хрещатик');
    await expect(page.getByText('Поле містить недопустимі символи')).toHaveCount(0);
    await page.getByLabel(/^Квартира/).fill('5');

    const day = visitDay();
    await page.getByLabel('Бажана дата візиту').pressSequentially(day.typed);
    const times = page.getByRole('group', { name: 'Орієнтовний час прибуття' });
    await times.getByRole('radio', { disabled: false }).first().check();
    const arrivalTime = await times.getByRole('radio', { checked: true }).getAttribute('value');
    await page.getByRole('radio', { name: /Онлайн карткою/ }).check();
    await acceptConsents(page);

    const created = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/private/order/orders'),
    );
    await placeButton(page).click();
    const body = (await created).postDataJSON() as {
      orderId: string;
      patientId: number;
      utmParameters: unknown;
      homeVisit: unknown;
    };
    expect(body.orderId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.utmParameters).toEqual({ source: 'google', medium: 'cpc', campaign: 'checkout-e2e' });
    expect(body.homeVisit).toMatchObject({
      street: 'вул. Хрещатик',
      house: '22',
      apartment: '5',
      arrivalDate: day.iso,
    });

    // the sandbox provider's hosted page, then back to the result
    await expect(page).toHaveURL(/\/api\/sandbox\/pay\//);
    await page.getByRole('button', { name: 'Оплатити' }).click();
    await expect(page).toHaveURL(/\/checkout\/result\?orderId=.+&payment=success$/);
    await expect(page.getByText(/Замовлення № \S+ оплачено/)).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('utmParams'))).toBeNull();

    const order = await orderOf(page, page.url());
    expect(order).toMatchObject({
      id: body.orderId,
      state: 'paid',
      paymentType: 'online',
      patient: { firstName: 'Максим' },
    });
    expect(order.homeVisit).toMatchObject({ street: 'вул. Хрещатик', arrivalTime });
    expect(order.homeVisitCost).toBeGreaterThan(0);
    // the order took the cart's lines
    await expect(page.getByRole('link', { name: 'Кошик', exact: true })).toBeVisible();
    await page.close();
  });

  test('another order at a branch, paying at the branch', async () => {
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await setCity(page, kyiv);
    await fillCart(page, kyiv);
    await page.goto(`${site.url}/checkout`);
    await expect(page.getByRole('radio', { name: /Для мене/ })).toBeChecked();
    await chooseFirstBranch(page);
    await page.getByRole('radio', { name: /У відділенні.*Готівкою/ }).check();
    // no online discount when paying at the branch
    await expect(page.getByRole('complementary', { name: 'Ваше замовлення' })).not.toContainText(
      'Знижка за онлайн-оплату',
    );
    await acceptConsents(page);
    // every frame from the click to the payment result: the checkout is left as it was (its cart is
    // the order's now), never drawn again saying the cart is empty while the result's code is on its way
    await recordFrames(page);
    await placeButton(page).click();
    await expect(page).toHaveURL(/\/checkout\/result\?orderId=[0-9a-f-]{36}$/);
    await expect(page.getByText('Оплатіть його у відділенні під час візиту.')).toBeVisible();
    const frames = await recordedFrames(page);
    expect(frames.length).toBeGreaterThan(1);
    expect(frames.filter((frame) => frame.text.includes('Кошик порожній'))).toEqual([]);
    // (the router writes the new address before React has drawn the arrived page, which can take a few
    // frames of a concurrent render: the checkout may still be on screen under it, as it was)
    expect(frames.at(-1)?.text).toContain('Оплатіть його у відділенні під час візиту.');
    const order = await orderOf(page, page.url());
    expect(order).toMatchObject({ state: 'waiting-at-branch', paymentType: 'cash', homeVisit: null });
    expect(order.branch).not.toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    // the server's first view of it draws the page's heading, and nothing of the order or its patient
    const firstView = await (await page.request.get(page.url())).text();
    expect(firstView).toMatch(/<div data-page-preview="heading"><h1[^>]*>Замовлення<\/h1>/);
    expect(firstView).not.toContain(order.number);
    expect(firstView).not.toContain(order.patient.firstName);
    const orderPath = `/api/private/order/orders/${new URL(page.url()).searchParams.get('orderId')}`;
    // ... but it asks for the page's code with the start-up's, and starts the order's request itself
    // for its signed-in owner (the address is the page's own); a guest's page starts nothing
    expect(firstView).toMatch(
      /<link rel="preload" as="script" href="http:\/\/[^"]+\/page-payment-result\.[0-9a-f]+\.js">/,
    );
    expect(firstView).toContain(`__LAB_EARLY__`);
    expect(firstView).toContain(JSON.stringify([orderPath]));
    const guestView = await (await fetch(page.url())).text();
    expect(guestView).toMatch(/page-payment-result\.[0-9a-f]+\.js/);
    expect(guestView).not.toContain('__LAB_EARLY__');
    // opened again (the patient's bookmark): the order is asked for before the page's code has arrived,
    // and once: the router's loader and the page's hook take that answer
    const orderCalls: string[] = [];
    page.on('request', (request) => {
      // the order's own read (its plan, /plan, is a call of its own)
      if (new URL(request.url()).pathname === orderPath) orderCalls.push(request.url());
    });
    const pageChunkArrived = page.waitForResponse((response) =>
      /page-payment-result\.[0-9a-f]+\.js$/.test(response.url()),
    );
    const orderAsked = page.waitForRequest((request) => request.url().includes(orderPath));
    await page.reload();
    // the order's request left before the page's code had arrived
    expect(await Promise.race([orderAsked.then(() => 'order'), pageChunkArrived.then(() => 'page code')])).toBe(
      'order',
    );
    await expect(page.getByText('Оплатіть його у відділенні під час візиту.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(orderCalls).toHaveLength(1);
    await page.close();
  });

  test('a declined payment shows «Помилка при оплаті»; the repeated payment goes through', async () => {
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await setCity(page, kyiv);
    await fillCart(page, kyiv);
    await page.goto(`${site.url}/checkout`);
    await chooseFirstBranch(page);
    await page.getByRole('radio', { name: /Онлайн карткою/ }).check();
    await acceptConsents(page);
    await placeButton(page).click();
    await expect(page).toHaveURL(/\/api\/sandbox\/pay\//);
    await page.getByRole('button', { name: 'Відхилити' }).click();

    await expect(page).toHaveURL(/\/checkout\/result\?orderId=.+&payment=failure$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Помилка при оплаті' })).toBeVisible();
    expect((await orderOf(page, page.url())).state).toBe('payment-failed');
    await expect(page.getByRole('button', { name: 'Оплатити у відділенні' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Повторити оплату' }).click();
    await expect(page).toHaveURL(/\/api\/sandbox\/pay\//);
    await page.getByRole('button', { name: 'Оплатити' }).click();
    await expect(page).toHaveURL(/\/checkout\/result\?orderId=.+&payment=success$/);
    await expect(page.getByText(/Замовлення № \S+ оплачено/)).toBeVisible();
    expect((await orderOf(page, page.url())).state).toBe('paid');
    await page.close();
  });

  test('a double-clicked «Place order» makes one order', async () => {
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await setCity(page, kyiv);
    await fillCart(page, kyiv);
    const ordersNow = async () =>
      (
        await pageJson<{ totalElements: number }>(
          page,
          '/api/private/admin-app/registries/self?page=0&size=1&on-site=true&customer-type=patient',
        )
      ).body.totalElements;
    const before = await ordersNow();

    await page.goto(`${site.url}/checkout`);
    await chooseFirstBranch(page);
    await page.getByRole('radio', { name: /У відділенні.*Готівкою/ }).check();
    await acceptConsents(page);
    // a slow network: the create call takes a second, the second click comes while it runs
    const creates: string[] = [];
    await page.route('**/api/private/order/orders', async (route) => {
      creates.push(route.request().postData() ?? '');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await placeButton(page).dblclick();
    await expect(placeButton(page)).toHaveAttribute('aria-disabled', 'true');
    await placeButton(page).click({ force: true });
    await expect(page).toHaveURL(/\/checkout\/result\?orderId=[0-9a-f-]{36}$/);
    expect(creates).toHaveLength(1);
    expect(await ordersNow()).toBe(before + 1);

    // even a repeated call with the same order id answers the same order (the server is idempotent)
    const repeat = await pageJson<OrderBody>(page, '/api/private/order/orders', {
      method: 'POST',
      body: JSON.parse(creates[0] ?? '{}') as unknown,
    });
    expect(repeat.body.id).toBe(new URL(page.url()).searchParams.get('orderId'));
    expect(await ordersNow()).toBe(before + 1);
    await page.close();
  });
});

test('a city change re-prices the cart', async ({ page }) => {
  const kyiv = await cityId(KYIV);
  const lviv = await cityId(LVIV);
  await page.goto(`${site.url}/`);
  await setCity(page, kyiv);
  const [service] = await twoServices(kyiv);
  if (!service) throw new Error('no service');
  await page.goto(`${site.url}/analysis/${service.slug}`);
  await page.getByRole('button', { name: `До кошика: ${service.title}`, exact: true }).click();
  await expect(page.getByRole('link', { name: `У кошику: ${service.title}` })).toBeVisible();
  const cartId = JSON.parse((await page.evaluate(() => window.localStorage.getItem('cartId'))) ?? 'null') as string;
  const priced = async (settlementId: number) =>
    (await (
      await fetch(`${API_ORIGIN}/api/public/cart/carts/${cartId}?settlementId=${settlementId}`)
    ).json()) as CartBody;
  const inKyiv = await priced(kyiv);
  const inLviv = await priced(lviv);
  expect(inLviv.totalPrice).not.toBe(inKyiv.totalPrice);
  const format = (value: number) =>
    `${String(Math.floor(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}${value % 1 ? `.${(value % 1).toFixed(2).slice(2)}` : ''} грн`;

  await page.goto(`${site.url}/cart`);
  const summary = page.getByRole('complementary', { name: 'Разом' });
  await expect(summary).toContainText(format(inKyiv.totalPrice));

  const repriced = page.waitForRequest((request) =>
    request.url().includes(`/api/public/cart/carts/${cartId}?settlementId=${lviv}`),
  );
  await page.getByRole('button', { name: `Ваше місто: ${KYIV}` }).click();
  const cities = page.getByRole('dialog', { name: 'Оберіть місто' });
  await cities.getByLabel('Пошук міста').fill(LVIV);
  await cities.getByRole('button', { name: LVIV }).click();
  await repriced;
  await expect(summary).toContainText(format(inLviv.totalPrice));
  await expect(page.getByRole('button', { name: `Ваше місто: ${LVIV}` })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the cart and the checkout fit the screen; the icon goes straight to the cart', async ({ page }) => {
    const kyiv = await cityId(KYIV);
    await page.goto(`${site.url}/`);
    await setCity(page, kyiv);
    const [service] = await twoServices(kyiv);
    if (!service) throw new Error('no service');
    await page.goto(`${site.url}/analysis/${service.slug}`);
    await page.getByRole('button', { name: `До кошика: ${service.title}`, exact: true }).click();
    await expect(page.getByRole('link', { name: `У кошику: ${service.title}` })).toBeVisible();
    // no dropdown below 1024 px: the icon is the link to the cart
    await page.getByRole('link', { name: /^Кошик, послуг:/ }).click();
    await expect(page).toHaveURL(`${site.url}/cart`);
    await expect(page.getByRole('region', { name: 'Вміст кошика' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: service.title })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);

    // delete with confirmation; the empty state follows
    await page.getByRole('button', { name: `Видалити з кошика: ${service.title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Видалити з кошика?' });
    await expect(confirm.getByRole('button', { name: 'Скасувати' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Видалити' }).click();
    await expect(page.getByText('У кошику поки немає аналізів')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Знайти аналіз' })).toHaveAttribute('href', '/analyzes');
  });
});
