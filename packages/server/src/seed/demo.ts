/**
 * Demo accounts (development and staging; `DEMO_DATA`, on by default outside production), inserted by
 * server start when missing:
 *
 *   +380501234567  patient Олена Коваленко with two wards and a year of orders with results, so that
 *                  dynamics have points for several indicators; orders in all seven display states
 *                  (more than one page of them), a qualitative result found and one not found
 *   +380671234567  doctor Андрій Мельник, two workplaces (codes MELNYK-1, MELNYK-2), a manager, and
 *                  three patients with more than 20 referrals and results
 *   +380931234567  Ірина Бондаренко, patient and doctor (workplace code BONDARENKO-1)
 *
 * They sign in like anyone else: the code arrives in the development SMS outbox
 * (GET /api/dev/sms-outbox?phone=...) and the server log.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { LOCK_KEYS } from '../db/locks';
import { writeResults } from '../domain/lab-results';
import { orderTotals } from '../domain/order-pricing';
import { createLisRepository } from '../repositories/lis';

/** The development laboratory system (`npm run demo:lis` publishes as it). */
export const DEV_LIS_SYSTEM = 'dev-lis';

export const DEMO_PHONES = {
  patient: '+380501234567',
  doctor: '+380671234567',
  both: '+380931234567',
} as const;

const DAY = 86_400_000;

interface Person {
  firstName: [string, string];
  lastName: [string, string];
  middleName: [string, string] | null;
}

const person = (first: [string, string], last: [string, string], middle: [string, string] | null): Person => ({
  firstName: first,
  lastName: last,
  middleName: middle,
});

async function gender(db: Queryable, code: 'male' | 'female'): Promise<number | null> {
  return (await db.maybeOne<{ id: number }>('SELECT id FROM genders WHERE code = $1', [code]))?.id ?? null;
}

async function insertUser(db: Queryable, phone: string): Promise<number> {
  return (await db.one<{ id: number }>('INSERT INTO users (phone) VALUES ($1) RETURNING id', [phone])).id;
}

