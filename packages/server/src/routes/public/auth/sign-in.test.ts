/** Sign-in by phone and registration (docs/product.md#sign-in and #validation). */
import type { LoginResponse, PhoneData } from '@lab/api/contract';
import type { SmsGateway } from '../../../auth/sms';
import {
  cookieFrom,
  createDoctorUser,
  createPatientUser,
  lastCode,
  testAuthSettings,
  uniquePhone,
} from '../../../test-support/accounts';
import { DEFAULT_NOW, useTestApp } from '../../../test-support/harness';
import { call, ok } from '../../../test-support/http';

// generous limits here; the limit tests below build their own app
const t = useTestApp({ config: { rateLimitMax: 0, auth: testAuthSettings() } });

const later = (ms: number) => new Date(DEFAULT_NOW.getTime() + ms);

const registration = {
  firstName: { uk: 'Олена' },
  lastName: { uk: 'Коваленко' },
  middleName: { uk: 'Петрівна' },
  birthDay: '1990-04-15',
  genderId: 2,
};

const WRONG_CODE_UK = { code: 'sms-invalid', message: 'Введено невірний код' };

async function startRegistration(phone: string): Promise<{ id: string; code: string }> {
  const data = await ok<PhoneData>(t.app, 'authPhone', { body: { phone } });
  return { id: data.id, code: lastCode(t.app, phone) };
}

