/**
 * Bench of sign-in, cart merge and order creation under load (prints, never asserts):
 *
 *   node_modules/.bin/tsx bench/auth-orders.ts [--out bench.json] [--connections 10]
 *                                              [--signins 400] [--merges 1000] [--orders 1000]
 *   DATABASE_URL=postgres://... node_modules/.bin/tsx bench/auth-orders.ts   # on PostgreSQL
 *
 * The real app (real seed, PGlite in memory unless DATABASE_URL) listens on 127.0.0.1 in this process;
 * autocannon drives it over HTTP from the same process (so both share the machine's cores):
 *   - sign-in: POST /auth for a phone, the code from the development SMS outbox, POST /login
 *     (three requests a sign-in; every connection signs in a different prepared user each time);
 *   - cart merge: POST /cart/carts/merge/{guest cart} for a signed-in user;
 *   - order creation: POST /order/orders from a prepared cart (a different user each time).
 * p50/p95/p99 are of single requests, from every response's time; requests/s over the run.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Instance, type SequenceRequest } from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { randomToken, tokenHash } from '../src/auth/crypto';
import { authSettingsFromEnv } from '../src/config';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { seedData } from '../src/seed/data';
import { insertSeed } from '../src/seed/insert';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    connections: { type: 'string', default: '10' },
    signins: { type: 'string', default: '400' },
    merges: { type: 'string', default: '1000' },
    orders: { type: 'string', default: '1000' },
  },
});
const CONNECTIONS = Number(values.connections);
const SIGNINS = Number(values.signins);
const MERGES = Number(values.merges);
const ORDERS = Number(values.orders);

interface Row {
  scenario: string;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  operationsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  note?: string;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] ?? 0) * 100) / 100;
}

async function run(scenario: string, instance: Instance, operationsPerRequest: number, note?: string): Promise<Row> {
  const times: number[] = [];
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const seconds = Math.max(result.duration, 0.001);
  return {
    scenario,
    requests: times.length,
    seconds: Math.round(seconds * 10) / 10,
    requestsPerSecond: Math.round(times.length / seconds),
    operationsPerSecond: Math.round(times.length / operationsPerRequest / seconds),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    ...(note ? { note } : {}),
  };
}

async function openDb(): Promise<{ db: Database; label: string }> {
  const url = process.env.DATABASE_URL;
  if (url) return { db: await openPostgres({ connectionString: url, max: 10 }), label: 'PostgreSQL' };
  return { db: await openPglite(), label: 'PGlite (in memory)' };
}

/** `count` patients with phones +380<prefix><7 digits>; answers their user ids and phones. */
async function users(db: Database, prefix: string, count: number): Promise<Array<{ id: number; phone: string }>> {
  const rows = await db.query<{ id: number; phone: string }>(
    `INSERT INTO users (phone) SELECT '+380' || $1 || lpad(g::text, 7, '0') FROM generate_series(1, $2::int) g
     ON CONFLICT (phone) DO UPDATE SET updated_at = now() RETURNING id, phone`,
    [prefix, count],
  );
  await db.query(
    `INSERT INTO patients (user_id, first_name_uk, last_name_uk, birth_day, gender_id)
     SELECT u, 'Бенч', 'Навантаження', '1990-01-01', (SELECT min(id) FROM genders) FROM unnest($1::int[]) u
     ON CONFLICT (user_id) DO NOTHING`,
    [rows.map((row) => row.id)],
  );
  return rows;
}

async function sessions(db: Database, userIds: readonly number[]): Promise<string[]> {
  const tokens = userIds.map(() => randomToken(32));
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
     SELECT h, u, now(), now(), now() + interval '12 hours' FROM unnest($1::text[], $2::int[]) AS v(h, u)`,
    [tokens.map(tokenHash), [...userIds]],
  );
  return tokens.map((token) => `lab_session=${token}`);
}

async function serviceIds(db: Database): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM services WHERE code IN ('1002', '2702', '2401') ORDER BY id`,
  );
  return rows.map((row) => row.id);
}

