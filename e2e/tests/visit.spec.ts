import { mkdirSync } from 'node:fs';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { API_ORIGIN, settlementId } from '../support/api';
import { signIn } from '../support/journey';
import { pageJson, setCity } from '../support/page';
import { Site } from '../support/site';

/**
 * A visit a patient can plan, against the real API server, at 1280 and 360 px: checkout's branch list
 * gives each branch its status, today's hours and services, nearest first where the browser already
 * has a position; after placing the order (paying at the branch, and online through the sandbox with a
 * home visit) the confirmation says where (address, hours), when, how to prepare (the strictest fast
 * first) and when results come; its crumbs lead to the orders, never to an emptied checkout; the
 * account's order card has the same plan; the home visit's reminder SMS goes out once, the evening
 * before (the outbox's worker run with its clock set to then), saying when the fast begins and linking
 * to the order.
 */
const site = new Site({ basePort: 3850 });
const SHOTS = process.env.VISIT_SHOTS_DIR;

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

const DEMO_PATIENT = '+380501234567';
/** vul. Drahomanova in Kyiv's left bank: a position the city detection would have had. */
const POSITION = { latitude: 50.4122, longitude: 30.6386 };
/** A blood count ("3–4 hours after a light meal") and cholesterol ("strictly 12–14 hours"). */
const SLUGS = ['zahalnyi-analiz-krovi-z-leikotsytarnoiu-formuloiu', 'kholesteryn-zahalnyi'];

type Branch = { id: number; title: string; address: string; lat: number; lon: number };
type Plan = {
  branch: { address: string } | null;
  visit: { date: string; time: string } | null;
  preparation: { fastingHours: number | null; notes: Array<{ text: string }> };
  results: { workingDays: number; expectedDate: string };
};

async function shot(page: Page | Locator, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, ...('goto' in page ? { fullPage: true } : {}) });
}

const distance = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  Math.hypot(a.lat - b.lat, (a.lon - b.lon) * Math.cos((a.lat * Math.PI) / 180));

