/**
 * Accounts for route tests: users written straight into the database (fast, no SMS limits), sessions
 * for them, and the real sign-in flow through the development SMS outbox.
 */
import type { FastifyInstance } from 'fastify';
import { randomToken, tokenHash } from '../auth/crypto';
import { codeOf, DevSmsGateway } from '../auth/sms';
import { type AuthSettings, authSettingsFromEnv } from '../config';
import type { Database } from '../db/database';
import { call } from './http';

let counter = 0;

/** A phone nobody else in this test file uses: +38050 + pid-derived block + counter. */
export function uniquePhone(): string {
  counter += 1;
  const block = String(process.pid % 1000).padStart(3, '0');
  return `+38063${block}${String(counter).padStart(4, '0')}`;
}

export interface TestPatient {
  userId: number;
  patientId: number;
  phone: string;
}

export async function createPatientUser(
  db: Database,
  options: {
    phone?: string;
    firstName?: string;
    lastName?: string;
    gender?: 'male' | 'female';
    birthDay?: string;
  } = {},
): Promise<TestPatient> {
  const phone = options.phone ?? uniquePhone();
  const user = await db.one<{ id: number }>('INSERT INTO users (phone) VALUES ($1) RETURNING id', [phone]);
  const patient = await db.one<{ id: number }>(
    `INSERT INTO patients (user_id, first_name_uk, first_name_ru, last_name_uk, last_name_ru, middle_name_uk,
                           birth_day, gender_id)
     VALUES ($1, $2, $2, $3, $3, 'Іванович', $4::date, (SELECT id FROM genders WHERE code = $5)) RETURNING id`,
    [
      user.id,
      options.firstName ?? 'Тарас',
      options.lastName ?? 'Шевченко',
      options.birthDay ?? '1985-03-09',
      options.gender ?? 'male',
    ],
  );
  return { userId: user.id, patientId: patient.id, phone };
}

