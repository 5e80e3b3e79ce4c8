/** Sessions: the cookie, guest versus signed in, logout, timeouts, and the cross-site guard. */
import type { PhoneData } from '@lab/api/contract';
import {
  cookieFrom,
  createDoctorUser,
  createPatientUser,
  lastCode,
  sessionCookie,
  signIn,
  testAuthSettings,
} from '../../../test-support/accounts';
import { DEFAULT_NOW, useTestApp } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';

const t = useTestApp({ config: { rateLimitMax: 0, auth: testAuthSettings() } });
const at = (minutes: number) => new Date(DEFAULT_NOW.getTime() + minutes * 60_000);

function setCookieOf(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  return String(Array.isArray(raw) ? raw[0] : raw);
}

async function loginResponse(phone: string, headers: Record<string, string> = {}) {
  await ok<PhoneData>(t.app, 'authPhone', { body: { phone }, headers });
  return call(t.app, 'login', { body: { phone, password: lastCode(t.app, phone) }, headers });
}

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and not Secure on localhost, with a 256-bit token', async () => {
    const patient = await createPatientUser(t.db);
    const res = await loginResponse(patient.phone);
    const header = setCookieOf(res.headers);
    expect(header).toMatch(/^lab_session=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).toContain('Max-Age=43200');
    expect(header).not.toContain('Secure');
    expect(header).not.toContain('Domain');
  });

  it('is Secure with the __Host- prefix on any other host, and only that name is read there', async () => {
    const patient = await createPatientUser(t.db);
    const headers = { host: 'lab.example.ua' };
    const res = await loginResponse(patient.phone, headers);
    const header = setCookieOf(res.headers);
    expect(header).toMatch(/^__Host-lab_session=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('Secure');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).not.toContain('Domain');
    const token = (cookieFrom(res.headers) ?? '').split('=')[1] ?? '';
    const signedIn = await ok(t.app, 'sessionInfo', { headers: { ...headers, cookie: `__Host-lab_session=${token}` } });
    expect(signedIn).toEqual(PATIENT_SESSION);
    // a plain cookie (which a sibling subdomain could plant) is ignored on a public host
    const planted = await ok(t.app, 'sessionInfo', { headers: { ...headers, cookie: `lab_session=${token}` } });
    expect(planted).toEqual({ canLogin: true });
  });

  it('follows the host the client addressed behind the trusted proxy (X-Forwarded-Host)', async () => {
    const patient = await createPatientUser(t.db);
    const res = await loginResponse(patient.phone, { 'x-forwarded-host': 'shop.lab.ua', 'x-forwarded-proto': 'https' });
    expect(setCookieOf(res.headers)).toMatch(/^__Host-lab_session=.*Secure/);
  });

  it('stores only the token’s hash', async () => {
    const patient = await createPatientUser(t.db);
    const res = await loginResponse(patient.phone);
    const token = (cookieFrom(res.headers) ?? '').split('=')[1] ?? '';
    const rows = await t.db.query<{ tokenHash: string }>(
      'SELECT token_hash AS "tokenHash" FROM sessions WHERE user_id = $1',
      [patient.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await t.db.query('SELECT * FROM sessions'))).not.toContain(token);
  });
});

/** A patient's session: signed in, with the profiles the user has (the apps ask only for those). */
const PATIENT_SESSION = { canLogin: false, profiles: { patient: true, doctor: false } };

describe('guests and signed-in users', () => {
  it('answers info canLogin true for a guest, false with a session', async () => {
    expect(await ok(t.app, 'sessionInfo')).toEqual({ canLogin: true });
    expect(await ok(t.app, 'sessionInfo', { headers: { cookie: 'lab_session=forged-token' } })).toEqual({
      canLogin: true,
    });
    const patient = await createPatientUser(t.db);
    const cookie = await sessionCookie(t.app, patient.userId);
    expect(await ok(t.app, 'sessionInfo', { headers: { cookie } })).toEqual(PATIENT_SESSION);
  });

  it("names a doctor's profiles in info, so that a patient's pages never ask for a doctor's profile", async () => {
    const doctor = await createDoctorUser(t.db);
    const cookie = await sessionCookie(t.app, doctor.userId);
    expect(await ok(t.app, 'sessionInfo', { headers: { cookie } })).toEqual({
      canLogin: false,
      profiles: { patient: false, doctor: true },
    });
  });

  it.each([
    ['patientSelf', {}],
    ['wardsList', {}],
    ['doctorSelf', {}],
    ['registriesList', { query: { 'customer-type': 'patient' } }],
    ['registry', { params: { id: 1 } }],
    ['orderCreate', { body: {} }],
  ] as const)('answers %s without a session with 401 in the request’s language', async (key, input) => {
    const uk = await call(t.app, key, input);
    expect(uk.status).toBe(401);
    expect(uk.body).toEqual({ code: 'unauthorized', message: 'Увійдіть до особистого кабінету' });
    const ru = await call(t.app, key, { ...input, language: 'ru' });
    expect(ru.body).toEqual({ code: 'unauthorized', message: 'Войдите в личный кабинет' });
  });

  it('gives a new token at every sign-in and revokes the one the request carried', async () => {
    const patient = await createPatientUser(t.db);
    const first = await signIn(t.app, patient.phone);
    t.setNow(at(2));
    const second = await loginResponse(patient.phone, { cookie: first });
    const secondCookie = cookieFrom(second.headers) ?? '';
    expect(secondCookie).not.toBe(first);
    expect(await ok(t.app, 'sessionInfo', { headers: { cookie: first } })).toEqual({ canLogin: true });
    expect(await ok(t.app, 'sessionInfo', { headers: { cookie: secondCookie } })).toEqual(PATIENT_SESSION);
  });
});

