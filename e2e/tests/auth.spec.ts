import { expect, type Locator, type Page, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { seriousViolations } from '../support/journey';
import { pageJson } from '../support/page';
import { Site } from '../support/site';
import { freshPhone, smsCode, wrongCode } from '../support/sms';

/** The sign-in and registration modals of mf-auth (docs/product.md#sign-in, #validation and #errors) against the real API server. */
const site = new Site({ basePort: 3700 });

test.beforeAll(() => site.startAll());
test.afterAll(() => site.stopAll());

/** The seeded demo accounts (packages/server/README.md). */
const DEMO_PATIENT = '+380501234567';
const DEMO_DOCTOR = '+380671234567';
/** Patient and doctor: a code is not resent to one phone within a minute, so this journey takes its own. */
const DEMO_BOTH = '+380931234567';

const typedDigits = (international: string) => international.slice(4); // what follows "+38 (0"

async function openSignIn(page: Page): Promise<Locator> {
  await page.goto(site.url);
  await page.getByRole('button', { name: 'Увійти до особистого кабінету' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вхід до особистого кабінету' });
  await expect(dialog.getByLabel('Номер телефону')).toBeFocused();
  return page.getByRole('dialog').first();
}

/** Stage 1 -> 2; answers the moment the SMS was asked for. */
async function sendPhone(page: Page, dialog: Locator, international: string): Promise<Date> {
  const asked = new Date(Date.now() - 1000);
  await dialog.getByLabel('Номер телефону').pressSequentially(typedDigits(international));
  await dialog.getByRole('button', { name: 'Отримати код' }).click();
  await expect(page.getByRole('dialog', { name: 'Підтвердження номера' })).toBeVisible();
  await expect(dialog.getByLabel('Код з SMS')).toBeFocused();
  return asked;
}

/** Types a code and confirms; answers the status of the call it made. */
async function confirmCode(page: Page, dialog: Locator, code: string): Promise<number> {
  await dialog.getByLabel('Код з SMS').fill(code);
  const [response] = await Promise.all([
    page.waitForResponse(
      (candidate) =>
        candidate.request().method() === 'POST' &&
        /\/api\/public\/(login|patient\/patients\/registration\/)/.test(candidate.url()),
    ),
    dialog.getByRole('button', { name: 'Підтвердити' }).click(),
  ]);
  return response.status();
}

/** Session calls from inside the page, so they carry its cookie. */
const stored = (page: Page, key: string) => page.evaluate((name) => window.localStorage.getItem(name), key);

test.describe('a new patient on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('registers end to end: phone, a wrong then the right SMS code, the form, success, signed in', async ({
    page,
  }) => {
    const phone = freshPhone().international;
    const dialog = await openSignIn(page);
    expect(await seriousViolations(page)).toEqual([]);
    const asked = await sendPhone(page, dialog, phone);
    // the countdown starts from the server's timeToNextSend (3 s on the journeys' server), then offers a resend
    await expect(dialog.getByText(/Надіслати код повторно можна через [1-3] с/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Надіслати код ще раз' })).toBeVisible({ timeout: 6000 });
    await expect(dialog).toContainText(`Ми надіслали SMS з кодом на номер +38 (0${phone.slice(4, 6)})`);

    const code = await smsCode(phone, asked);
    expect(await confirmCode(page, dialog, wrongCode(code))).toBe(400);
    await expect(dialog.getByText('Введено невірний код')).toBeVisible();
    expect(await confirmCode(page, dialog, code)).toBe(200);

    await expect(page.getByRole('dialog', { name: 'Реєстрація' })).toBeVisible();
    await expect(dialog.getByLabel('Прізвище')).toBeFocused();
    await dialog.getByRole('button', { name: 'Зареєструватися' }).click();
    await expect(dialog.getByText('Заповніть це поле')).toHaveCount(4);
    await expect(dialog.getByText('Оберіть один із варіантів')).toBeVisible();
    await expect(dialog.getByText('Це поле є обов’язковим')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByLabel('Прізвище').fill('Шевченко');
    await dialog.getByLabel('Ім’я').fill('Олена2');
    await dialog.getByLabel(/^По батькові/).fill('Петрівна');
    await dialog.getByLabel('Дата народження').pressSequentially('15051990');
    await expect(dialog.getByLabel('Дата народження')).toHaveValue('15.05.1990');
    await dialog.getByRole('radio', { name: 'Жіноча' }).check();
    await dialog.getByLabel('Я погоджуюся на обробку моїх персональних даних').check();
    await dialog.getByRole('button', { name: 'Зареєструватися' }).click();
    await expect(dialog.getByText('Поле не повинно містити цифр')).toBeVisible();
    await dialog.getByLabel('Ім’я').fill('Олена');
    await expect(dialog.getByText('Поле не повинно містити цифр')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Зареєструватися' }).click();

    await expect(page.getByRole('dialog', { name: 'Реєстрацію завершено' })).toBeVisible();
    const accept = page.getByRole('button', { name: 'Почати користуватися' });
    await expect(accept).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await accept.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // a new patient: no doctor's profile, so no page of theirs asks for one
    expect((await pageJson<{ canLogin: boolean }>(page, '/api/private/info')).body).toEqual({
      canLogin: false,
      profiles: { patient: true, doctor: false },
    });
    // the next page comes with that answer (no round trip before it draws), private to this browser
    const next = await page.request.get(`${site.url}/account/orders`);
    expect(next.headers()['cache-control']).toBe('private, no-cache');
    expect(await next.text()).toContain(
      '{"key":["session"],"data":{"canLogin":false,"profiles":{"patient":true,"doctor":false}}}',
    );
    const self = await pageJson<{ userData: { lastName: string; firstName: string; birthDay: string } }>(
      page,
      '/api/private/patient/patients/self',
    );
    expect(self.status).toBe(200);
    expect(self.body.userData).toMatchObject({ lastName: 'Шевченко', firstName: 'Олена', birthDay: '1990-05-15' });
    await expect(page.getByRole('button', { name: 'Мій кабінет' })).toBeVisible();
  });
});

for (const width of [360, 1280]) {
  test.describe(`registration's required fields at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });

    test('marks them before submitting; someone with no patronymic says so and registers', async ({ page }) => {
      const phone = freshPhone().international;
      const dialog = await openSignIn(page);
      const asked = await sendPhone(page, dialog, phone);
      expect(await confirmCode(page, dialog, await smsCode(phone, asked))).toBe(200);
      await expect(page.getByRole('dialog', { name: 'Реєстрація' })).toBeVisible();

      // every required field is marked before anything is submitted, and the mark is explained
      await expect(dialog.getByText('Поля, позначені *, обов’язкові.')).toBeVisible();
      const middle = dialog.getByLabel(/^По батькові/);
      for (const field of [dialog.getByLabel('Прізвище'), dialog.getByLabel('Ім’я'), middle]) {
        await expect(field).toHaveAttribute('required', '');
        const mark = await field.evaluate((input) => {
          const label = document.querySelector(`label[for="${input.id}"]`);
          return label ? getComputedStyle(label, '::after').content : '';
        });
        expect(mark).toContain('*');
      }
      await expect(dialog.getByText('Заповніть це поле')).toHaveCount(0);

      // no patronymic: the field is off and not asked for
      await dialog.getByLabel('Прізвище').fill('Шевченко');
      await dialog.getByLabel('Ім’я').fill('Олена');
      await dialog.getByRole('checkbox', { name: 'Немає по батькові' }).check();
      await expect(middle).toBeDisabled();
      await dialog.getByLabel('Дата народження').pressSequentially('15051990');
      await dialog.getByRole('radio', { name: 'Жіноча' }).check();
      await dialog.getByLabel('Я погоджуюся на обробку моїх персональних даних').check();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Зареєструватися' }).click();
      await expect(page.getByRole('dialog', { name: 'Реєстрацію завершено' })).toBeVisible();
      const self = await pageJson<{ userData: { firstName: string; middleName: string | null } }>(
        page,
        '/api/private/patient/patients/self',
      );
      expect(self.body.userData.firstName).toBe('Олена');
      expect(self.body.userData.middleName ?? '').toBe('');
    });
  });
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a wrong code shows the message; the sixth code is refused and the stage stays', async ({ page }) => {
    const phone = freshPhone().international;
    const dialog = await openSignIn(page);
    const asked = await sendPhone(page, dialog, phone);
    const code = await smsCode(phone, asked);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(await confirmCode(page, dialog, wrongCode(code, attempt))).toBe(400);
      await expect(dialog.getByText('Введено невірний код')).toBeVisible();
    }
    // the sixth try is refused even with the right code: the server's message, gone after 3 s
    expect(await confirmCode(page, dialog, code)).toBe(429);
    const refused = dialog.getByText('Забагато спроб введення коду. Надішліть код ще раз.');
    await expect(refused).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Підтвердження номера' })).toBeVisible();
    await expect(refused).toHaveCount(0, { timeout: 5000 });
    expect((await pageJson<{ canLogin: boolean }>(page, '/api/private/info')).body).toEqual({ canLogin: true });

    // closing returns to stage 0 and forgets the phone
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Увійти до особистого кабінету' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Вхід до особистого кабінету' }).getByLabel('Номер телефону'),
    ).toHaveValue('');
  });

  test("the demo patient signs in and the guest's cart merges into theirs", async ({ page, request }) => {
    const settlements = await (
      await request.get(
        `${API_ORIGIN}/api/public/user/branches/enabled/settlements?sort=top-branches-count&includePartners=true`,
      )
    ).json();
    const cityId: number = settlements.settlements[0].id;
    const list = await request.post(`${API_ORIGIN}/api/public/service/services/infos/settlements?page=0&size=1`, {
      data: { settlementId: cityId, showOnSite: true },
    });
    const created = await request.post(`${API_ORIGIN}/api/public/cart/carts`, { data: {} });
    expect(list.ok()).toBe(true);
    expect(created.ok()).toBe(true);
    const serviceId: number = (await list.json()).content[0].id;
    const guestCartId: string = (await created.json()).id;
    const added = await request.post(`${API_ORIGIN}/api/public/cart/carts/${guestCartId}/add?settlementId=${cityId}`, {
      data: { serviceIds: [serviceId] },
    });
    expect(added.ok()).toBe(true);

    await page.goto(site.url);
    await page.evaluate(
      ([cart, city]) => {
        window.localStorage.setItem('cartId', JSON.stringify(cart));
        window.localStorage.setItem('cityId', JSON.stringify(city));
        window.localStorage.setItem('cityShown', 'true');
      },
      [guestCartId, cityId] as const,
    );
    const dialog = await openSignIn(page);
    // other apps hear of the sign-in once, on the page's one bus
    await page.evaluate(() => {
      const page = globalThis as unknown as {
        __labEventBus: { on: (name: string, handler: (payload: unknown) => void) => void };
        sessionEvents: unknown[];
      };
      page.sessionEvents = [];
      page.__labEventBus.on('session:changed', (payload) => page.sessionEvents.push(payload));
    });
    const asked = await sendPhone(page, dialog, DEMO_PATIENT);
    const merged = page.waitForResponse((response) => response.url().includes(`/cart/carts/merge/${guestCartId}`));
    expect(await confirmCode(page, dialog, await smsCode(DEMO_PATIENT, asked))).toBe(200);
    expect((await merged).status()).toBe(200);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    expect(await stored(page, 'cartId')).toBeNull();
    expect(await stored(page, 'doctor')).toBeNull();
    expect(await page.evaluate(() => (globalThis as unknown as { sessionEvents: unknown[] }).sessionEvents)).toEqual([
      { signedIn: true },
    ]);
    await expect(page).toHaveURL(`${site.url}/`);
    await expect(page.getByRole('button', { name: 'Мій кабінет' })).toBeVisible();
    const cart = await pageJson<{ items: Array<{ serviceId: number }> }>(
      page,
      `/api/private/cart/carts?settlementId=${cityId}`,
    );
    expect(cart.body.items.map((item) => item.serviceId)).toContain(serviceId);
  });

  test('the demo doctor signs in, is marked a doctor and lands on their patients', async ({ page }) => {
    const dialog = await openSignIn(page);
    const asked = await sendPhone(page, dialog, DEMO_DOCTOR);
    expect(await confirmCode(page, dialog, await smsCode(DEMO_DOCTOR, asked))).toBe(200);
    await expect(page).toHaveURL(`${site.url}/account/patients`);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await stored(page, 'doctor')).toBe('true');
    expect(await stored(page, 'doctorType')).toBe('true');
    expect((await pageJson<{ canLogin: boolean }>(page, '/api/private/info')).body).toMatchObject({ canLogin: false });
  });

  test('a doctor whose session cookie is gone is a guest with a working cart (docs/product.md#guest-or-signed-in)', async ({
    page,
    context,
  }) => {
    const dialog = await openSignIn(page);
    const asked = await sendPhone(page, dialog, DEMO_BOTH);
    expect(await confirmCode(page, dialog, await smsCode(DEMO_BOTH, asked))).toBe(200);
    await expect(page).toHaveURL(`${site.url}/account/patients`);
    expect(await stored(page, 'doctorType')).toBe('true');

    // the session ends without a logout click: the cookie expired or was cleared
    await context.clearCookies();
    await page.goto(`${site.url}/analysis/ferytyn`);
    await expect(page.getByRole('button', { name: 'Увійти до особистого кабінету' })).toBeVisible();
    await expect.poll(() => stored(page, 'doctorType')).toBeNull();
    expect(await stored(page, 'doctor')).toBeNull();
    await expect(page.getByRole('link', { name: 'Кошик', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'До кошика: Феритин' }).click();
    await expect(page.getByRole('link', { name: 'У кошику: Феритин' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Кошик, послуг: [1-9]/ })).toBeVisible();
  });
});
