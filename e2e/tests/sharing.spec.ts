// Shared results (issue 48, docs/product.md#roles and #errors): the demo patient shares an order's results by link
// and code; a guest opens them with the code and downloads the PDF; wrong codes are refused, then
// limited; the demo doctor, signed in, opens them in the doctor's view; the owner revokes the link and
// it stops working, and the doctor's view then says the owner revoked it; the owner's setting turned off makes sharing unavailable, and the UI says so.
// At 360 and 1280 px; screenshots go to SHOTS_DIR when it is set.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { seriousViolations } from '../support/journey';
import { pdfText, readAll } from '../support/pdf';
import { Site } from '../support/site';
import { smsCode } from '../support/sms';

const site = new Site({ basePort: 5250 });
const DEMO_PATIENT = '+380501234567';
const DEMO_DOCTOR = '+380671234567';
const SHOTS = process.env.SHOTS_DIR;

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;
const sessions = new Map<string, Session>();

/** A session for a phone through the API, once per run (a code is not resent to a phone within a minute). */
async function sessionOf(browser: Browser, phone: string): Promise<Session> {
  const known = sessions.get(phone);
  if (known) return known;
  const context = await browser.newContext();
  for (;;) {
    const asked = new Date(Date.now() - 1000);
    const sent = await context.request.post(`${API_ORIGIN}/api/public/auth`, { data: { phone } });
    if (sent.status() === 429) {
      // another journey signed this phone in a moment ago: wait as the answer says
      await new Promise((resolve) => setTimeout(resolve, Number(sent.headers()['retry-after'] ?? 5) * 1000));
      continue;
    }
    expect(sent.ok()).toBe(true);
    const login = await context.request.post(`${API_ORIGIN}/api/public/login`, {
      data: { phone, password: await smsCode(phone, asked) },
    });
    expect(login.ok()).toBe(true);
    break;
  }
  const state = await context.storageState();
  await context.close();
  sessions.set(phone, state);
  return state;
}

/** A screenshot of the page (whole), of the viewport (`view`: a dialog), or of one element. */
async function shot(page: Page, name: string, what: 'page' | 'view' | Locator = 'page'): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  if (typeof what === 'string') await page.screenshot({ path, fullPage: what === 'page' });
  else await what.screenshot({ path });
}

/** The demo patient's first order with results: its results page. */
async function openResults(page: Page): Promise<string> {
  // the owner's order with results, found through the orders' list the account reads (other journeys on the
  // same API leave newer orders without results on its first page)
  type Listed = { registryId: number | null; number: string; state: string; patient: { firstName: string } };
  let found: Listed | undefined;
  for (let index = 0; index < 10 && !found; index += 1) {
    const response = await page.request.get(
      `${site.url}/api/private/admin-app/registries/self?page=${index}&size=20&customer-type=patient`,
    );
    const body = (await response.json()) as { content?: Listed[] } | Listed[];
    const orders = Array.isArray(body) ? body : (body.content ?? []);
    if (orders.length === 0) break;
    found = orders.find(
      (order) => order.state === 'results-ready' && order.registryId !== null && order.patient.firstName === 'Олена',
    );
  }
  if (!found) throw new Error('the demo patient has no order with results');
  await page.goto(`${site.url}/account/results/${found.registryId}`);
  await expect(page.getByTestId('results-view')).toBeVisible();
  // the account's own page, not the server's first view of it (whose buttons only keep a tap for later)
  await expect(page.locator('main [data-page-preview], [data-first-view]')).toHaveCount(0, { timeout: 30_000 });
  return found.number;
}

/** Shares the open results page for `days`; answers the link and the code the dialog shows once. */
async function share(page: Page, days: string, shotName?: string): Promise<{ link: string; code: string }> {
  await page.getByRole('button', { name: 'Поділитися' }).click();
  const dialog = page.getByRole('dialog', { name: /^Поділитися результатами замовлення/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: days }).check();
  if (shotName) await shot(page, `${shotName}-form`, 'view');
  await dialog.getByRole('button', { name: 'Створити посилання' }).click();
  const code = (await dialog.getByTestId('share-code').textContent())?.trim() ?? '';
  const link = await dialog.getByRole('textbox', { name: 'Посилання на результати' }).inputValue();
  expect(code).toMatch(/^\d{6}$/);
  expect(link).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
  if (shotName) {
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await shot(page, `${shotName}-created`, 'view');
  }
  await dialog.getByRole('button', { name: 'Готово' }).click();
  await expect(dialog).toHaveCount(0);
  return { link, code };
}