describe('logout', () => {
  it('revokes the session on the server and clears the cookie', async () => {
    const patient = await createPatientUser(t.db);
    const cookie = await signIn(t.app, patient.phone);
    expect((await call(t.app, 'patientSelf', { headers: { cookie } })).status).toBe(200);
    const res = await call(t.app, 'logout', { headers: { cookie }, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(setCookieOf(res.headers)).toMatch(/^lab_session=;.*Expires=Thu, 01 Jan 1970/);
    // the old token is dead even if someone kept a copy
    expect((await call(t.app, 'patientSelf', { headers: { cookie } })).status).toBe(401);
    expect(await ok(t.app, 'sessionInfo', { headers: { cookie } })).toEqual({ canLogin: true });
    const row = await t.db.one<{ revoked: boolean }>(
      'SELECT revoked_at IS NOT NULL AS revoked FROM sessions WHERE user_id = $1',
      [patient.userId],
    );
    expect(row.revoked).toBe(true);
  });

  it('takes the storefront’s JSON content type with an empty body (docs/product.md#calls), and still refuses broken JSON', async () => {
    const { userId } = await createPatientUser(t.db);
    const cookie = await sessionCookie(t.app, userId);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/private/logout',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(200);
    expect((await call(t.app, 'sessionInfo', { headers: { cookie } })).body).toEqual({ canLogin: true });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/private/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'bad-request', message: 'Тіло запиту не є коректним JSON' });
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/public/cart/carts',
      headers: { 'content-type': 'application/json' },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers a guest’s logout with ok', async () => {
    expect((await call(t.app, 'logout', { body: {} })).status).toBe(200);
  });
});

describe('timeouts', () => {
  it('ends a session after 30 idle minutes, and each request slides the timeout', async () => {
    const patient = await createPatientUser(t.db);
    const cookie = await sessionCookie(t.app, patient.userId);
    for (const minute of [20, 40, 60, 80]) {
      t.setNow(at(minute));
      expect((await call(t.app, 'patientSelf', { headers: { cookie } })).status).toBe(200);
    }
    t.setNow(at(80 + 31));
    expect((await call(t.app, 'patientSelf', { headers: { cookie } })).status).toBe(401);
  });

  it('ends a session 12 hours after sign-in however busy it is', async () => {
    const patient = await createPatientUser(t.db);
    const cookie = await sessionCookie(t.app, patient.userId);
    for (let minute = 25; minute < 12 * 60; minute += 25) {
      t.setNow(at(minute));
      expect((await call(t.app, 'sessionInfo', { headers: { cookie } })).body).toEqual(PATIENT_SESSION);
    }
    t.setNow(at(12 * 60 + 1));
    expect((await call(t.app, 'sessionInfo', { headers: { cookie } })).body).toEqual({ canLogin: true });
  });
});

describe('cross-site state changes', () => {
  const REFUSED = { code: 'cross-site', message: 'Запит з іншого сайту відхилено' };

  it('refuses a POST marked cross-site by the browser, in the request’s language', async () => {
    const res = await call(t.app, 'authPhone', {
      body: { phone: '+380501112233' },
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(REFUSED);
    const ru = await call(t.app, 'logout', { body: {}, headers: { 'sec-fetch-site': 'cross-site' }, language: 'ru' });
    expect(ru.body).toEqual({ code: 'cross-site', message: 'Запрос с другого сайта отклонён' });
  });

  it('refuses a signed-in user’s cross-site logout and keeps the session', async () => {
    const patient = await createPatientUser(t.db);
    const cookie = await sessionCookie(t.app, patient.userId);
    const res = await call(t.app, 'logout', { body: {}, headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
    expect(await ok(t.app, 'sessionInfo', { headers: { cookie } })).toEqual(PATIENT_SESSION);
  });

  it('refuses a foreign Origin when the browser sends no Sec-Fetch-Site', async () => {
    const res = await call(t.app, 'authPhone', {
      body: { phone: '+380501112233' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(
      (await call(t.app, 'authPhone', { body: { phone: '+380501112233' }, headers: { origin: 'null' } })).status,
    ).toBe(403);
  });

  it.each([
    ['same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['same-site', { 'sec-fetch-site': 'same-site' }],
    ['none', { 'sec-fetch-site': 'none' }],
    ['its own Origin', { origin: 'http://localhost:80' }],
    [
      'the proxy’s forwarded origin',
      { origin: 'https://shop.lab.ua', 'x-forwarded-host': 'shop.lab.ua', 'x-forwarded-proto': 'https' },
    ],
    ['no browser headers (a server)', {}],
  ])('allows a state change from %s', async (_, headers) => {
    const res = await call(t.app, 'logout', { body: {}, headers });
    expect(res.status).toBe(200);
  });

  it('lets reads through from anywhere', async () => {
    const res = await call(t.app, 'sessionInfo', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });
});

describe('allowed origins from the settings', () => {
  const configured = useTestApp({
    config: { rateLimitMax: 0, auth: testAuthSettings({ allowedOrigins: ['https://lab.ua'] }) },
  });

  it('accepts a listed origin and refuses others, even the API’s own', async () => {
    expect((await call(configured.app, 'logout', { body: {}, headers: { origin: 'https://lab.ua' } })).status).toBe(
      200,
    );
    expect(
      (await call(configured.app, 'logout', { body: {}, headers: { origin: 'http://localhost:80' } })).status,
    ).toBe(403);
  });
});