async function main(): Promise<void> {
  const started = Date.now();
  const { db, label } = await openDb();
  await migrate(db);
  await insertSeed(db, seedData);
  const app: FastifyInstance = await buildApp({
    db,
    logger: false,
    docsUi: false,
    config: {
      rateLimitMax: 0,
      auth: {
        ...authSettingsFromEnv({}, false),
        limits: {
          sendsPerPhonePerHour: 1000,
          sendsPerIpPerHour: 10_000_000,
          checksPerPhonePerHour: 1000,
          checksPerIpPerHour: 10_000_000,
        },
      },
    },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const services = await serviceIds(db);
  const rows: Row[] = [];
  console.log(`bench: ${label}, ${CONNECTIONS} connections, set up in ${Date.now() - started} ms`);

  // ---- sign-in: send phone, read the code from the development outbox, log in
  const signInUsers = await users(db, '99', SIGNINS + CONNECTIONS * 2);
  let next = 0;
  const signIn: SequenceRequest[] = [
    {
      method: 'POST',
      path: '/api/public/auth',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request, context) => {
        const user = signInUsers[next++ % signInUsers.length];
        context.phone = user?.phone;
        return { ...request, body: JSON.stringify({ phone: user?.phone }) };
      },
    },
    {
      method: 'GET',
      setupRequest: (request, context) => ({
        ...request,
        path: `/api/dev/sms-outbox?limit=1&phone=${encodeURIComponent(String(context.phone))}`,
      }),
      onResponse: (_status, body, context) => {
        const [latest] = JSON.parse(body) as Array<{ code: string | null }>;
        context.code = latest?.code ?? '0000';
      },
    },
    {
      method: 'POST',
      path: '/api/public/login',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request, context) => ({
        ...request,
        body: JSON.stringify({ phone: context.phone, password: context.code }),
      }),
    },
  ];
  rows.push(
    await run(
      'sign-in (send phone + outbox + login)',
      autocannon({ url, connections: CONNECTIONS, amount: SIGNINS * 3, requests: signIn }),
      3,
      'operations/s = complete sign-ins per second',
    ),
  );

  // ---- cart merge (the cart issue's route)
  const mergeUsers = await users(db, '97', MERGES + CONNECTIONS);
  const cookies = await sessions(
    db,
    mergeUsers.map((user) => user.id),
  );
  const carts = await db.query<{ id: string }>(
    `INSERT INTO carts (settlement_id) SELECT 1 FROM generate_series(1, $1::int) RETURNING id`,
    [mergeUsers.length],
  );
  await db.query(
    `INSERT INTO cart_items (cart_id, service_id) SELECT c, s FROM unnest($1::uuid[]) c CROSS JOIN unnest($2::int[]) s`,
    [carts.map((cart) => cart.id), services],
  );
  let merge = 0;
  rows.push(
    await run(
      'cart merge (guest cart into the user’s)',
      autocannon({
        url,
        connections: CONNECTIONS,
        amount: MERGES,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const index = merge++ % carts.length;
              return {
                ...request,
                path: `/api/private/cart/carts/merge/${carts[index]?.id}?settlementId=1`,
                headers: { cookie: cookies[index] ?? '' },
              };
            },
          },
        ],
      }),
      1,
    ),
  );

  // ---- order creation from a prepared cart, a different user each time
  const orderUsers = await users(db, '98', ORDERS + CONNECTIONS);
  const patientIds = await db.query<{ id: number; userId: number }>(
    'SELECT id, user_id AS "userId" FROM patients WHERE user_id = ANY($1::int[])',
    [orderUsers.map((user) => user.id)],
  );
  const patientOf = new Map(patientIds.map((row) => [row.userId, row.id]));
  const orderCookies = await sessions(
    db,
    orderUsers.map((user) => user.id),
  );
  const orderCarts = await db.query<{ id: string }>(
    `INSERT INTO carts (user_id, settlement_id) SELECT u, 1 FROM unnest($1::int[]) u RETURNING id`,
    [orderUsers.map((user) => user.id)],
  );
  await db.query(
    `INSERT INTO cart_items (cart_id, service_id) SELECT c, s FROM unnest($1::uuid[]) c CROSS JOIN unnest($2::int[]) s`,
    [orderCarts.map((cart) => cart.id), services],
  );
  let order = 0;
  rows.push(
    await run(
      'order creation (POST /order/orders)',
      autocannon({
        url,
        connections: CONNECTIONS,
        amount: ORDERS,
        requests: [
          {
            method: 'POST',
            path: '/api/private/order/orders',
            setupRequest: (request) => {
              const index = order++ % orderUsers.length;
              const user = orderUsers[index];
              return {
                ...request,
                headers: { 'content-type': 'application/json', cookie: orderCookies[index] ?? '' },
                body: JSON.stringify({
                  orderId: randomUUID(),
                  settlementId: 1,
                  patientId: patientOf.get(user?.id ?? 0),
                  visit: 'branch',
                  branchId: 1,
                  homeVisit: null,
                  paymentType: 'online',
                  doctor: null,
                  promoCode: null,
                  acceptContract: true,
                  acceptPersonalData: true,
                  utmParameters: { source: 'bench' },
                }),
              };
            },
          },
        ],
      }),
      1,
    ),
  );

  await app.close();
  await db.close();

  const table = [
    '| scenario | requests | req/s | operations/s | p50 ms | p95 ms | p99 ms | non-2xx | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.scenario} | ${row.requests} | ${row.requestsPerSecond} | ${row.operationsPerSecond} | ${row.p50} | ` +
        `${row.p95} | ${row.p99} | ${row.non2xx} | ${row.errors} |`,
    ),
  ].join('\n');
  console.log(`\n${table}\n`);
  for (const row of rows) if (row.note) console.log(`- ${row.scenario}: ${row.note}`);
  console.log(`\ntotal ${Math.round((Date.now() - started) / 1000)} s`);
  if (values.out) {
    const file = path.resolve(values.out);
    writeFileSync(
      file,
      `${JSON.stringify({ database: label, connections: CONNECTIONS, node: process.version, at: new Date().toISOString(), rows }, null, 2)}\n`,
    );
    console.log(`written ${file}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