export async function createWard(
  db: Database,
  ownerId: number,
  options: { firstName?: string; gender?: 'male' | 'female'; birthDay?: string } = {},
): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO patients (owner_id, first_name_uk, last_name_uk, birth_day, gender_id)
     VALUES ($1, $2, 'Шевченко', $3::date, (SELECT id FROM genders WHERE code = $4)) RETURNING id`,
    [ownerId, options.firstName ?? 'Марійка', options.birthDay ?? '2015-06-01', options.gender ?? 'female'],
  );
  return row.id;
}

export interface TestDoctor {
  userId: number;
  doctorId: number;
  phone: string;
  workplaces: Array<{ id: number; code: string }>;
}

/** A doctor with two workplaces (codes `<prefix>1`, `<prefix>2`), the first current. */
export async function createDoctorUser(
  db: Database,
  options: { phone?: string; userId?: number; codePrefix?: string } = {},
): Promise<TestDoctor> {
  let userId = options.userId;
  const phone = options.phone ?? uniquePhone();
  if (userId === undefined) {
    userId = (await db.one<{ id: number }>('INSERT INTO users (phone) VALUES ($1) RETURNING id', [phone])).id;
  }
  const doctor = await db.one<{ id: number }>(
    `INSERT INTO doctors (user_id, first_name_uk, first_name_ru, last_name_uk, last_name_ru, middle_name_uk,
                          specialization_id)
     VALUES ($1, 'Ольга', 'Ольга', 'Петренко', 'Петренко', 'Василівна', (SELECT min(id) FROM specializations))
     RETURNING id`,
    [userId],
  );
  const prefix = (options.codePrefix ?? `D${doctor.id}X`).toUpperCase();
  const workplaces: Array<{ id: number; code: string }> = [];
  for (const n of [1, 2]) {
    const org = await db.one<{ id: number }>(
      `INSERT INTO organizations (key, title_uk, title_ru) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET title_uk = EXCLUDED.title_uk RETURNING id`,
      [`test-clinic-${n}`, `Клініка №${n}`, `Клиника №${n}`],
    );
    const workplace = await db.one<{ id: number }>(
      `INSERT INTO doctor_workplaces (doctor_id, organization_id, code, sort_order) VALUES ($1, $2, $3, $4) RETURNING id`,
      [doctor.id, org.id, `${prefix}${n}`, n],
    );
    workplaces.push({ id: workplace.id, code: `${prefix}${n}` });
  }
  await db.query('UPDATE doctors SET current_workplace_id = $2 WHERE id = $1', [doctor.id, workplaces[0]?.id ?? null]);
  return { userId, doctorId: doctor.id, phone, workplaces };
}

/** A live session for a user, as the cookie header of a localhost request. */
export async function sessionCookie(app: FastifyInstance, userId: number): Promise<string> {
  const token = randomToken(32);
  await app.repos.sessions.create({
    tokenHash: tokenHash(token),
    userId,
    absoluteSeconds: 12 * 3600,
    ip: '127.0.0.1',
    userAgent: 'jest',
  });
  return `lab_session=${token}`;
}

/** The latest code the development gateway sent to a phone. */
export function lastCode(app: FastifyInstance, phone: string): string {
  if (!(app.sms instanceof DevSmsGateway)) throw new Error('not the development SMS gateway');
  const text = app.sms.outbox(phone, 1)[0]?.text ?? '';
  const code = codeOf(text);
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

/** The cookie header (`name=value`) of a Set-Cookie reply, or null. */
export function cookieFrom(headers: Record<string, unknown>): string | null {
  const raw = headers['set-cookie'];
  const first = Array.isArray(raw) ? raw[0] : raw;
  return typeof first === 'string' ? (first.split(';')[0] ?? null) : null;
}

/** The real flow for an existing account: POST /auth, the code from the outbox, POST /login. */
export async function signIn(app: FastifyInstance, phone: string): Promise<string> {
  const sent = await call(app, 'authPhone', { body: { phone } });
  if (sent.status !== 200) throw new Error(`auth answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const res = await call(app, 'login', { body: { phone, password: lastCode(app, phone) } });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${JSON.stringify(res.body)}`);
  const cookie = cookieFrom(res.headers);
  if (!cookie) throw new Error('login set no cookie');
  return cookie;
}

/** The development sign-in settings with limits no test file reaches unless it means to. */
export function testAuthSettings(overrides: Partial<AuthSettings> = {}): AuthSettings {
  const defaults = authSettingsFromEnv({}, false);
  return {
    ...defaults,
    limits: {
      sendsPerPhonePerHour: 50,
      sendsPerIpPerHour: 10_000,
      checksPerPhonePerHour: 100,
      checksPerIpPerHour: 10_000,
    },
    ...overrides,
  };
}

/** Tiny files whose first bytes say what they are. */
export const IMAGES = {
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF-test-image')]),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png-test')]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 test')]),
  gif: Buffer.from('GIF89a-not-allowed'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
} as const;

/** A multipart/form-data body with one file. */
export function multipartFile(
  bytes: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----lab-test-boundary';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; ` +
    `filename="${options.filename ?? 'photo.jpg'}"\r\nContent-Type: ${options.contentType ?? 'image/jpeg'}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Puts services into a user's cart (the cart's own routes belong to the cart issue). */
export async function fillCart(db: Database, userId: number, serviceCodes: readonly string[]): Promise<string> {
  const cart = await db.one<{ id: string }>(
    `INSERT INTO carts (user_id) VALUES ($1) ON CONFLICT (user_id) WHERE user_id IS NOT NULL DO UPDATE SET updated_at = now()
     RETURNING id`,
    [userId],
  );
  await db.query(
    `INSERT INTO cart_items (cart_id, service_id)
     SELECT $1, id FROM services WHERE code = ANY($2::text[]) ON CONFLICT DO NOTHING`,
    [cart.id, serviceCodes],
  );
  return cart.id;
}

/** The price and list price of a service in a settlement. */
export async function priceOf(
  db: Database,
  code: string,
  settlementId = 1,
): Promise<{ price: number; fullPrice: number }> {
  return db.one(
    `SELECT sp.price, sp.full_price AS "fullPrice" FROM service_prices sp JOIN services s ON s.id = sp.service_id
      WHERE s.code = $1 AND sp.settlement_id = $2`,
    [code, settlementId],
  );
}