describe('POST /auth', () => {
  it('answers registration/patient for an unknown phone and sends a 4-digit code, stored only hashed', async () => {
    const phone = uniquePhone();
    const data = await ok<PhoneData>(t.app, 'authPhone', { body: { phone } });
    expect(data).toEqual({ type: 'registration', source: 'patient', id: expect.any(String), timeToNextSend: 60_000 });
    const code = lastCode(t.app, phone);
    expect(code).toMatch(/^\d{4}$/);
    const stored = await t.db.one<{ codeHash: string }>(
      'SELECT code_hash AS "codeHash" FROM auth_codes WHERE id = $1',
      [data.id],
    );
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const everything = JSON.stringify(await t.db.query('SELECT * FROM auth_codes WHERE phone = $1', [phone]));
    expect(everything).not.toMatch(new RegExp(`"${code}"`));
  });

  it('answers login/patient for a patient and login/doctor for a doctor', async () => {
    const patient = await createPatientUser(t.db);
    expect(await ok<PhoneData>(t.app, 'authPhone', { body: { phone: patient.phone } })).toMatchObject({
      type: 'login',
      source: 'patient',
    });
    const doctor = await createDoctorUser(t.db);
    expect(await ok<PhoneData>(t.app, 'authPhone', { body: { phone: doctor.phone } })).toMatchObject({
      type: 'login',
      source: 'doctor',
    });
  });

  it('refuses a resend before timeToNextSend with 429, the remaining time and Retry-After', async () => {
    const phone = uniquePhone();
    await ok(t.app, 'authPhone', { body: { phone } });
    t.setNow(later(15_000));
    const res = await call(t.app, 'authPhone', { body: { phone }, language: 'ru' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      code: 'resend-too-early',
      message: 'Отправить код повторно можно через 45 с',
      field: 'phone',
    });
    expect(res.headers['retry-after']).toBe('45');
    const uk = await call(t.app, 'authPhone', { body: { phone } });
    expect((uk.body as { message: string }).message).toBe('Надіслати код повторно можна через 45 с');
  });

  it('sends a new code on every resend after the timer, and the previous code stops working', async () => {
    const patient = await createPatientUser(t.db);
    await ok(t.app, 'authPhone', { body: { phone: patient.phone } });
    const first = lastCode(t.app, patient.phone);
    t.setNow(later(61_000));
    await ok(t.app, 'authPhone', { body: { phone: patient.phone } });
    const second = lastCode(t.app, patient.phone);
    const rows = await t.db.query<{ superseded: boolean }>(
      'SELECT superseded_at IS NOT NULL AS superseded FROM auth_codes WHERE phone = $1 ORDER BY created_at',
      [patient.phone],
    );
    expect(rows).toEqual([{ superseded: true }, { superseded: false }]);
    if (first !== second) {
      const old = await call(t.app, 'login', { body: { phone: patient.phone, password: first } });
      expect(old.status).toBe(400);
    }
    expect((await call(t.app, 'login', { body: { phone: patient.phone, password: second } })).status).toBe(200);
  });

  it('rejects a malformed phone with 400 and stores nothing', async () => {
    for (const phone of ['380501234567', '+38050123456', '+3805012345678', '+48501234567', '']) {
      const res = await call(t.app, 'authPhone', { body: { phone } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation-error', field: 'phone' });
    }
    expect((await call(t.app, 'authPhone', { body: {} })).status).toBe(400);
    expect((await call(t.app, 'authPhone', { body: 'not json' })).status).toBe(400);
    const count = await t.db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM auth_codes WHERE phone NOT LIKE '+380%'",
    );
    expect(count.n).toBe(0);
  });
});

describe('POST /login with the SMS code', () => {
  it('signs an existing patient in: roles, a session cookie, canLogin false', async () => {
    const patient = await createPatientUser(t.db);
    await ok(t.app, 'authPhone', { body: { phone: patient.phone } });
    const res = await call(t.app, 'login', {
      body: { phone: patient.phone, password: lastCode(t.app, patient.phone) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: patient.userId, roles: ['patient'] } satisfies LoginResponse);
    const cookie = cookieFrom(res.headers);
    expect(cookie).toMatch(/^lab_session=[A-Za-z0-9_-]{43}$/);
    expect(await ok(t.app, 'sessionInfo', { headers: { cookie: cookie ?? '' } })).toMatchObject({ canLogin: false });
  });

  it('says which roles a user who is both has', async () => {
    const patient = await createPatientUser(t.db);
    await createDoctorUser(t.db, { userId: patient.userId });
    await ok(t.app, 'authPhone', { body: { phone: patient.phone } });
    const body = await ok<LoginResponse>(t.app, 'login', {
      body: { phone: patient.phone, password: lastCode(t.app, patient.phone) },
    });
    expect(body.roles).toEqual(['patient', 'doctor']);
  });

  it('answers a wrong code with 400 sms-invalid in Ukrainian or Russian', async () => {
    const patient = await createPatientUser(t.db);
    await ok(t.app, 'authPhone', { body: { phone: patient.phone } });
    const code = lastCode(t.app, patient.phone);
    const wrong = code === '0000' ? '1111' : '0000';
    const uk = await call(t.app, 'login', { body: { phone: patient.phone, password: wrong } });
    expect(uk.status).toBe(400);
    expect(uk.body).toEqual({ ...WRONG_CODE_UK, field: 'password' });
    const ru = await call(t.app, 'login', { body: { phone: patient.phone, password: wrong }, language: 'ru' });
    expect(ru.body).toEqual({ code: 'sms-invalid', message: 'Введен неверный код', field: 'password' });
  });

  it('refuses the sixth attempt even with the right code', async () => {
    const patient = await createPatientUser(t.db);
    await ok(t.app, 'authPhone', { body: { phone: patient.phone } });
    const code = lastCode(t.app, patient.phone);
    const wrong = code === '9999' ? '9998' : '9999';
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, 'login', { body: { phone: patient.phone, password: wrong } })).status).toBe(400);
    }
    const sixth = await call(t.app, 'login', { body: { phone: patient.phone, password: code } });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'code-attempts-exceeded', field: 'password' });
    expect(cookieFrom(sixth.headers)).toBeNull();
  });

  it('accepts the right code on the fifth attempt', async () => {
    const patient = await createPatientUser(t.db);
    await ok(t.app, 'authPhone', { body: { phone: patient.phone } });
    const code = lastCode(t.app, patient.phone);
    const wrong = code === '1234' ? '4321' : '1234';
    for (let i = 0; i < 4; i++) await call(t.app, 'login', { body: { phone: patient.phone, password: wrong } });
    expect((await call(t.app, 'login', { body: { phone: patient.phone, password: code } })).status).toBe(200);
  });

  it('uses a code once', async () => {
    const patient = await createPatientUser(t.db);
    await ok(t.app, 'authPhone', { body: { phone: patient.phone } });
    const code = lastCode(t.app, patient.phone);
    expect((await call(t.app, 'login', { body: { phone: patient.phone, password: code } })).status).toBe(200);
    expect((await call(t.app, 'login', { body: { phone: patient.phone, password: code } })).body).toMatchObject(
      WRONG_CODE_UK,
    );
  });

  it('lets a code expire (5 minutes by default, never more than 10)', async () => {
    const patient = await createPatientUser(t.db);
    await ok(t.app, 'authPhone', { body: { phone: patient.phone } });
    const code = lastCode(t.app, patient.phone);
    t.setNow(later(5 * 60_000 + 1000));
    expect((await call(t.app, 'login', { body: { phone: patient.phone, password: code } })).status).toBe(400);
  });

  it('binds a code to its phone: the code of one phone does not sign another in', async () => {
    const a = await createPatientUser(t.db);
    const b = await createPatientUser(t.db);
    await ok(t.app, 'authPhone', { body: { phone: a.phone } });
    await ok(t.app, 'authPhone', { body: { phone: b.phone } });
    const codeA = lastCode(t.app, a.phone);
    const codeB = lastCode(t.app, b.phone);
    if (codeA !== codeB) {
      expect((await call(t.app, 'login', { body: { phone: b.phone, password: codeA } })).status).toBe(400);
    }
    expect((await call(t.app, 'login', { body: { phone: b.phone, password: codeB } })).status).toBe(200);
  });

  it('refuses a phone that was never sent a code, and a registration code as a login password', async () => {
    const patient = await createPatientUser(t.db);
    expect((await call(t.app, 'login', { body: { phone: patient.phone, password: '1234' } })).status).toBe(400);
    const phone = uniquePhone();
    const { code } = await startRegistration(phone);
    expect((await call(t.app, 'login', { body: { phone, password: code } })).status).toBe(400);
  });

  it('rejects malformed bodies with 400', async () => {
    const phone = uniquePhone();
    for (const body of [{ phone }, { password: '1234' }, { phone, password: '12' }, { phone, password: 1234 }]) {
      expect((await call(t.app, 'login', { body })).status).toBe(400);
    }
  });

  it('writes every attempt to the audit log: outcome, phone hash, address, user agent; never the phone', async () => {
    const patient = await createPatientUser(t.db);
    await ok(t.app, 'authPhone', { body: { phone: patient.phone } });
    const code = lastCode(t.app, patient.phone);
    await call(t.app, 'login', {
      body: { phone: patient.phone, password: code === '0000' ? '1111' : '0000' },
      headers: { 'user-agent': 'audit-test' },
    });
    await call(t.app, 'login', {
      body: { phone: patient.phone, password: code },
      headers: { 'user-agent': 'audit-test' },
    });
    const rows = await t.db.query<Record<string, unknown>>(
      `SELECT event, outcome, user_id AS "userId", phone_hash AS "phoneHash", reason, ip, user_agent AS "userAgent"
         FROM audit_log WHERE user_agent = 'audit-test' ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        event: 'sign-in',
        outcome: 'failure',
        userId: null,
        phoneHash: expect.stringMatching(/^[0-9a-f]{32}$/),
        reason: 'sms-invalid',
        ip: '127.0.0.1',
        userAgent: 'audit-test',
      },
      expect.objectContaining({ event: 'sign-in', outcome: 'success', userId: patient.userId, reason: null }),
    ]);
    expect(rows[0]?.phoneHash).toBe(rows[1]?.phoneHash);
    expect(JSON.stringify(await t.db.query('SELECT * FROM audit_log'))).not.toContain(patient.phone.slice(1));
  });
});

describe('registration: approve, register, log in at once', () => {
  it('registers a patient and logs in with the returned code', async () => {
    const phone = uniquePhone();
    const { id, code } = await startRegistration(phone);
    expect(await ok(t.app, 'registrationApprove', { params: { id }, body: { code } })).toEqual({ id });
    const registered = await ok<{ code: string }>(t.app, 'registrationRegister', {
      params: { id },
      body: { ...registration, firstName: { uk: 'Олена', ru: 'Елена' } },
    });
    expect(registered.code.length).toBeGreaterThanOrEqual(32);
    const res = await call(t.app, 'login', { body: { phone, password: registered.code } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ roles: ['patient'] });
    const cookie = cookieFrom(res.headers) ?? '';
    const self = await ok<{ userData: { firstName: string; lastName: string } }>(t.app, 'patientSelf', {
      headers: { cookie },
      language: 'ru',
    });
    expect(self.userData).toMatchObject({ firstName: 'Елена', lastName: 'Коваленко' });
    // the returned code works once
    expect((await call(t.app, 'login', { body: { phone, password: registered.code } })).status).toBe(400);
  });

  it('registers someone who has no patronymic, without one', async () => {
    const phone = uniquePhone();
    const { id, code } = await startRegistration(phone);
    await ok(t.app, 'registrationApprove', { params: { id }, body: { code } });
    const { middleName: _none, ...withoutPatronymic } = registration;
    const registered = await ok<{ code: string }>(t.app, 'registrationRegister', {
      params: { id },
      body: withoutPatronymic,
    });
    const res = await call(t.app, 'login', { body: { phone, password: registered.code } });
    expect(res.status).toBe(200);
    const self = await ok<{ userData: { firstName: string; middleName: string | null } }>(t.app, 'patientSelf', {
      headers: { cookie: cookieFrom(res.headers) ?? '' },
    });
    expect(self.userData).toMatchObject({ firstName: 'Олена' });
    expect(self.userData.middleName ?? '').toBe('');
  });

  it('answers a wrong approval code with sms-invalid and allows 5 tries', async () => {
    const phone = uniquePhone();
    const { id, code } = await startRegistration(phone);
    const wrong = code === '0000' ? '1111' : '0000';
    const res = await call(t.app, 'registrationApprove', { params: { id }, body: { code: wrong } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ...WRONG_CODE_UK, field: 'code' });
    for (let i = 0; i < 4; i++) await call(t.app, 'registrationApprove', { params: { id }, body: { code: wrong } });
    const sixth = await call(t.app, 'registrationApprove', { params: { id }, body: { code } });
    expect(sixth.status).toBe(429);
  });

  it('refuses register before approval and for an unknown id', async () => {
    const phone = uniquePhone();
    const { id } = await startRegistration(phone);
    const early = await call(t.app, 'registrationRegister', { params: { id }, body: registration });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ code: 'registration-not-approved' });
    const unknown = await call(t.app, 'registrationRegister', { params: { id: 'no-such-id' }, body: registration });
    expect(unknown.status).toBe(400);
    expect((await call(t.app, 'registrationApprove', { params: { id: 'x' }, body: { code: '1234' } })).status).toBe(
      400,
    );
  });

  it.each([
    ['digits in a name', { firstName: { uk: 'Олена2' } }, 'firstName'],
    ['a blank name', { lastName: { uk: '   ' } }, 'lastName'],
    ['no language', { firstName: {} }, 'firstName'],
    ['a birth day in the future', { birthDay: '2026-11-19' }, 'birthDay'],
    ['a birth day on 1900-01-01', { birthDay: '1900-01-01' }, 'birthDay'],
    ['a birth day before 1900', { birthDay: '1899-12-31' }, 'birthDay'],
    ['no such date', { birthDay: '1990-02-30' }, 'birthDay'],
    ['an age under 18', { birthDay: '2008-11-19' }, 'birthDay'],
    ['an unknown gender', { genderId: 999 }, 'genderId'],
    ['an unknown field', { email: 'x@y.ua' }, 'email'],
  ])('rejects %s with 400 and stores no account', async (_, change, field) => {
    const phone = uniquePhone();
    const { id, code } = await startRegistration(phone);
    await ok(t.app, 'registrationApprove', { params: { id }, body: { code } });
    const res = await call(t.app, 'registrationRegister', { params: { id }, body: { ...registration, ...change } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation-error', field });
    expect(await t.db.maybeOne('SELECT 1 FROM users WHERE phone = $1', [phone])).toBeNull();
    // the registration can still be completed with good data
    expect((await call(t.app, 'registrationRegister', { params: { id }, body: registration })).status).toBe(200);
  });

  it('accepts an 18th birthday today (Kyiv)', async () => {
    const phone = uniquePhone();
    const { id, code } = await startRegistration(phone);
    await ok(t.app, 'registrationApprove', { params: { id }, body: { code } });
    expect(
      (await call(t.app, 'registrationRegister', { params: { id }, body: { ...registration, birthDay: '2008-11-18' } }))
        .status,
    ).toBe(200);
  });

  it('completes a registration once', async () => {
    const phone = uniquePhone();
    const { id, code } = await startRegistration(phone);
    await ok(t.app, 'registrationApprove', { params: { id }, body: { code } });
    await ok(t.app, 'registrationRegister', { params: { id }, body: registration });
    expect((await call(t.app, 'registrationRegister', { params: { id }, body: registration })).status).toBe(400);
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE phone = $1', [phone])).n).toBe(1);
  });
});

describe('limits held in the database', () => {
  const limited = useTestApp({
    config: {
      rateLimitMax: 0,
      auth: testAuthSettings({
        resendSeconds: 0,
        limits: { sendsPerPhonePerHour: 3, sendsPerIpPerHour: 5, checksPerPhonePerHour: 4, checksPerIpPerHour: 100 },
      }),
    },
  });

  it('stops sending to one phone after its hourly limit, and from one address after its limit', async () => {
    const phone = uniquePhone();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(limited.app, 'authPhone', { body: { phone } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const other = await call(limited.app, 'authPhone', { body: { phone: uniquePhone() } });
    expect(other.status).toBe(200);
    const fromSameAddress = await call(limited.app, 'authPhone', { body: { phone: uniquePhone() }, language: 'ru' });
    expect(fromSameAddress.status).toBe(429);
    expect(fromSameAddress.body).toEqual({
      code: 'auth-rate-limited',
      message: 'Слишком много попыток входа. Попробуйте через час.',
    });
    const counters = await limited.db.query<{ key: string; count: number }>(
      "SELECT key, count FROM rate_counters WHERE key LIKE 'send:%' ORDER BY key",
    );
    expect(counters.some((row) => row.key === 'send:ip:127.0.0.1' && row.count === 6)).toBe(true);
    expect(JSON.stringify(counters)).not.toContain(phone.slice(1));
  });

  it('limits code checks per phone across codes', async () => {
    const patient = await createPatientUser(limited.db);
    limited.setNow(later(2 * 3600_000));
    await ok(limited.app, 'authPhone', { body: { phone: patient.phone } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await call(limited.app, 'login', { body: { phone: patient.phone, password: '0000' } })).status);
    }
    expect(statuses.slice(0, 4).every((status) => status === 400 || status === 200)).toBe(true);
    expect(statuses[4]).toBe(429);
  });
});

describe('production', () => {
  const lines: string[] = [];
  const sent: Array<{ phone: string; text: string }> = [];
  const capturing: SmsGateway = {
    kind: 'test-provider',
    async send(phone, text) {
      sent.push({ phone, text });
    },
  };
  const prod = useTestApp({
    config: { rateLimitMax: 0, production: true },
    sms: capturing,
    logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
  });

  it('has no development SMS outbox', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?phone=%2B380501234567' });
    expect(res.statusCode).toBe(404);
    expect((await prod.app.inject({ method: 'POST', url: '/api/dev/clock/advance', payload: {} })).statusCode).toBe(
      404,
    );
  });

  it('never writes a code to the log', async () => {
    const patient = await createPatientUser(prod.db);
    await ok(prod.app, 'authPhone', { body: { phone: patient.phone } });
    const code = /\b(\d{4})\b/.exec(sent.at(-1)?.text ?? '')?.[1] ?? 'none';
    await call(prod.app, 'login', { body: { phone: patient.phone, password: code === '0000' ? '1111' : '0000' } });
    await ok(prod.app, 'login', { body: { phone: patient.phone, password: code } });
    expect(lines.length).toBeGreaterThan(0);
    const standalone = new RegExp(`(?<![\\d.])${code}(?![\\d.])`);
    for (const line of lines) expect(line).not.toMatch(standalone);
  });
});

describe('development SMS outbox', () => {
  it('answers the latest messages of a phone, newest first, with their codes', async () => {
    const phone = uniquePhone();
    await ok(t.app, 'authPhone', { body: { phone } });
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}` });
    expect(res.statusCode).toBe(200);
    const [latest] = res.json() as Array<{ phone: string; code: string; text: string }>;
    expect(latest).toMatchObject({ phone, code: lastCode(t.app, phone) });
    const bad = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?phone=123' });
    expect(bad.statusCode).toBe(400);
  });
});
