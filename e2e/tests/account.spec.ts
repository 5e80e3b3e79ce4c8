import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { seriousViolations, signIn } from '../support/journey';
import { pdfText, readAll } from '../support/pdf';
import { Site } from '../support/site';
import { smsCode } from '../support/sms';

/** The personal account of mf-account (docs/product.md#routes, #entities, #states-and-transitions, #roles, #calls and #errors) against the real API server. */
const site = new Site({ basePort: 3900 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

/** The seeded demo accounts (packages/server/README.md). */
const DEMO_PATIENT = '+380501234567';
const DEMO_DOCTOR = '+380671234567';
const DEMO_BOTH = '+380931234567';
/** Two of the doctor's patients, with accounts of their own (src/seed/demo.ts). */
const TKACHENKO = '+380661110001';
const SHEVCHUK = '+380661110002';

/** Signs in through the sign-in modals of mf-auth, as a visitor does: the profile menu is then there. */
async function signInAs(page: Page, phone: string): Promise<void> {
  await signIn(page, site.url, phone);
  await expect(menuButton(page)).toBeVisible();
}

/** The header's profile entry (a menu button) once signed in. */
const menuButton = (page: Page) => page.getByTestId('profile-menu').getByRole('button', { name: 'Мій кабінет' });

async function openMenu(page: Page): Promise<Locator> {
  await menuButton(page).click();
  const menu = page.getByRole('menu', { name: 'Мій кабінет' });
  await expect(menu).toBeVisible();
  return menu;
}

/** The profile card the open menu is described by. */
const profileCard = (page: Page) => page.getByTestId('profile-menu').getByTestId('profile-summary');

/** Records the account's bus events on the page's one bus. */
async function recordBus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const scope = globalThis as unknown as {
      __labEventBus: { on: (name: string, handler: (payload: unknown) => void) => void };
      accountEvents: Array<[string, unknown]>;
    };
    scope.accountEvents = [];
    for (const name of ['role:changed', 'workplace:changed', 'session:changed']) {
      scope.__labEventBus.on(name, (payload) => scope.accountEvents.push([name, payload]));
    }
  });
}

const busEvents = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { accountEvents: Array<[string, unknown]> }).accountEvents);

const stored = (page: Page, key: string) => page.evaluate((name) => window.localStorage.getItem(name), key);

/** Session calls from inside the page, so they carry its cookie. */
function pageJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).json(), path);
}

/** Signs in on the API itself (no browser): for data another user must not see. */
async function apiSignIn(request: APIRequestContext, phone: string): Promise<void> {
  const asked = new Date(Date.now() - 1000);
  expect((await request.post(`${API_ORIGIN}/api/public/auth`, { data: { phone } })).ok()).toBe(true);
  const login = await request.post(`${API_ORIGIN}/api/public/login`, {
    data: { phone, password: await smsCode(phone, asked) },
  });
  expect(login.ok()).toBe(true);
}