async function enterCode(page: Page, code: string, button = 'Відкрити результати'): Promise<void> {
  await page.getByRole('textbox', { name: 'Код доступу' }).fill(code);
  await page.getByRole('button', { name: button }).click();
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

for (const width of [1280, 360]) {
  test.describe(`shared results at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 780 : 900 } });

    test('a guest opens them with the code and the PDF, a doctor in the doctor’s view; revoked, the link stops', async ({
      browser,
    }) => {
      const size = `${width}`;
      const owner = await browser.newContext({
        storageState: await sessionOf(browser, DEMO_PATIENT),
        viewport: { width, height: 900 },
      });
      const page = await owner.newPage();
      const number = await openResults(page);
      // the PDF is the primary download; FHIR a secondary one with a plain name
      await expect(page.getByRole('button', { name: 'Завантажити PDF' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Файл для медичних застосунків (FHIR)' })).toBeVisible();
      await expect(page.getByText('Дата замовлення')).toBeVisible();
      // the trail leads back through the account and the orders the results were opened from
      const crumbs = page.getByRole('navigation', { name: 'Навігаційний ланцюжок' });
      await expect(crumbs.getByRole('listitem')).toHaveText([
        'Головна',
        'Особистий кабінет',
        'Мої замовлення',
        `Замовлення № ${number}`,
      ]);
      await expect(crumbs.getByRole('link', { name: 'Мої замовлення' })).toHaveAttribute('href', '/account/orders');
      await shot(page, `results-${size}`);
      const { link, code } = await share(page, '7 днів', `share-dialog-${size}`);

      // a guest: a wrong code is refused, the right one shows the results and the PDF
      const guest = await browser.newContext({ viewport: { width, height: 900 } });
      const visitor = await guest.newPage();
      await visitor.goto(link);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Результати аналізів за посиланням' })).toBeVisible();
      await expect(visitor.getByRole('button', { name: 'Увійти до особистого кабінету' })).toBeVisible();
      await enterCode(visitor, wrong(code));
      await expect(visitor.getByText('Невірний код доступу')).toBeVisible();
      expect(await seriousViolations(visitor, 'main')).toEqual([]);
      await shot(visitor, `guest-wrong-code-${size}`);
      await enterCode(visitor, code);
      const shared = visitor.getByTestId('shared-results');
      await expect(shared).toContainText(`№\u00a0${number}`);
      await expect(shared).toContainText('Коваленко Олена');
      await expect(shared.getByRole('table')).toBeVisible();
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(visitor, `guest-results-${size}`);
      const [download] = await Promise.all([
        visitor.waitForEvent('download'),
        shared.getByRole('button', { name: 'Завантажити PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`results-${number}.pdf`);
      const text = pdfText(await readAll(await download.createReadStream())).pages.join('\n');
      expect(text).toContain('Коваленко Олена');
      expect(text).toMatch(/Дата народження\s+\d\d\.\d\d\.\d{4}/);
      expect(text).toMatch(/Результати валідував/);

      // the demo doctor, signed in: the code takes him to the doctor's view of the order
      const doctorContext = await browser.newContext({
        storageState: await sessionOf(browser, DEMO_DOCTOR),
        viewport: { width, height: 900 },
      });
      const doctor = await doctorContext.newPage();
      await doctor.goto(link);
      await expect(doctor.getByText(/Ви увійшли як лікар/)).toBeVisible();
      await enterCode(doctor, code, 'Відкрити в кабінеті лікаря');
      await expect(doctor).toHaveURL(/\/account\/patients\/\d+\/results\/\d+$/);
      await expect(doctor.getByTestId('results-view')).toContainText('Коваленко Олена');
      await expect(doctor.getByRole('button', { name: 'Поділитися' })).toHaveCount(0);
      const doctorView = doctor.url();
      await shot(doctor, `doctor-view-${size}`);

      // the owner's list says when it was opened; revoking it stops the link and the doctor's view
      await page.goto(`${site.url}/account/personal-information`);
      const panel = page.getByTestId('result-sharing');
      const item = panel.getByTestId('share-item').first();
      await expect(item).toContainText(`Замовлення № ${number}`);
      await expect(item).toContainText('Востаннє відкрито');
      await item.scrollIntoViewIfNeeded();
      await shot(page, `owner-links-${size}`, panel);
      await item.getByRole('button', { name: `Скасувати доступ до замовлення № ${number}` }).click();
      await expect(panel.getByText(`Доступ до замовлення № ${number} скасовано`)).toBeVisible();
      await expect(item).toContainText('Скасовано');

      await visitor.goto(link);
      await enterCode(visitor, code);
      await expect(visitor.getByText('Власник скасував це посилання')).toBeVisible();
      await shot(visitor, `guest-revoked-${size}`);
      // the doctor's view, reloaded, says why the order is gone, in the link's own words
      await doctor.goto(doctorView);
      const closed = doctor.getByTestId('results-share-closed');
      await expect(closed.getByRole('alert')).toContainText('Власник скасував це посилання');
      await expect(doctor.getByRole('heading', { level: 1, name: 'Сторінку не знайдено' })).toHaveCount(0);
      await expect(closed.getByRole('link', { name: 'До моїх направлень' })).toBeVisible();
      await shot(doctor, `doctor-revoked-${size}`);
      await Promise.all([owner.close(), guest.close(), doctorContext.close()]);
    });

    test('wrong codes are limited like the SMS code; the setting turned off makes sharing unavailable', async ({
      browser,
    }) => {
      const size = `${width}`;
      const owner = await browser.newContext({
        storageState: await sessionOf(browser, DEMO_PATIENT),
        viewport: { width, height: 900 },
      });
      const page = await owner.newPage();
      await openResults(page);
      const { link, code } = await share(page, '1 день');
      const guest = await browser.newContext({ viewport: { width, height: 900 } });
      const visitor = await guest.newPage();
      await visitor.goto(link);
      for (let attempt = 1; attempt <= 5; attempt++) {
        await enterCode(visitor, wrong(code));
        await expect(visitor.getByText('Невірний код доступу')).toBeVisible();
      }
      await enterCode(visitor, code);
      await expect(visitor.getByText(/Забагато спроб введення коду/)).toBeVisible();
      await expect(visitor.getByTestId('shared-results')).toHaveCount(0);
      await shot(visitor, `guest-limited-${size}`);

      // the owner forbids sharing: the dialog says so and leads to the setting
      await page.goto(`${site.url}/account/personal-information`);
      const toggle = page.getByRole('switch', { name: 'Дозволити ділитися результатами за посиланням' });
      // the switch follows the server's answer, so it is clicked, not "unchecked"
      await toggle.click();
      await expect(page.getByText(/ділитися результатами заборонено/)).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await expect(page.getByTestId('result-sharing')).toContainText('Поділитися результатами недоступно');
      await shot(page, `setting-off-${size}`, page.getByTestId('result-sharing'));
      try {
        await openResults(page);
        await page.getByRole('button', { name: 'Поділитися' }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByText(/Поділитися результатами недоступно/)).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Створити посилання' })).toHaveCount(0);
        await shot(page, `sharing-unavailable-${size}`, 'view');
        await dialog.getByRole('link', { name: 'Перейти до налаштувань' }).click();
        await expect(page).toHaveURL(/\/account\/personal-information#sharing$/);
      } finally {
        // the demo patient keeps sharing on for the journeys after this one
        await page.goto(`${site.url}/account/personal-information`);
        await page.getByRole('switch', { name: 'Дозволити ділитися результатами за посиланням' }).click();
        await expect(page.getByText(/ділитися результатами дозволено/)).toBeVisible();
      }
      await Promise.all([owner.close(), guest.close()]);
    });
  });
}