/** "понеділок, 23 листопада", as the plan writes a day. */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('uk', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
    .format(new Date(`${iso}T12:00:00Z`))
    .replace(/[\u02BC']/g, '\u2019');

async function fillCart(page: Page, kyiv: number) {
  const ids: number[] = [];
  for (const slug of SLUGS) {
    const response = await fetch(`${API_ORIGIN}/api/public/service/services/infos/slug/${slug}?settlementId=${kyiv}`);
    ids.push(((await response.json()) as { id: number }).id);
  }
  const { status } = await pageJson(page, `/api/private/cart/carts/add?settlementId=${kyiv}`, {
    method: 'POST',
    body: { serviceIds: ids },
  });
  expect(status).toBe(200);
}

async function acceptConsents(page: Page) {
  await page.getByRole('checkbox', { name: /публічного договору/ }).check();
  await page.getByRole('checkbox', { name: /згоду на обробку персональних даних/ }).check();
}

const placeButton = (page: Page) => page.getByRole('button', { name: /^Оформити/ });

async function planOf(page: Page): Promise<Plan> {
  const orderId = new URL(page.url()).searchParams.get('orderId');
  const { status, body } = await pageJson<Plan>(page, `/api/private/order/orders/${orderId}/plan`);
  expect(status).toBe(200);
  return body;
}

/** What the confirmation says of preparation and results, checked against the order's plan. */
async function expectPreparationAndResults(page: Page, plan: Plan) {
  const visitPlan = page.getByTestId('visit-plan');
  // the cholesterol's 12 hours come first, the blood count's weaker plain rule is left out
  expect(plan.preparation.fastingHours).toBe(12);
  await expect(visitPlan.getByTestId('plan-fasting')).toHaveText(/^Не їжте щонайменше 12 годин перед взяттям/);
  const notes = visitPlan.getByTestId('plan-notes').getByRole('listitem');
  await expect(notes.first()).toContainText('12–14 годин');
  await expect(visitPlan.getByTestId('plan-notes')).not.toContainText('3–4 години');
  await expect(visitPlan.getByTestId('plan-results')).toHaveText(
    new RegExp(`^Орієнтовно ${longDate(plan.results.expectedDate)}: до ${plan.results.workingDays} робоч`),
  );
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
]) {
  test.describe(`a visit a patient can plan, ${viewport.width} px`, () => {
    test.describe.configure({ mode: 'serial' });
    let context: BrowserContext;
    let kyiv: number;

    test.beforeAll(async ({ browser }) => {
      kyiv = await settlementId();
      // the site may already know where the visitor is (the city detection asked): granted, not asked again
      const signing = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await signing.newPage();
      await signIn(page, site.url, DEMO_PATIENT);
      const state = await signing.storageState();
      await signing.close();
      context = await browser.newContext({
        viewport,
        storageState: state,
        geolocation: POSITION,
        permissions: ['geolocation'],
      });
    });
    test.afterAll(() => context.close());

    test('the branch list, paying at the branch, the confirmation’s plan and crumbs, the order card', async () => {
      test.setTimeout(120_000);
      const page = await context.newPage();
      await page.goto(`${site.url}/`);
      await setCity(page, kyiv);
      await fillCart(page, kyiv);
      await page.goto(`${site.url}/checkout`);
      await expect(page.getByRole('radio', { name: /Для мене/ })).toBeChecked();

      // each branch with its status now, today's hours, distance and services; the nearest first
      const branches = (await (
        await fetch(`${API_ORIGIN}/api/public/user/branches/settlements/${kyiv}/enabled?includePartners=true`)
      ).json()) as Branch[];
      const here = { lat: POSITION.latitude, lon: POSITION.longitude };
      const nearest = [...branches].sort((a, b) => distance(here, a) - distance(here, b))[0];
      if (!nearest) throw new Error('no branch in Kyiv');
      await expect(page.getByText('Спершу найближчі до вас відділення.')).toBeVisible();
      await page.getByRole('combobox', { name: 'Відділення' }).click();
      const first = page.getByRole('option').first();
      await expect(first).toHaveAccessibleName(new RegExp(`^${nearest.title.replace(/[.()]/g, '\\$&')}`));
      await expect(first).toHaveAccessibleDescription(
        /^(Відчинено|Зачинено|Скоро зачиняється) · сьогодні (\d\d:\d\d–\d\d:\d\d|вихідний) · \d+(,\d)? км від вас/,
      );
      expect(await page.getByRole('option').count()).toBe(branches.length);
      await shot(page, `picker-open-${viewport.width}`);
      await first.click();
      const chosen = page.getByTestId('chosen-branch');
      await expect(chosen).toContainText(nearest.address);
      await expect(chosen.getByRole('definition').first()).toHaveText(/\d\d:\d\d–\d\d:\d\d|вихідний/);
      await shot(page, `picker-chosen-${viewport.width}`);

      await page.getByRole('radio', { name: /У відділенні.*Готівкою/ }).check();
      await acceptConsents(page);
      await placeButton(page).click();
      await expect(page).toHaveURL(/\/checkout\/result\?orderId=[0-9a-f-]{36}$/);
      await expect(page.getByText('Оплатіть його у відділенні під час візиту.')).toBeVisible();

      // where: the branch's address, status and hours; how; when the results come
      const plan = await planOf(page);
      const where = page.getByRole('region', { name: 'Куди прийти' });
      await expect(where.getByTestId('plan-address')).toHaveText(nearest.address);
      await expect(where).toContainText(/Відчинено|Зачинено|Скоро зачиняється/);
      await expect(where.getByRole('term').first()).toHaveText(/^(Пн|Вт|Ср|Чт|Пт|Сб|Нд)/);
      await expectPreparationAndResults(page, plan);

      // the crumbs: Головна → Особистий кабінет → Мої замовлення → Замовлення №…, never the emptied checkout
      const number = (await page.getByText(/^Замовлення № \S+ оформлено$/).textContent())?.match(/№ (\S+)/)?.[1];
      const crumbs = page.getByRole('navigation', { name: 'Навігаційний ланцюжок' });
      await expect(crumbs.getByRole('listitem')).toHaveText([
        'Головна',
        'Особистий кабінет',
        'Мої замовлення',
        `Замовлення № ${number}`,
      ]);
      await expect(crumbs.getByRole('link', { name: 'Оформлення замовлення' })).toHaveCount(0);
      // the branch is named with its city: a patient's orders may span cities
      const inKyiv = new RegExp(`Київ, ${nearest.address.replace(/[.()]/g, '\\$&')}`);
      await expect(page.getByRole('main').getByText(inKyiv).first()).toBeVisible();
      await shot(page, `confirmation-branch-${viewport.width}`);
      await crumbs.getByRole('link', { name: 'Мої замовлення' }).click();
      await expect(page).toHaveURL(`${site.url}/account/orders`);
      await expect(page.getByRole('heading', { level: 1, name: 'Мої замовлення' })).toBeVisible();
      await expect(page.getByText('Кошик порожній')).toHaveCount(0);

      // the order's card in the account carries the same plan
      const card = page
        .getByTestId('order-card')
        .filter({ hasText: `№ ${number}` })
        .first();
      await expect(card).toContainText(inKyiv);
      await card.getByText('Візит і підготовка').click();
      await expect(card.getByTestId('plan-address')).toHaveText(nearest.address);
      await expect(card.getByTestId('plan-fasting')).toContainText('12 годин');
      await shot(card, `order-card-plan-${viewport.width}`);
      await page.close();
    });

    test('a home visit paid online: the confirmation says when; the reminder SMS the evening before', async () => {
      test.setTimeout(120_000);
      const page = await context.newPage();
      await page.goto(`${site.url}/`);
      await setCity(page, kyiv);
      await fillCart(page, kyiv);
      await page.goto(`${site.url}/checkout`);
      await page.getByRole('radio', { name: /Виклик медсестри додому/ }).check();
      await page.getByLabel(/^Вулиця/).fill('вул. Січових Стрільців');
      await page.getByLabel(/^Будинок/).fill('12');
      // a weekday 4..10 days ahead (the nurse's days), typed as DDMMYYYY
      const day = new Date();
      day.setUTCDate(day.getUTCDate() + (viewport.width === 360 ? 5 : 4));
      while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
      const iso = day.toISOString().slice(0, 10);
      const [yyyy, mm, dd] = iso.split('-');
      await page.getByLabel('Бажана дата візиту').pressSequentially(`${dd}${mm}${yyyy}`);
      const times = page.getByRole('group', { name: 'Орієнтовний час прибуття' });
      await times.getByRole('radio', { disabled: false }).first().check();
      const time = await times.getByRole('radio', { checked: true }).getAttribute('value');
      await page.getByRole('radio', { name: /Онлайн карткою/ }).check();
      await acceptConsents(page);
      await placeButton(page).click();
      await expect(page).toHaveURL(/\/api\/sandbox\/pay\//);
      await page.getByRole('button', { name: 'Оплатити' }).click();
      await expect(page).toHaveURL(/\/checkout\/result\?orderId=.+&payment=success$/);
      await expect(page.getByText(/Замовлення № \S+ оплачено/)).toBeVisible();

      const plan = await planOf(page);
      expect(plan.visit).toEqual({ date: iso, time });
      const when = longDate(iso);
      await expect(page.getByTestId('plan-visit')).toHaveText(
        `${when.charAt(0).toUpperCase()}${when.slice(1)}, орієнтовно о ${time}: медсестра приїде за вказаною адресою.`,
      );
      await expectPreparationAndResults(page, plan);
      await shot(page, `confirmation-home-${viewport.width}`);

      // the reminder: nothing the day before at noon, one message after 18:00 Kyiv time, and only one
      const before = new Date(`${iso}T12:00:00Z`);
      before.setUTCDate(before.getUTCDate() - 1);
      const eve = before.toISOString().slice(0, 10);
      const reminders = async () => {
        const response = await fetch(
          `${API_ORIGIN}/api/dev/sms-outbox?phone=${encodeURIComponent(DEMO_PATIENT)}&limit=50`,
        );
        const messages = (await response.json()) as Array<{ text: string }>;
        // this order's reminders only: another journey's visit may be due the same evening
        return messages.filter(
          (message) =>
            message.text.includes(`завтра, ${dd}.${mm}.${yyyy}, близько ${time}`) && message.text.includes(orderId),
        );
      };
      const deliver = async (now: string) => {
        const response = await fetch(`${API_ORIGIN}/api/dev/notifications/deliver`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ now }),
        });
        expect(response.status).toBe(200);
      };
      const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
      expect(orderId).not.toBe('');
      const earlier = (await reminders()).length;
      await deliver(`${eve}T09:00:00Z`);
      expect(await reminders()).toHaveLength(earlier);
      // 16:05 UTC is after 18:00 in Kyiv in winter and in summer
      await deliver(`${eve}T16:05:00Z`);
      await deliver(`${eve}T16:30:00Z`);
      const sent = await reminders();
      expect(sent).toHaveLength(earlier + 1);
      // when the 12-hour fast begins (the evening before), and the order's own page, not the list
      expect(sent[0]?.text).toMatch(
        /медсестра\. Не їжте з \d\d:\d\d сьогодні\. Замовлення і підготовка: http\S+\/checkout\/result\?orderId=[0-9a-f-]{36}$/,
      );
      await page.close();
    });
  });
}