test.describe('the demo patient on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("opens an order, its results and one indicator's dynamics, and downloads the receipt", async ({ page }) => {
    await signInAs(page, DEMO_PATIENT);

    // the profile dropdown: name, patient number, phone, the orders link
    const menu = await openMenu(page);
    await expect(profileCard(page)).toContainText('Олена Коваленко');
    await expect(profileCard(page)).toContainText('ID:');
    await expect(profileCard(page)).toContainText('+38 (050) 123-45-67');
    await expect(menu.getByRole('menuitemradio')).toHaveCount(0); // no doctor profile: no role switch
    expect(await seriousViolations(page, '[data-testid="profile-menu"]')).toEqual([]);
    await menu.getByRole('menuitem', { name: 'Мої замовлення' }).click();
    await expect(page).toHaveURL(`${site.url}/account/orders`);
    await expect(page.getByRole('heading', { level: 1, name: 'Мої замовлення' })).toBeVisible();
    const cards = page.getByTestId('order-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('radio', { name: 'За весь час' })).toBeChecked();
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // the receipt of a paid online order: a PDF file
    const paid = cards.filter({ has: page.getByRole('button', { name: /^Чек \(PDF\)/ }) }).first();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      paid.getByRole('button', { name: /^Чек \(PDF\)/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // a period filter is remembered
    await page.getByRole('radio', { name: 'Рік' }).check();
    await expect.poll(() => stored(page, 'lastOrdersDate')).toBe('"year"');
    await page.getByRole('radio', { name: 'За весь час' }).check();

    // an order of Олена's with a blood count: its results
    const withBloodCount = cards
      .filter({ hasText: 'Коваленко Олена' })
      .filter({ hasText: 'Загальний аналіз крові' })
      .filter({ has: page.getByRole('link', { name: /^Результати/ }) })
      .first();
    const number = (await withBloodCount.getByRole('heading').textContent())?.replace(/\D/g, '') ?? '';
    await withBloodCount.getByRole('link', { name: /^Результати/ }).click();
    await expect(page).toHaveURL(/\/account\/results\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`Результати замовлення №\\s${number}`));
    const table = page.getByTestId('results-table');
    await expect(table.getByRole('row', { name: /Гемоглобін/ })).toBeVisible();
    // out-of-range values say so in words, not only in colour
    const flagged = table.locator('[data-flag="high"], [data-flag="low"]');
    for (const row of await flagged.all()) await expect(row).toContainText(/(Вище|Нижче) норми/);
    // the lab's PDF of these results: the rows and their marks as a reader extracts them
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Завантажити PDF' }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toBe(`results-${number}.pdf`);
    const pdf = pdfText(await readAll(await pdfDownload.createReadStream())).pages.join('\n');
    expect(pdf).toContain(`Замовлення № ${number}`);
    expect(pdf).toContain('Коваленко Олена');
    expect(pdf).toContain('Гемоглобін');
    for (const row of await flagged.all()) {
      const name = (await row.getByRole('rowheader').textContent())?.trim() ?? '';
      expect(pdf).toContain(name);
    }
    if ((await flagged.count()) > 0) expect(pdf).toMatch(/[▲▼] (вище|нижче) норми/);
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // haemoglobin over the past year: a chart with the reference band, then the table
    await page.getByRole('button', { name: 'Динаміка: Гемоглобін' }).click();
    const dialog = page.getByRole('dialog', { name: 'Динаміка: Гемоглобін' });
    const chart = dialog.getByRole('img', { name: /Графік динаміки: Гемоглобін/ });
    await expect(chart).toBeVisible();
    await expect(dialog.getByTestId('reference-band')).toContainText('Норма: 120');
    expect(await dialog.getByTestId('dynamics-point').count()).toBeGreaterThanOrEqual(3);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Таблиця' }).click();
    await expect(dialog.getByRole('button', { name: 'Таблиця' })).toHaveAttribute('aria-pressed', 'true');
    const history = dialog.getByRole('table', { name: /Динаміка: Гемоглобін/ });
    expect(await history.getByRole('row').count()).toBeGreaterThanOrEqual(4);
    await expect(history.getByText('Цей результат')).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});

test.describe("the demo patient's first view", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("draws an account page's frame from the server, with nothing personal in it, and nothing moves when the page replaces it", async ({
    browser,
    page,
  }) => {
    await signInAs(page, DEMO_PATIENT);
    // without JavaScript: the server's frames of the orders page and the account's home, styled
    const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    await still.addCookies(await page.context().cookies());
    const html = await still.newPage();
    await html.goto(`${site.url}/account/orders`);
    const frame = html.locator('main [data-page-preview="frame"]');
    await expect(frame.locator('h1')).toHaveText('Мої замовлення');
    await expect(frame.getByText('За номером замовлення, аналізом або пацієнтом')).toBeVisible();
    await expect(frame.locator('[data-skeleton]').first()).toBeVisible();
    await html.goto(`${site.url}/account`);
    await expect(frame.locator('h1')).toHaveText('Особистий кабінет');
    await expect(frame.getByText('Замовлення, оплата, чеки та результати аналізів')).toBeVisible();
    // the patient's name is on the live page, never in the server's HTML
    expect(await html.content()).not.toMatch(/Олена|Коваленко/);
    await still.close();

    // with it: the live page takes the frame's place, nothing shifts, nothing the CSP refuses
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) refused.push(message.text());
    });
    await page.addInitScript(() => {
      const seen = { shifted: 0 };
      Object.assign(window, { seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) seen.shifted += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const shifted = () => page.evaluate(() => (window as unknown as { seen: { shifted: number } }).seen.shifted);
    await page.goto(`${site.url}/account/orders`);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(page.locator('main [data-page-preview]')).toHaveCount(0);
    expect(await shifted()).toBeLessThan(0.02);
    await page.goto(`${site.url}/account`);
    await expect(page.getByText('Вітаємо, Олено')).toBeVisible();
    await expect(page.locator('main [data-page-preview]')).toHaveCount(0);
    expect(await shifted()).toBeLessThan(0.02);
    await page
      .getByRole('main')
      .getByRole('link', { name: /Мої замовлення/ })
      .click();
    await expect(page).toHaveURL(`${site.url}/account/orders`);
    expect(refused).toEqual([]);
  });
});