async function insertPatient(
  db: Queryable,
  who: Person,
  birthDay: string,
  sex: 'male' | 'female',
  owner: { userId: number } | { ownerId: number },
  extra: { email?: string } = {},
): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO patients (user_id, owner_id, first_name_uk, first_name_ru, last_name_uk, last_name_ru, middle_name_uk,
                           middle_name_ru, birth_day, gender_id, email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::date, $10, $11) RETURNING id`,
    [
      'userId' in owner ? owner.userId : null,
      'ownerId' in owner ? owner.ownerId : null,
      who.firstName[0],
      who.firstName[1],
      who.lastName[0],
      who.lastName[1],
      who.middleName?.[0] ?? null,
      who.middleName?.[1] ?? null,
      birthDay,
      await gender(db, sex),
      extra.email ?? null,
    ],
  );
  return row.id;
}

async function insertDoctor(
  db: Queryable,
  userId: number,
  who: Person,
  specialization: string,
  managerId: number,
  workplaces: Array<{ organization: number; code: string }>,
): Promise<{ doctorId: number; workplaceIds: number[] }> {
  const doctor = await db.one<{ id: number }>(
    `INSERT INTO doctors (user_id, first_name_uk, first_name_ru, last_name_uk, last_name_ru, middle_name_uk,
                          middle_name_ru, email, specialization_id, manager_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, (SELECT id FROM specializations WHERE code = $9), $10) RETURNING id`,
    [
      userId,
      who.firstName[0],
      who.firstName[1],
      who.lastName[0],
      who.lastName[1],
      who.middleName?.[0] ?? null,
      who.middleName?.[1] ?? null,
      null,
      specialization,
      managerId,
    ],
  );
  const workplaceIds: number[] = [];
  for (const [index, workplace] of workplaces.entries()) {
    const row = await db.one<{ id: number }>(
      `INSERT INTO doctor_workplaces (doctor_id, organization_id, code, sort_order) VALUES ($1, $2, $3, $4) RETURNING id`,
      [doctor.id, workplace.organization, workplace.code, index],
    );
    workplaceIds.push(row.id);
  }
  await db.query('UPDATE doctors SET current_workplace_id = $2 WHERE id = $1', [doctor.id, workplaceIds[0] ?? null]);
  return { doctorId: doctor.id, workplaceIds };
}

interface Catalogue {
  settlementId: number;
  branchIds: number[];
  /** service code -> id, for the codes that exist */
  codes: Map<string, number>;
  /** analyses with a price, for fallbacks */
  any: number[];
}

async function catalogue(db: Queryable): Promise<Catalogue | null> {
  const settlement = await db.maybeOne<{ id: number }>(
    `SELECT s.id FROM settlements s WHERE EXISTS (SELECT 1 FROM branches b WHERE b.settlement_id = s.id AND b.enabled
       AND NOT b.partner) ORDER BY (s.source_id = 'kyiv') DESC, s.id LIMIT 1`,
  );
  if (!settlement) return null;
  const branches = await db.query<{ id: number }>(
    'SELECT id FROM branches WHERE settlement_id = $1 AND enabled AND NOT partner ORDER BY sort_order, id',
    [settlement.id],
  );
  const services = await db.query<{ id: number; code: string; package: boolean }>(
    `SELECT s.id, s.code, s.package_service AS package FROM services s
       JOIN service_prices sp ON sp.service_id = s.id AND sp.settlement_id = $1
      WHERE s.enabled ORDER BY s.id`,
    [settlement.id],
  );
  return {
    settlementId: settlement.id,
    branchIds: branches.map((b) => b.id),
    codes: new Map(services.map((s) => [s.code, s.id])),
    any: services.filter((s) => !s.package && !s.code.startsWith('V-')).map((s) => s.id),
  };
}

/** Ids of the preferred analyses that exist (the real seed's codes), else some that do (tests' fixture). */
function pick(cat: Catalogue, codes: readonly string[], fallbackCount = 2): number[] {
  const found = codes.map((code) => cat.codes.get(code)).filter((id): id is number => id !== undefined);
  return found.length > 0 ? found : cat.any.slice(0, fallbackCount);
}

interface DemoOrder {
  userId: number;
  patientId: number;
  sex: 'male' | 'female';
  serviceIds: number[];
  daysAgo: number;
  /**
   * ready: results written; sampled: awaiting results; paid: paid (online or at the branch), no visit
   * yet; placed: not paid (waiting at the branch, or an online payment pending); declined: the last
   * online payment was declined.
   */
  stage: 'ready' | 'sampled' | 'paid' | 'placed' | 'declined';
  doctor?: { doctorId: number; workplaceId: number; code: string } | null;
  bias?: Record<string, number>;
  paymentType?: 'online' | 'cash';
}

async function insertOrder(db: Queryable, cat: Catalogue, order: DemoOrder, now: Date, index: number): Promise<void> {
  const createdAt = new Date(now.getTime() - order.daysAgo * DAY - index * 3_600_000);
  const lines = await db.query<{
    serviceId: number;
    code: string;
    titleUk: string;
    titleRu: string;
    price: number;
    fullPrice: number;
    additional: boolean;
  }>(
    `WITH ordered AS (SELECT unnest($2::int[]) AS service_id),
     brought AS (SELECT DISTINCT a.additional_service_id AS service_id FROM ordered o
                   JOIN additional_services a ON a.service_id = o.service_id
                  WHERE a.additional_service_id NOT IN (SELECT service_id FROM ordered))
     SELECT s.id AS "serviceId", s.code, s.title_uk AS "titleUk", s.title_ru AS "titleRu", sp.price,
            sp.full_price AS "fullPrice", l.additional
       FROM (SELECT service_id, false AS additional FROM ordered UNION ALL SELECT service_id, true FROM brought) l
       JOIN services s ON s.id = l.service_id JOIN service_prices sp ON sp.service_id = s.id AND sp.settlement_id = $1
      ORDER BY l.additional, s.id`,
    // once each: on a small catalogue (the tests' fixture) `pick`'s fallbacks overlap
    [cat.settlementId, [...new Set(order.serviceIds)]],
  );
  const paymentType = order.paymentType ?? 'online';
  const online = paymentType === 'online' ? 0.05 : 0;
  const totals = orderTotals(lines, { online, promo: 0 }, 0);
  const id = randomUUID();
  const ready = order.stage === 'ready';
  const paid = order.stage !== 'placed' && order.stage !== 'declined';
  await db.query(
    `INSERT INTO orders (id, user_id, patient_id, settlement_id, visit, branch_id, payment_type, doctor_id,
        doctor_workplace_id, doctor_code, online_fraction, subtotal, online_discount, promo_discount, other_discounts,
        total_price, utm_source, paid_at, paid_at_branch_at, lab_status, sampled_at, results_expected_at,
        results_ready_at, created_at)
     VALUES ($1, $2, $3, $4, 'branch', $5, $6, $7, $8, $9, $10, $11, $12, 0, $13, $14, 'demo', $15::timestamptz,
             $16::timestamptz, $17, $18::timestamptz, $19::timestamptz, $20::timestamptz, $21::timestamptz)`,
    [
      id,
      order.userId,
      order.patientId,
      cat.settlementId,
      cat.branchIds[index % Math.max(1, cat.branchIds.length)] ?? null,
      paymentType,
      order.doctor?.doctorId ?? null,
      order.doctor?.workplaceId ?? null,
      order.doctor?.code ?? null,
      online,
      totals.subtotal,
      totals.onlineDiscount,
      totals.otherDiscounts,
      totals.totalPrice,
      paid && paymentType === 'online' ? new Date(createdAt.getTime() + 600_000).toISOString() : null,
      paid && paymentType !== 'online' ? new Date(createdAt.getTime() + DAY).toISOString() : null,
      ready ? 'ready' : order.stage === 'sampled' ? 'sampled' : 'new',
      ready || order.stage === 'sampled' ? new Date(createdAt.getTime() + DAY).toISOString() : null,
      new Date(createdAt.getTime() + 2 * DAY).toISOString(),
      ready ? new Date(createdAt.getTime() + 2 * DAY).toISOString() : null,
      createdAt.toISOString(),
    ],
  );
  for (const [sort, line] of lines.entries()) {
    const priced = totals.lines[sort];
    await db.query(
      `INSERT INTO order_items (order_id, service_id, additional, code, title_uk, title_ru, price, initial_price,
                                original_price, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        line.serviceId,
        line.additional,
        line.code,
        line.titleUk,
        line.titleRu,
        priced?.price ?? line.price,
        priced?.initialPrice ?? line.price,
        priced?.originalPrice ?? line.fullPrice,
        sort,
      ],
    );
  }
  if (order.stage === 'placed' && paymentType === 'online') return; // not registered yet: awaits its payment
  const registry = await db.one<{ id: number }>(
    'INSERT INTO registries (order_id, created_at) VALUES ($1, $2::timestamptz) RETURNING id',
    [id, createdAt.toISOString()],
  );
  if (paymentType === 'online' && (paid || order.stage === 'declined')) {
    await db.query(
      `INSERT INTO payments (id, order_id, registry_id, provider, amount, status, created_at, expires_at, completed_at)
       VALUES ($1, $2, $3, 'sandbox', $4, $5, $6::timestamptz, $7::timestamptz, $7::timestamptz)`,
      [
        randomUUID(),
        id,
        registry.id,
        totals.totalPrice,
        paid ? 'succeeded' : 'declined',
        createdAt.toISOString(),
        new Date(createdAt.getTime() + 600_000).toISOString(),
      ],
    );
  }
  if (ready) await writeResults(db, registry.id, id, order.sex, { bias: order.bias ?? {}, outOfRangeShare: 0.12 });
}

