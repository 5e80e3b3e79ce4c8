import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { pageJson, setCity } from '../support/page';
import { Site } from '../support/site';
import { smsCode } from '../support/sms';

/**
 * An order as a patient lives it, at 360 and 1280 px: what the site says about the order is what
 * happens to it. A promo code is said to apply only where it takes something off, never on top of a
 * sale price, and its news item shows the code's own days, scope and rule.
 * SHOTS_DIR=<folder> keeps a screenshot of each surface.
 */
const site = new Site({ basePort: 5400 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

const SHOTS = process.env.SHOTS_DIR;
const CBC_CODE = '1002';
const MEN_CHECKUP_CODE = 'K-201';
const CHECKUP_NEWS = '/news/checkup-dlia-cholovikiv-zi-znyzhkoiu-20';
const DEMO_PATIENT = '+380501234567';
/** A blood count ("3–4 hours after a light meal") and cholesterol ("strictly 12–14 hours"). */
const SLUGS = ['zahalnyi-analiz-krovi-z-leikotsytarnoiu-formuloiu', 'kholesteryn-zahalnyi'];

type Line = { serviceId: number; price: number; initialPrice: number; originalPrice: number };
type Totals = {
  original: number;
  otherDiscounts: number;
  onlineDiscount: number;
  promoDiscount: number;
  totalPrice: number;
};
type Cart = { id: string; items: Line[]; additionalItems: Line[]; totals: { online: Totals } };

/** The site's price format: thousands spaced, trailing .00 dropped, "грн". */
const money = (value: number) =>
  `${(Number.isInteger(value) ? String(value) : value.toFixed(2)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} грн`;

async function api<T>(path: string, init?: { method: string; body: unknown }): Promise<T> {
  const response = await fetch(`${API_ORIGIN}/api/public${path}`, {
    method: init?.method ?? 'GET',
    headers: init ? { 'content-type': 'application/json' } : undefined,
    body: init ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

async function settlementId(title: string): Promise<number> {
  const body = await api<{ settlements: Array<{ id: number; title: string }> }>(
    '/user/branches/enabled/settlements?includePartners=true',
  );
  const found = body.settlements.find((city) => city.title === title);
  if (!found) throw new Error(`no city ${title}`);
  return found.id;
}

async function serviceId(settlement: number, code: string): Promise<number> {
  const body = await api<{ groups: Array<{ items: { content: Array<{ service: { id: number; code: string } }> } }> }>(
    '/search/search',
    {
      method: 'POST',
      body: { settlementId: settlement, query: code, types: ['services', 'service-packages'], size: 5 },
    },
  );
  const hit = body.groups.flatMap((group) => group.items.content).find((entry) => entry.service.code === code);
  if (!hit) throw new Error(`no service ${code}`);
  return hit.service.id;
}

const newCart = (settlement: number, ids: number[]) =>
  api<Cart>(`/cart/carts?settlementId=${settlement}`, { method: 'POST', body: { serviceIds: ids } });

async function useCart(page: Page, id: string) {
  await page.evaluate((cart) => window.localStorage.setItem('cartId', JSON.stringify(cart)), id);
}

async function shot(page: Page, name: string, part?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = `${SHOTS}/${name}-${width}.png`;
  await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
}

async function applyCode(page: Page, code: string) {
  const summary = page.getByRole('complementary', { name: 'Разом' });
  await summary.getByLabel('Промокод', { exact: true }).fill(code);
  await summary.getByRole('button', { name: 'Застосувати' }).click();
  return summary;
}

/** "понеділок, 23 листопада", as the plan writes a day. */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('uk', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
    .format(new Date(`${iso}T12:00:00Z`))
    .replace(/[\u02BC']/g, '\u2019');

/** The demo patient signed in, in a context of this width (the sign-in done at 1280). */
async function signedIn(browser: Browser, width: number) {
  const signing = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await signing.newPage();
  await page.goto(site.url);
  await page.evaluate(() => window.localStorage.setItem('cityShown', 'true'));
  await page.getByRole('button', { name: 'Увійти до особистого кабінету' }).click();
  const dialog = page.getByRole('dialog').first();
  for (let attempt = 0; ; attempt += 1) {
    const asked = new Date(Date.now() - 1000);
    await dialog.getByLabel('Номер телефону').fill('');
    await dialog.getByLabel('Номер телефону').pressSequentially(DEMO_PATIENT.slice(4));
    await dialog.getByRole('button', { name: 'Отримати код' }).click();
    const code = page.getByRole('dialog', { name: 'Підтвердження номера' });
    const sent = await code.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    );
    if (sent) {
      await code.getByLabel('Код з SMS').fill(await smsCode(DEMO_PATIENT, asked));
      await code.getByRole('button', { name: 'Підтвердити' }).click();
      break;
    }
    // signed in moments ago by the other width's journey: wait out the resend gate
    if (attempt > 0) throw new Error('the SMS code was refused twice');
    await page.waitForTimeout(4_000);
  }
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const state = await signing.storageState();
  await signing.close();
  return browser.newContext({ viewport: { width, height: width < 768 ? 780 : 900 }, storageState: state });
}

/** The signed-in patient's cart: a blood count and cholesterol, in Kyiv. */
async function fillCart(page: Page, kyiv: number) {
  const ids: number[] = [];
  for (const slug of SLUGS)
    ids.push((await api<{ id: number }>(`/service/services/infos/slug/${slug}?settlementId=${kyiv}`)).id);
  const { status } = await pageJson(page, `/api/private/cart/carts/add?settlementId=${kyiv}`, {
    method: 'POST',
    body: { serviceIds: ids },
  });
  expect(status).toBe(200);
}

/**
 * Checkout with a home visit on a weekday `ahead` days or more from now (the first free time),
 * paid to the nurse; answers the visit's day (YYYY-MM-DD) and time. The page ends on the confirmation.
 */
async function placeHomeVisit(page: Page, ahead: number) {
  await page.goto(`${site.url}/checkout`);
  await page.getByRole('radio', { name: /Виклик медсестри додому/ }).check();
  await page.getByLabel(/^Вулиця/).fill('вул. Січових Стрільців');
  await page.getByLabel(/^Будинок/).fill('12');
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + ahead);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  const iso = day.toISOString().slice(0, 10);
  const [yyyy, mm, dd] = iso.split('-');
  await page.getByLabel('Бажана дата візиту').pressSequentially(`${dd}${mm}${yyyy}`);
  const times = page.getByRole('group', { name: 'Орієнтовний час прибуття' });
  await times.getByRole('radio', { disabled: false }).first().check();
  const time = (await times.getByRole('radio', { checked: true }).getAttribute('value')) ?? '';
  await page.getByRole('radio', { name: /Медсестрі під час візиту/ }).check();
  await page.getByRole('checkbox', { name: /публічного договору/ }).check();
  await page.getByRole('checkbox', { name: /згоду на обробку персональних даних/ }).check();
  await page.getByRole('button', { name: /^Оформити/ }).click();
  await expect(page).toHaveURL(/\/checkout\/result\?orderId=[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  return { iso, time, orderId };
}

/** The order's card in "Мої замовлення", found by its number. */
async function orderCard(page: Page, orderId: string) {
  const { body } = await pageJson<{ number: string }>(page, `/api/private/order/orders/${orderId}`);
  await page.goto(`${site.url}/account/orders`);
  return page
    .getByTestId('order-card')
    .filter({ hasText: `№\u00a0${body.number}` })
    .first();
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 780 : 900 } });

    test('CHECKUP20 is said to apply only where it takes something off, never on top of a sale; its news item shows the code’s terms', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const kyiv = await settlementId('Київ');
      await page.goto(`${site.url}/`);
      await setCity(page, kyiv);

      // a blood count alone: outside the code's scope, the cart charges what it charges without the code
      const plain = await newCart(kyiv, [await serviceId(kyiv, CBC_CODE)]);
      await useCart(page, plain.id);
      await page.goto(`${site.url}/cart`);
      let summary = await applyCode(page, 'CHECKUP20');
      await expect(summary.getByRole('status')).toHaveText('Промокод CHECKUP20 не знижує вартість цього кошика');
      await expect(summary).not.toContainText('застосовано');
      await expect(summary).not.toContainText('Діє знижка за промокодом');
      await expect(summary).toContainText(
        'Промокод не діє на жодну послугу в кошику, тому ціни вказано зі знижкою 5 % за онлайн-оплату.',
      );
      await expect(summary).toContainText('Промокод CHECKUP20: знижка 20 % на «Check-up для чоловіків».');
      await expect(summary).toContainText(`До сплати${money(plain.totals.online.totalPrice)}`);
      await shot(page, 'promo-cbc');

      // the men's basic Check-up on sale: 20 % off its list price or the sale, the larger saving, never both
      const checkup = await newCart(kyiv, [await serviceId(kyiv, MEN_CHECKUP_CODE)]);
      const line = checkup.items[0] as Line;
      expect(line.initialPrice).toBeLessThan(line.originalPrice);
      const promoPrice = Math.round(line.originalPrice * 80) / 100;
      expect(promoPrice).toBeLessThan(line.initialPrice);
      const extras = checkup.additionalItems.reduce((sum, extra) => sum + extra.price * 100, 0) / 100;
      await useCart(page, checkup.id);
      await page.goto(`${site.url}/cart`);
      summary = await applyCode(page, 'CHECKUP20');
      await expect(summary.getByRole('status')).toHaveText('Промокод CHECKUP20 застосовано: знижка 20 %');
      await expect(summary).toContainText(
        `Знижка за промокодом CHECKUP20, 20 %−${money(Math.round((line.originalPrice - promoPrice) * 100) / 100)}`,
      );
      await expect(summary).not.toContainText('Акційні знижки');
      await expect(summary).toContainText(`До сплати${money(Math.round((promoPrice + extras) * 100) / 100)}`);
      await expect(summary).toContainText('Знижка не сумується з іншими акціями');
      await shot(page, 'promo-checkup');

      // the news item: the code's own days, value, scope and rule, in Ukrainian and Russian
      await page.goto(`${site.url}${CHECKUP_NEWS}`);
      const article = page.getByRole('article', { name: 'Check-up для чоловіків зі знижкою за промокодом' });
      await expect(article).toContainText('Промокод CHECKUP20: знижка 20 % на «Check-up для чоловіків».');
      await expect(article).toContainText('Діє до 31.12.2030 включно.');
      await expect(article).toContainText('Знижка не сумується з іншими акціями');
      await expect(article).not.toContainText('До 30 листопада');
      await shot(page, 'promo-news');
      await page.goto(`${site.url}/ru${CHECKUP_NEWS}`);
      const ru = page.getByRole('article', { name: 'Check-up для мужчин со скидкой по промокоду' });
      await expect(ru).toContainText('Действует до 31.12.2030 включительно.');
      await expect(ru).not.toContainText('До 30 ноября');
    });

    test('a home visit paid on the spot: paid to the nurse, the order waits for her, not at a branch', async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const context = await signedIn(browser, width);
      const page = await context.newPage();
      const kyiv = await settlementId('Київ');
      await page.goto(`${site.url}/`);
      await setCity(page, kyiv);
      await fillCart(page, kyiv);
      const { orderId } = await placeHomeVisit(page, width === 360 ? 6 : 7);
      await expect(page.getByText('Оплатіть його медсестрі під час візиту.')).toBeVisible();
      const { body: order } = await pageJson<{ state: string; paymentType: string }>(
        page,
        `/api/private/order/orders/${orderId}`,
      );
      expect(order).toMatchObject({ state: 'waiting-for-nurse', paymentType: 'cash' });

      const card = await orderCard(page, orderId);
      await expect(card).toContainText('Виїзд медсестри додому');
      await expect(card).toContainText('ОплатаМедсестрі під час візиту');
      await expect(card).toContainText('Очікуємо медсестру');
      await expect(card).not.toContainText('у відділенні');
      await shot(page, 'home-visit-card', card);
      await context.close();
    });

    test('one results date: the confirmation and the order card say the same day, without a time', async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const context = await signedIn(browser, width);
      const page = await context.newPage();
      const kyiv = await settlementId('Київ');
      await page.goto(`${site.url}/`);
      await setCity(page, kyiv);
      await fillCart(page, kyiv);
      const { orderId } = await placeHomeVisit(page, width === 360 ? 8 : 9);
      const { body: plan } = await pageJson<{ results: { expectedDate: string } }>(
        page,
        `/api/private/order/orders/${orderId}/plan`,
      );
      const day = longDate(plan.results.expectedDate);
      await expect(page.getByTestId('plan-results')).toHaveText(new RegExp(`^Орієнтовно ${day}:`));

      const card = await orderCard(page, orderId);
      const expected = card.locator('dt:text-is("Орієнтовна готовність результатів") + dd');
      await expect(card).toContainText(`Орієнтовна готовність результатів${day}`);
      await expect(expected).toHaveText(day);
      await expect(expected).not.toHaveText(/\d\d:\d\d/);
      await shot(page, 'results-date-card', card);
      await context.close();
    });

    test('/home-visit says a visit for today is booked at least an hour ahead, in Ukrainian as in Russian', async ({
      page,
    }) => {
      await page.goto(`${site.url}/home-visit`);
      const main = page.getByRole('main');
      await expect(main).toContainText('на сьогодні — не пізніше ніж за 60 хвилин до приїзду');
      await expect(main).not.toContainText('не раніше ніж за 60 хвилин');
      await shot(page, 'home-visit-page', main.getByText(/на сьогодні — не пізніше/));
      await page.goto(`${site.url}/ru/home-visit`);
      await expect(page.getByRole('main')).toContainText('на сегодня — не позже чем за 60 минут до приезда');
    });

    test('the memo is the order’s: a home visit’s urine test asks for no delivery to the branch', async ({
      browser,
    }) => {
      test.setTimeout(150_000);
      const context = await signedIn(browser, width);
      const page = await context.newPage();
      const kyiv = await settlementId('Київ');
      await page.goto(`${site.url}/`);
      await setCity(page, kyiv);
      const urine = await serviceId(kyiv, '9001');
      const { status } = await pageJson(page, `/api/private/cart/carts/add?settlementId=${kyiv}`, {
        method: 'POST',
        body: { serviceIds: [urine] },
      });
      expect(status).toBe(200);
      await placeHomeVisit(page, width === 360 ? 10 : 11);
      const notes = page.getByTestId('visit-plan').getByTestId('plan-notes');
      await expect(notes).toContainText('Зібрати першу ранкову порцію сечі');
      await expect(notes).not.toContainText('Доставити до відділення');
      await shot(page, 'memo-home-visit', notes);
      await context.close();
    });
  });
}