test.describe('a patient on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("opening another patient's result URL gets the not-found view", async ({ page, playwright }) => {
    // a result of Марія Шевчук's, read with her own session (each phone signs in once here: a code
    // is not resent to the same phone within a minute)
    const other = await playwright.request.newContext();
    await apiSignIn(other, SHEVCHUK);
    const list = await (
      await other.get(`${API_ORIGIN}/api/private/admin-app/registries/self?customer-type=patient&on-site=true`)
    ).json();
    const foreign = (list.content as Array<{ registryId: number | null; patient: { id: number } }>).find(
      (order) => order.registryId !== null,
    );
    expect(foreign).toBeDefined();
    await other.dispose();

    // Сергій Ткаченко, another patient, tries its address
    await signInAs(page, TKACHENKO);
    // at 360 px the header entry is the icon alone, and the header does not overflow
    await expect(menuButton(page)).toBeVisible();
    expect((await menuButton(page).boundingBox())?.width ?? 999).toBeLessThanOrEqual(48);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const reply = page.waitForResponse((response) =>
      response.url().endsWith(`/registry/registries/self/${foreign?.registryId}`),
    );
    await page.goto(`${site.url}/account/results/${foreign?.registryId}`);
    expect((await reply).status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Сторінку не знайдено' })).toBeVisible();
    await expect(page.getByTestId('results-table')).toHaveCount(0);
    // nor can he have its PDF
    const foreignPdf = await page.request.get(
      `${site.url}/api/private/registry/registries/self/${foreign?.registryId}/results/pdf`,
    );
    expect(foreignPdf.status()).toBe(404);
    expect(foreignPdf.headers()['content-type']).toContain('application/json');
    await page.goto(`${site.url}/account/patients/${foreign?.patient.id}/results/${foreign?.registryId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Сторінку не знайдено' })).toBeVisible();
    expect(await seriousViolations(page, 'main')).toEqual([]);

    // the patient's own orders fit the phone
    await page.goto(`${site.url}/account/orders`);
    await expect(page.getByTestId('order-card').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('the demo doctor', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("switches workplace and opens a patient's result", async ({ page }) => {
    await signInAs(page, DEMO_DOCTOR);
    await expect(page).toHaveURL(`${site.url}/account/patients`);
    await expect(page.getByRole('heading', { level: 1, name: 'Мої направлення' })).toBeVisible();
    await expect(page.getByTestId('order-card').first()).toBeVisible();
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await recordBus(page);

    const menu = await openMenu(page);
    await expect(profileCard(page)).toContainText('Андрій Мельник');
    await expect(profileCard(page)).toContainText('Код лікаря: MELNYK-1');
    await expect(menu.getByRole('menuitem', { name: 'Мої направлення' })).toBeVisible();
    const second = menu.getByRole('menuitemradio', { name: /MELNYK-2/ });
    await expect(second).toHaveAttribute('aria-checked', 'false');
    const selected = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/workplaces\/\d+\/current$/.test(response.url()),
    );
    await second.click();
    expect((await selected).status()).toBe(200);
    await expect(second).toHaveAttribute('aria-checked', 'true');
    await expect(profileCard(page)).toContainText('Код лікаря: MELNYK-2');
    expect(await pageJson<{ code: string }>(page, '/api/private/user/doctors/self/workplaces/current')).toMatchObject({
      code: 'MELNYK-2',
    });
    expect(await busEvents(page)).toEqual([['workplace:changed', { workplaceId: expect.any(Number) }]]);
    expect(await seriousViolations(page, '[data-testid="profile-menu"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(menuButton(page)).toBeFocused();

    // a patient's history, then one result of it with its dynamics
    await page
      .getByRole('region', { name: 'Пацієнти' })
      .getByRole('link', { name: /Ткаченко Сергій/ })
      .click();
    await expect(page).toHaveURL(/\/account\/patients\/\d+\/results$/);
    await expect(page.getByRole('heading', { level: 1, name: /Ткаченко Сергій Іванович/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Навігаційний ланцюжок' })).toContainText('Ткаченко Сергій');
    await page
      .getByRole('link', { name: /^Результати/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/account\/patients\/\d+\/results\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: /Результати замовлення/ })).toBeVisible();
    await expect(page.getByTestId('results-table').getByRole('row', { name: /Холестерин загальний/ })).toBeVisible();
    await page.getByRole('button', { name: 'Динаміка: Холестерин загальний' }).click();
    await expect(page.getByRole('dialog').getByRole('img', { name: /Холестерин загальний/ })).toBeVisible();
    expect(await page.getByRole('dialog').getByTestId('dynamics-point').count()).toBeGreaterThanOrEqual(3);
    expect(await seriousViolations(page, 'main')).toEqual([]);
  });

  test('with a patient profile too, switches role both ways and logs out', async ({ page }) => {
    await signInAs(page, DEMO_BOTH);
    // mf-auth marks a new doctor and sends them to their patients
    await expect(page).toHaveURL(`${site.url}/account/patients`);
    expect(await stored(page, 'doctor')).toBe('true');
    await recordBus(page);

    let menu = await openMenu(page);
    await expect(menu.getByRole('menuitemradio', { name: 'Лікар', exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(profileCard(page)).toContainText('Код лікаря: BONDARENKO-1');
    const patientProfile = page.waitForResponse((response) => response.url().endsWith('/patient/patients/self'));
    await menu.getByRole('menuitemradio', { name: 'Пацієнт', exact: true }).click();
    expect((await patientProfile).status()).toBe(200);
    await expect(page).toHaveURL(`${site.url}/account/orders`);
    expect(await stored(page, 'doctor')).toBeNull();
    await expect(page.getByRole('heading', { level: 1, name: 'Мої замовлення' })).toBeVisible();

    menu = await openMenu(page);
    await expect(menu.getByRole('menuitemradio', { name: 'Пацієнт', exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(profileCard(page)).toContainText('ID:');
    await expect(menu.getByRole('menuitem', { name: 'Мої замовлення' })).toBeVisible();
    const workplaces = page.waitForResponse((response) => response.url().endsWith('/user/doctors/self/workplaces'));
    await menu.getByRole('menuitemradio', { name: 'Лікар', exact: true }).click();
    expect((await workplaces).status()).toBe(200);
    await expect(page).toHaveURL(`${site.url}/account/patients`);
    expect(await stored(page, 'doctor')).toBe('true');
    expect(await busEvents(page)).toEqual([
      ['role:changed', { role: 'patient' }],
      ['role:changed', { role: 'doctor' }],
    ]);

    // logout: the server session ends, the user's values go, a guest cart is made
    await page.getByRole('radio', { name: 'Тиждень' }).check();
    await expect.poll(() => stored(page, 'lastPatientsDate')).toBe('"week"');
    menu = await openMenu(page);
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/private/logout'));
    await menu.getByRole('menuitem', { name: 'Вийти' }).click();
    expect((await loggedOut).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Увійти до особистого кабінету' }).first()).toBeVisible();
    await expect.poll(() => stored(page, 'cartId')).not.toBeNull();
    for (const key of ['doctor', 'doctorType', 'lastOrdersDate', 'lastPatientsDate']) {
      expect(await stored(page, key)).toBeNull();
    }
    expect((await busEvents(page)).at(-1)).toEqual(['session:changed', { signedIn: false }]);
    expect(await pageJson<{ canLogin: boolean }>(page, '/api/private/info')).toEqual({ canLogin: true });
    await expect(page.getByRole('heading', { level: 1, name: 'Особистий кабінет' })).toBeVisible();
  });
});