/** The development laboratory system and its key (see `PrepareOptions.lisDevKey`); re-runnable. */
export async function ensureDevLis(db: Queryable, key: string): Promise<void> {
  const lis = createLisRepository(db, () => new Date());
  const systemId = await lis.upsertSystem({
    key: DEV_LIS_SYSTEM,
    title: 'Лабораторна система (розробка)',
    settlementIds: null,
  });
  await lis.ensureKey(systemId, 'development', key);
}

/** True when the demo accounts are there already. */
export async function hasDemo(db: Queryable): Promise<boolean> {
  return (await db.maybeOne('SELECT 1 FROM users WHERE phone = $1', [DEMO_PHONES.patient])) !== null;
}

/**
 * Inserts the demo accounts unless present (one transaction). Needs the catalogue seed first. Safe when
 * several processes call it at once: the check is repeated under a transaction advisory lock, so the
 * later caller sees the earlier one's committed accounts instead of failing on their unique phones.
 */
export async function ensureDemo(
  db: Database,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<boolean> {
  if (await hasDemo(db)) return false;
  const now = options.now ?? new Date();
  const inserted = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEYS.demo]);
    if (await hasDemo(tx)) return false;
    const cat = await catalogue(tx);
    if (!cat) return false;
    // the codes of the real seed; the test fixture has others, and `pick` falls back to what exists
    const CBC = pick(cat, ['1002']);
    const IRON = pick(cat, ['2702'], 1);
    const SUGAR = pick(cat, ['2401', '2402'], 1);
    const LIPIDS = pick(cat, ['2105'], 1);
    const THYROID = pick(cat, ['3001', '3002'], 1);
    const VITAMIN_D = pick(cat, ['6001'], 1);
    const CHECKUP = pick(cat, ['K-101'], 1);
    // qualitative tests: found / not found rows
    const HELICOBACTER = pick(cat, ['4023'], 1);
    const HEPATITIS_B = pick(cat, ['4101'], 1);

    const manager = await tx.one<{ id: number }>(
      `INSERT INTO managers (key, first_name_uk, first_name_ru, last_name_uk, last_name_ru, middle_name_uk, middle_name_ru,
                             phone, email)
       VALUES ('demo-manager', 'Наталія', 'Наталья', 'Кравченко', 'Кравченко', 'Олегівна', 'Олеговна', '+380443334455',
               'n.kravchenko@lab.example')
       ON CONFLICT (key) DO UPDATE SET phone = EXCLUDED.phone RETURNING id`,
    );
    const organization = async (key: string, uk: string, ru: string) =>
      (
        await tx.one<{ id: number }>(
          `INSERT INTO organizations (key, title_uk, title_ru) VALUES ($1, $2, $3)
           ON CONFLICT (key) DO UPDATE SET title_uk = EXCLUDED.title_uk RETURNING id`,
          [key, uk, ru],
        )
      ).id;
    const clinic1 = await organization('demo-dobrobut', 'Медичний центр «Добробут»', 'Медицинский центр «Добробут»');
    const clinic2 = await organization('demo-family', 'Сімейна клініка «Здоров’я»', 'Семейная клиника «Здоровье»');
    const clinic3 = await organization(
      'demo-endo',
      'Ендокринологічний центр «Гормон»',
      'Эндокринологический центр «Гормон»',
    );

    // ---- the patient with two wards
    const patientUser = await insertUser(tx, DEMO_PHONES.patient);
    const olena = await insertPatient(
      tx,
      person(['Олена', 'Елена'], ['Коваленко', 'Коваленко'], ['Петрівна', 'Петровна']),
      '1988-04-15',
      'female',
      { userId: patientUser },
      { email: 'olena.kovalenko@example.com' },
    );
    const sofia = await insertPatient(
      tx,
      person(['Софія', 'София'], ['Коваленко', 'Коваленко'], ['Андріївна', 'Андреевна']),
      '2014-09-02',
      'female',
      { ownerId: olena },
    );
    const maksym = await insertPatient(
      tx,
      person(['Максим', 'Максим'], ['Коваленко', 'Коваленко'], ['Андрійович', 'Андреевич']),
      '2017-02-11',
      'male',
      { ownerId: olena },
    );

    // ---- the doctor, with two workplaces
    const doctorUser = await insertUser(tx, DEMO_PHONES.doctor);
    const melnyk = await insertDoctor(
      tx,
      doctorUser,
      person(['Андрій', 'Андрей'], ['Мельник', 'Мельник'], ['Васильович', 'Васильевич']),
      'therapist',
      manager.id,
      [
        { organization: clinic1, code: 'MELNYK-1' },
        { organization: clinic2, code: 'MELNYK-2' },
      ],
    );
    const byMelnyk = (n: 0 | 1) => ({
      doctorId: melnyk.doctorId,
      workplaceId: melnyk.workplaceIds[n] ?? 0,
      code: n === 0 ? 'MELNYK-1' : 'MELNYK-2',
    });

    // ---- the user who is both
    const bothUser = await insertUser(tx, DEMO_PHONES.both);
    const iryna = await insertPatient(
      tx,
      person(['Ірина', 'Ирина'], ['Бондаренко', 'Бондаренко'], ['Миколаївна', 'Николаевна']),
      '1979-11-23',
      'female',
      { userId: bothUser },
    );
    const bondarenko = await insertDoctor(
      tx,
      bothUser,
      person(['Ірина', 'Ирина'], ['Бондаренко', 'Бондаренко'], ['Миколаївна', 'Николаевна']),
      'endocrinologist',
      manager.id,
      [{ organization: clinic3, code: 'BONDARENKO-1' }],
    );

    // ---- the doctor's patients (accounts of their own)
    const referred: Array<{ userId: number; patientId: number; sex: 'male' | 'female' }> = [];
    for (const [phone, who, birthDay, sex] of [
      [
        '+380661110001',
        person(['Сергій', 'Сергей'], ['Ткаченко', 'Ткаченко'], ['Іванович', 'Иванович']),
        '1965-06-30',
        'male',
      ],
      [
        '+380661110002',
        person(['Марія', 'Мария'], ['Шевчук', 'Шевчук'], ['Степанівна', 'Степановна']),
        '1992-01-08',
        'female',
      ],
      ['+380661110003', person(['Василь', 'Василий'], ['Бойко', 'Бойко'], null), '1958-12-19', 'male'],
    ] as const) {
      const userId = await insertUser(tx, phone);
      referred.push({ userId, patientId: await insertPatient(tx, who, birthDay, sex, { userId }), sex });
    }

    const orders: DemoOrder[] = [
      // Олена: a year of check-ups; ferritin and vitamin D recover, cholesterol creeps up
      {
        userId: patientUser,
        patientId: olena,
        sex: 'female',
        serviceIds: [...CBC, ...IRON, ...VITAMIN_D],
        daysAgo: 380,
        stage: 'ready',
        bias: { FERR: -1, VITD: -1, HGB: -0.6 },
      },
      {
        userId: patientUser,
        patientId: olena,
        sex: 'female',
        serviceIds: [...CBC, ...IRON, ...LIPIDS, ...THYROID],
        daysAgo: 290,
        stage: 'ready',
        bias: { FERR: -0.7, CHOL: -0.2 },
        doctor: byMelnyk(0),
      },
      {
        userId: patientUser,
        patientId: olena,
        sex: 'female',
        serviceIds: [...CBC, ...IRON, ...VITAMIN_D, ...SUGAR],
        daysAgo: 200,
        stage: 'ready',
        bias: { FERR: -0.2, VITD: -0.4 },
      },
      {
        userId: patientUser,
        patientId: olena,
        sex: 'female',
        serviceIds: [...CBC, ...IRON, ...LIPIDS, ...THYROID, ...SUGAR],
        daysAgo: 110,
        stage: 'ready',
        bias: { FERR: 0.1, CHOL: 0.4 },
        doctor: byMelnyk(1),
      },
      {
        userId: patientUser,
        patientId: olena,
        sex: 'female',
        serviceIds: [...CBC, ...IRON, ...VITAMIN_D, ...LIPIDS],
        daysAgo: 25,
        stage: 'ready',
        bias: { FERR: 0.3, VITD: 0.2, CHOL: 1 },
      },
      {
        userId: patientUser,
        patientId: olena,
        sex: 'female',
        serviceIds: [...THYROID, ...SUGAR],
        daysAgo: 2,
        stage: 'sampled',
      },
      { userId: patientUser, patientId: olena, sex: 'female', serviceIds: [...CHECKUP], daysAgo: 0, stage: 'placed' },
      // every other display state of docs/product.md#orders, so that each can be seen
      { userId: patientUser, patientId: olena, sex: 'female', serviceIds: [...VITAMIN_D], daysAgo: 1, stage: 'paid' },
      {
        userId: patientUser,
        patientId: olena,
        sex: 'female',
        serviceIds: [...SUGAR],
        daysAgo: 1,
        stage: 'declined',
      },
      {
        userId: patientUser,
        patientId: olena,
        sex: 'female',
        serviceIds: [...LIPIDS],
        daysAgo: 0,
        stage: 'placed',
        paymentType: 'cash',
      },
      {
        userId: patientUser,
        patientId: olena,
        sex: 'female',
        serviceIds: [...IRON],
        daysAgo: 3,
        stage: 'paid',
        paymentType: 'cash',
      },
      // a qualitative result found and one not found
      {
        userId: patientUser,
        patientId: olena,
        sex: 'female',
        serviceIds: [...HELICOBACTER, ...HEPATITIS_B],
        daysAgo: 70,
        stage: 'ready',
        bias: { 'S-4023': 1, 'S-4101': -1 },
      },
      // the wards
      { userId: patientUser, patientId: sofia, sex: 'female', serviceIds: [...CBC], daysAgo: 240, stage: 'ready' },
      {
        userId: patientUser,
        patientId: sofia,
        sex: 'female',
        serviceIds: [...CBC, ...IRON],
        daysAgo: 60,
        stage: 'ready',
        bias: { FERR: -0.5 },
      },
      {
        userId: patientUser,
        patientId: maksym,
        sex: 'male',
        serviceIds: [...CBC, ...VITAMIN_D],
        daysAgo: 45,
        stage: 'ready',
        paymentType: 'cash',
      },
      // Ірина's own tests, and one referral of hers
      {
        userId: bothUser,
        patientId: iryna,
        sex: 'female',
        serviceIds: [...THYROID, ...LIPIDS],
        daysAgo: 150,
        stage: 'ready',
      },
      {
        userId: bothUser,
        patientId: iryna,
        sex: 'female',
        serviceIds: [...THYROID, ...SUGAR],
        daysAgo: 20,
        stage: 'ready',
        bias: { TSH: 1 },
      },
    ];
    const [tkachenko, shevchuk, boiko] = referred;
    if (tkachenko && shevchuk && boiko) {
      orders.push(
        {
          ...tkachenko,
          serviceIds: [...CBC, ...LIPIDS, ...SUGAR],
          daysAgo: 330,
          stage: 'ready',
          doctor: byMelnyk(0),
          bias: { CHOL: 0.6, GLU: 0.5 },
        },
        {
          ...tkachenko,
          serviceIds: [...LIPIDS, ...SUGAR],
          daysAgo: 150,
          stage: 'ready',
          doctor: byMelnyk(0),
          bias: { CHOL: 1, GLU: 0.8 },
        },
        {
          ...tkachenko,
          serviceIds: [...LIPIDS, ...SUGAR],
          daysAgo: 14,
          stage: 'ready',
          doctor: byMelnyk(0),
          bias: { CHOL: 0.3, GLU: 0.4 },
        },
        {
          ...shevchuk,
          serviceIds: [...CBC, ...IRON],
          daysAgo: 90,
          stage: 'ready',
          doctor: byMelnyk(1),
          bias: { FERR: -1, HGB: -1 },
        },
        {
          ...shevchuk,
          serviceIds: [...CBC, ...IRON],
          daysAgo: 10,
          stage: 'ready',
          doctor: byMelnyk(1),
          bias: { FERR: -0.3 },
        },
        { ...boiko, serviceIds: [...CBC, ...THYROID], daysAgo: 5, stage: 'sampled', doctor: byMelnyk(0) },
        // a year of regular check-ups: more referrals than one page of the doctor's list (20) holds
        ...Array.from({ length: 16 }, (_, n): DemoOrder => {
          const patient = [tkachenko, shevchuk, boiko][n % 3] ?? tkachenko;
          return {
            ...patient,
            serviceIds: n % 2 === 0 ? [...CBC, ...SUGAR] : [...LIPIDS, ...THYROID],
            daysAgo: 20 + n * 21,
            stage: 'ready',
            doctor: byMelnyk(n % 4 === 3 ? 1 : 0),
          };
        }),
        {
          ...shevchuk,
          serviceIds: [...THYROID],
          daysAgo: 30,
          stage: 'ready',
          doctor: { doctorId: bondarenko.doctorId, workplaceId: bondarenko.workplaceIds[0] ?? 0, code: 'BONDARENKO-1' },
        },
      );
    }
    for (const [index, order] of orders.entries()) {
      if (order.serviceIds.length > 0) await insertOrder(tx, cat, order, now, index);
    }
    return true;
  });
  if (inserted) options.log?.(`demo accounts: ${Object.values(DEMO_PHONES).join(', ')}`);
  return inserted;
}
