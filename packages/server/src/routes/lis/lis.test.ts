/**
 * The laboratory's results intake (/api/lis) through the real app on a real database (PGlite, and
 * PostgreSQL with TEST_DB=postgres): who may call it, what a message does to an order (partial, then
 * complete; the same message twice; corrections), and each refusal, after which nothing is stored.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { LisOrder, LisResultsResponse, Order, OrderCreateBody, Registry } from '@lab/api/contract';
import { createDoctorUser, createPatientUser, fillCart, sessionCookie } from '../../test-support/accounts';
import { useTestApp } from '../../test-support/harness';
import { call, ok } from '../../test-support/http';
import { CBC_ROWS, createLisKey, lisCall, publish } from '../../test-support/lis';
import { placeOrder } from '../../test-support/orders';

const logLines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

const LIMIT = 100;
const t = useTestApp({
  logger: { level: 'info', stream: sink },
  config: { rateLimitMax: 0, results: resultsSettings() },
});

function resultsSettings() {
  return {
    lisRequestsPerMinute: LIMIT,
    lisDevKey: null,
    labName: 'Лабораторія Тест',
    publicUrl: 'https://lab.example',
    notifyIntervalMs: 0,
    notifyMaxAttempts: 3,
    notifyRetrySeconds: 30,
  };
}

let key = '';
let keyName = '';
let system = '';
beforeAll(async () => {
  ({ key, name: keyName, system } = await createLisKey(t.app, { name: 'main-2026-11' }));
});

async function patient() {
  const p = await createPatientUser(t.db, { gender: 'female' });
  return { ...p, cookie: await sessionCookie(t.app, p.userId) };
}

/** A registered order of the blood count and ferritin (six indicators). */
async function pendingOrder(options: { doctorCode?: string } = {}) {
  const me = await patient();
  const placed = await placeOrder(t.app, t.db, me, { codes: ['2001', '2002'], paymentType: 'cash', ...options });
  return { me, ...placed, number: placed.order.number };
}

const rows = (...codes: Array<keyof typeof CBC_ROWS>) =>
  codes.map((code) => ({ id: `R-${code}-${randomUUID().slice(0, 8)}`, ...CBC_ROWS[code] }));

async function stored(registryId: number) {
  const results = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM results WHERE registry_id = $1', [
    registryId,
  ]);
  const history = await t.db.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM result_history WHERE registry_id = $1',
    [registryId],
  );
  const order = await t.db.one<{ labStatus: string }>(
    'SELECT o.lab_status AS "labStatus" FROM orders o JOIN registries r ON r.order_id = o.id WHERE r.id = $1',
    [registryId],
  );
  const outbox = await t.db.query<{ kind: string; phone: string; text: string; eventKey: string }>(
    `SELECT n.kind, n.phone, n.text, n.event_key AS "eventKey" FROM notification_outbox n
       JOIN registries r ON r.order_id = n.order_id WHERE r.id = $1 ORDER BY n.id`,
    [registryId],
  );
  return { results: results.n, history: history.n, labStatus: order.labStatus, outbox };
}

const registryOf = (cookie: string, id: number) =>
  ok<Registry>(t.app, 'registry', { headers: { cookie }, params: { id } });
const orderOf = (cookie: string, orderId: string) =>
  ok<Order>(t.app, 'orderGet', { headers: { cookie }, params: { orderId } });

describe('who may call the intake', () => {
  it('refuses a request without a key, with an unknown key and with a revoked one (401), and names nothing', async () => {
    const order = await pendingOrder();
    const body = { orderNumber: order.number, results: rows('HGB') };
    const none = await lisCall(t.app, null, { url: '/api/lis/results', body });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 'lis-key-missing', message: expect.stringContaining('X-Api-Key') });
    const unknown = await lisCall(t.app, `${key}x`, { url: '/api/lis/results', body });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'lis-key-invalid' });

    const rotated = await createLisKey(t.app, { name: 'old' });
    expect((await lisCall(t.app, rotated.key, { url: `/api/lis/orders/${order.number}` })).statusCode).toBe(200);
    expect(await t.app.repos.lis.revokeKey(rotated.system, 'old')).toBe(true);
    const revoked = await lisCall(t.app, rotated.key, { url: `/api/lis/orders/${order.number}` });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ code: 'lis-key-invalid' });
    expect((await stored(order.registryId)).results).toBe(0);
  });

  it('takes every live key of a system (rotation) and names the key in the log and the audit log', async () => {
    const order = await pendingOrder();
    const systemId = (await t.db.one<{ id: number }>('SELECT id FROM lis_systems WHERE key = $1', [system])).id;
    const { newLisKey } = await import('../../repositories/lis');
    const second = newLisKey();
    await t.app.repos.lis.addKey(systemId, 'next-2027-01', second);
    for (const [value, name] of [
      [key, keyName],
      [second, 'next-2027-01'],
    ] as const) {
      logLines.length = 0;
      const res = await lisCall(t.app, value, { url: `/api/lis/orders/${order.number}` });
      expect(res.statusCode).toBe(200);
      const line = logLines
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((l) => l.msg === 'LIS request');
      expect(line).toMatchObject({ lisSystem: system, lisKey: name, reqId: res.headers['x-request-id'] });
    }
    const res = await publish(t.app, second, order.number, rows('HGB'));
    expect(res.statusCode).toBe(200);
    const audit = await t.db.one<{ reason: string }>(
      `SELECT reason FROM audit_log WHERE event = 'lis-results' AND subject_id = $1 ORDER BY id DESC LIMIT 1`,
      [order.number],
    );
    expect(audit.reason).toBe(`${system}/next-2027-01`);
    // stored hashed: the key itself is nowhere in the database
    const stored = await t.db.one<{ keyHash: string; prefix: string }>(
      `SELECT key_hash AS "keyHash", prefix FROM lis_api_keys WHERE system_id = $1 AND name = 'next-2027-01'`,
      [systemId],
    );
    expect(stored.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.keyHash).not.toContain(second.slice(4));
    expect(stored.prefix).toBe(second.slice(0, 10));
  });

  it.each([
    ['an Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Dest', { 'sec-fetch-dest': 'empty' }],
    ['a session cookie', { cookie: 'lab_session=whatever' }],
  ])('refuses a browser’s request (%s) with a valid key: 403, nothing stored', async (_what, headers) => {
    const order = await pendingOrder();
    const res = await lisCall(t.app, key, {
      url: '/api/lis/results',
      body: { orderNumber: order.number, results: rows('HGB') },
      headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'lis-browser-refused' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect((await stored(order.registryId)).results).toBe(0);
  });

  it('answers a CORS preflight without allowing anything', async () => {
    const res = await lisCall(t.app, null, {
      method: 'OPTIONS',
      url: '/api/lis/results',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-headers']).toBeUndefined();
  });

  it(`allows ${LIMIT} requests a minute per key, then 429 with Retry-After; another key is not affected`, async () => {
    const order = await pendingOrder();
    t.setNow('2026-11-18T11:00:05Z');
    const burst = await createLisKey(t.app, { name: 'burst' });
    for (let n = 0; n < LIMIT; n++) {
      expect((await lisCall(t.app, burst.key, { url: `/api/lis/orders/${order.number}` })).statusCode).toBe(200);
    }
    const over = await lisCall(t.app, burst.key, { url: `/api/lis/orders/${order.number}` });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate-limited' });
    expect(Number(over.headers['retry-after'])).toBe(55);
    expect((await lisCall(t.app, key, { url: `/api/lis/orders/${order.number}` })).statusCode).toBe(200);
    t.setNow('2026-11-18T11:01:00Z');
    expect((await lisCall(t.app, burst.key, { url: `/api/lis/orders/${order.number}` })).statusCode).toBe(200);
  });
});

describe('partial results first, the rest later', () => {
  it('moves the order to awaiting results with the rows that are in, then to results ready with one SMS', async () => {
    const order = await pendingOrder();
    expect((await orderOf(order.me.cookie, order.order.id)).state).toBe('waiting-at-branch');
    const view = await lisCall(t.app, key, { url: `/api/lis/orders/${order.number}` });
    expect(view.json<LisOrder>()).toMatchObject({
      orderNumber: order.number,
      state: 'registered',
      sex: 'female',
      analytes: [
        { code: 'HGB', unit: 'g/L', loinc: '718-7', reported: null },
        { code: 'RBC', unit: '10*12/L' },
        { code: 'HCT', unit: '%' },
        { code: 'WBC' },
        { code: 'PLT' },
        { code: 'FERR', unit: 'ug/L', loinc: '2276-4' },
      ],
    });

    const first = await publish(t.app, key, order.number, rows('HGB', 'FERR'));
    expect(first.statusCode).toBe(200);
    expect(first.json<LisResultsResponse>()).toMatchObject({
      state: 'awaiting-results',
      expected: 6,
      received: 2,
      rows: [
        { analyteCode: 'HGB', outcome: 'created', revision: 1 },
        { analyteCode: 'FERR', outcome: 'created', revision: 1 },
      ],
    });
    const partial = await registryOf(order.me.cookie, order.registryId);
    expect(partial).toMatchObject({ resultsReady: false, awaiting: 4 });
    expect(
      partial.results.map((row) => [row.analysisName, row.result, row.unit, row.referenceValues, row.outOfRange]),
    ).toEqual([
      ['Гемоглобін', '128', 'г/л', '120 – 150', null],
      ['Феритин', '9', 'мкг/л', '13 – 150', 'low'],
    ]);
    const listed = await orderOf(order.me.cookie, order.order.id);
    expect(listed).toMatchObject({ state: 'awaiting-results', resultsProgress: { received: 2, expected: 6 } });
    expect((await stored(order.registryId)).outbox).toEqual([]);

    const rest = await publish(t.app, key, order.number, rows('RBC', 'HCT', 'WBC', 'PLT'));
    expect(rest.json<LisResultsResponse>()).toMatchObject({ state: 'results-ready', expected: 6, received: 6 });
    const ready = await registryOf(order.me.cookie, order.registryId);
    expect(ready).toMatchObject({ resultsReady: true, awaiting: 0 });
    expect(ready.results.map((row) => row.analysisName)).toEqual([
      'Гемоглобін',
      'Еритроцити',
      'Гематокрит',
      'Лейкоцити',
      'Тромбоцити',
      'Феритин',
    ]);
    expect(ready.results.find((row) => row.analysisName === 'Тромбоцити')).toMatchObject({ outOfRange: 'high' });
    expect(await orderOf(order.me.cookie, order.order.id)).toMatchObject({
      state: 'results-ready',
      resultsProgress: { received: 6, expected: 6 },
    });
    const { outbox } = await stored(order.registryId);
    expect(outbox).toEqual([
      {
        kind: 'results-ready',
        phone: order.me.phone,
        text: `Лабораторія Тест: результати готові. Переглянути після входу: https://lab.example/account/results/${order.registryId}`,
        eventKey: expect.stringContaining(order.order.id),
      },
    ]);
  });

  it('changes nothing when the same message comes twice (by the LIS’s row ids)', async () => {
    const order = await pendingOrder();
    const message = rows('HGB', 'RBC', 'HCT', 'WBC', 'PLT', 'FERR');
    expect((await publish(t.app, key, order.number, message)).json<LisResultsResponse>().state).toBe('results-ready');
    const before = await stored(order.registryId);
    const again = await publish(t.app, key, order.number, message);
    expect(again.statusCode).toBe(200);
    expect(again.json<LisResultsResponse>().rows.map((row) => [row.outcome, row.revision])).toEqual(
      message.map(() => ['unchanged', 1]),
    );
    expect(await stored(order.registryId)).toEqual(before);
    expect(before.outbox).toHaveLength(1);
  });

  it('keeps a correction in the row’s history and tells the patient once per corrected message', async () => {
    const order = await pendingOrder();
    const message = rows('HGB', 'RBC', 'HCT', 'WBC', 'PLT', 'FERR');
    await publish(t.app, key, order.number, message);
    const hgb = message[0] as (typeof message)[number];
    const corrected = { ...hgb, value: 112, note: 'Повторне вимірювання' };
    const res = await publish(t.app, key, order.number, [corrected]);
    expect(res.json<LisResultsResponse>()).toMatchObject({
      state: 'results-ready',
      rows: [{ id: hgb.id, outcome: 'corrected', revision: 2 }],
    });
    const shown = (await registryOf(order.me.cookie, order.registryId)).results[0];
    expect(shown).toMatchObject({ result: '112', outOfRange: 'low', note: 'Повторне вимірювання' });
    const history = await t.db.query<{ revision: number; result: string; value: number; note: string | null }>(
      `SELECT h.revision, h.result, h.value, h.note_uk AS note FROM result_history h WHERE h.registry_id = $1`,
      [order.registryId],
    );
    expect(history).toEqual([{ revision: 1, result: '128', value: 128, note: null }]);
    // the correction again: nothing new; a second correction: one more notice
    await publish(t.app, key, order.number, [corrected]);
    await publish(t.app, key, order.number, [{ ...corrected, value: 114 }]);
    const after = await stored(order.registryId);
    expect(after.history).toBe(2);
    expect(after.outbox.map((message) => message.kind)).toEqual([
      'results-ready',
      'results-corrected',
      'results-corrected',
    ]);
    expect(after.outbox[1]?.text).toContain('результати готові');
  });

  it('tells the referring doctor of a referral too, and not an owner who turned the messages off', async () => {
    const doctor = await createDoctorUser(t.db);
    const order = await pendingOrder({ doctorCode: doctor.workplaces[0]?.code ?? '' });
    const off = await call(t.app, 'notificationSettingsUpdate', {
      headers: { cookie: order.me.cookie },
      body: { resultsSms: false },
    });
    expect(off).toMatchObject({ status: 200, body: { resultsSms: false } });
    expect(await ok(t.app, 'notificationSettings', { headers: { cookie: order.me.cookie } })).toEqual({
      resultsSms: false,
    });
    await publish(t.app, key, order.number, rows('HGB', 'RBC', 'HCT', 'WBC', 'PLT', 'FERR'));
    const { outbox } = await stored(order.registryId);
    expect(outbox.map((message) => message.phone)).toEqual([doctor.phone]);
    expect(outbox[0]?.text).toContain(
      `https://lab.example/account/patients/${order.order.patient.id}/results/${order.registryId}`,
    );
  });
});

describe('refusals: 4xx naming the field, nothing stored', () => {
  const cases: Array<
    [string, (number: string) => { orderNumber: string; results: unknown[] }, number, string, string]
  > = [
    [
      'an order of no one',
      () => ({ orderNumber: '99999999', results: rows('HGB') }),
      422,
      'lis-order-unknown',
      'orderNumber',
    ],
    [
      'an indicator the order does not have',
      (n) => ({ orderNumber: n, results: [{ id: 'X1', analyteCode: 'PSA', value: 1.2, unit: 'ng/mL' }] }),
      422,
      'lis-analyte-not-ordered',
      'results[0].analyteCode',
    ],
    [
      'a numeric result with an unknown unit',
      (n) => ({
        orderNumber: n,
        results: [...rows('FERR'), { id: 'X2', analyteCode: 'HGB', value: 12.8, unit: 'g/dl' }],
      }),
      422,
      'lis-unit-unknown',
      'results[1].unit',
    ],
    [
      'a numeric result without a unit',
      (n) => ({ orderNumber: n, results: [{ id: 'X3', analyteCode: 'HGB', value: 128 }] }),
      422,
      'lis-unit-required',
      'results[0].unit',
    ],
    [
      'a unit the indicator is not reported in',
      (n) => ({ orderNumber: n, results: [{ id: 'X4', analyteCode: 'HGB', value: 8, unit: 'mmol/L' }] }),
      422,
      'lis-unit-mismatch',
      'results[0].unit',
    ],
    [
      'a reference range with low above high',
      (n) => ({
        orderNumber: n,
        results: [{ id: 'X5', analyteCode: 'HGB', value: 128, unit: 'g/L', referenceRange: { low: 150, high: 120 } }],
      }),
      422,
      'lis-range-invalid',
      'results[0].referenceRange',
    ],
    [
      'a qualitative value for a measured indicator',
      (n) => ({ orderNumber: n, results: [{ id: 'X6', analyteCode: 'HGB', value: 'detected' }] }),
      422,
      'lis-value-kind',
      'results[0].value',
    ],
    [
      'one row id twice',
      (n) => ({
        orderNumber: n,
        results: [
          { id: 'X7', ...CBC_ROWS.HGB },
          { id: 'X7', ...CBC_ROWS.RBC },
        ],
      }),
      422,
      'lis-duplicate-id',
      'results[1].id',
    ],
    [
      'one indicator twice',
      (n) => ({
        orderNumber: n,
        results: [
          { id: 'X8', ...CBC_ROWS.HGB },
          { id: 'X9', ...CBC_ROWS.HGB },
        ],
      }),
      422,
      'lis-duplicate-analyte',
      'results[1].analyteCode',
    ],
    [
      'a row without its value (the schema)',
      (n) => ({ orderNumber: n, results: [...rows('HGB'), { id: 'X10', analyteCode: 'RBC', unit: '10*12/L' }] }),
      400,
      'validation-error',
      'results[1].value',
    ],
    [
      'an unknown field in a row (the schema)',
      (n) => ({ orderNumber: n, results: [{ ...rows('HGB')[0], flag: 'H' }] }),
      400,
      'validation-error',
      'results[0].flag',
    ],
  ];

  it.each(cases)('%s', async (_what, body, status, code, field) => {
    const order = await pendingOrder();
    const res = await lisCall(t.app, key, { url: '/api/lis/results', body: body(order.number) });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ code, message: expect.any(String), field });
    expect(await stored(order.registryId)).toEqual({ results: 0, history: 0, labStatus: 'new', outbox: [] });
  });

  it('answers in Russian when asked', async () => {
    const order = await pendingOrder();
    const res = await lisCall(t.app, key, {
      url: '/api/lis/results',
      body: { orderNumber: order.number, results: [{ id: 'R1', analyteCode: 'HGB', value: 8, unit: 'mmol/L' }] },
      headers: { 'accept-language': 'ru' },
    });
    expect(res.json()).toMatchObject({ message: 'Этот показатель лаборатория сообщает в единицах g/L' });
  });

  it('refuses an order of a settlement the system does not serve, as if it did not exist', async () => {
    const order = await pendingOrder();
    const regional = await createLisKey(t.app, { settlementIds: [2] });
    const res = await publish(t.app, regional.key, order.number, rows('HGB'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'lis-order-unknown', field: 'orderNumber' });
    const view = await lisCall(t.app, regional.key, { url: `/api/lis/orders/${order.number}` });
    expect(view.json()).toMatchObject({ code: 'lis-order-unknown', field: 'orderNumber' });
    expect((await stored(order.registryId)).results).toBe(0);
  });

  it('refuses results of an order the laboratory has not registered (409)', async () => {
    const me = await patient();
    await fillCart(t.db, me.userId, ['2001']);
    const order = await ok<Order>(t.app, 'orderCreate', {
      headers: { cookie: me.cookie },
      body: {
        orderId: randomUUID(),
        settlementId: 1,
        patientId: me.patientId,
        visit: 'branch',
        branchId: 1,
        homeVisit: null,
        paymentType: 'online',
        doctor: null,
        promoCode: null,
        acceptContract: true,
        acceptPersonalData: true,
        utmParameters: null,
      } satisfies OrderCreateBody,
    });
    const res = await publish(t.app, key, order.number, rows('HGB'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'lis-order-not-registered', field: 'orderNumber' });
  });

  it('refuses a row id of this system that belongs to another row, and a second id for a reported indicator', async () => {
    const order = await pendingOrder();
    const [hgb] = rows('HGB');
    await publish(t.app, key, order.number, [hgb as (typeof CBC_ROWS)['HGB'] & { id: string }]);
    const reused = await publish(t.app, key, order.number, [{ ...CBC_ROWS.RBC, id: hgb?.id ?? '' }]);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'lis-id-conflict', field: 'results[0].id' });
    const other = await publish(t.app, key, order.number, [{ ...CBC_ROWS.HGB, id: 'another-id' }]);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'lis-analyte-reported', field: 'results[0].analyteCode' });
    const elsewhere = await pendingOrder();
    const moved = await publish(t.app, key, elsewhere.number, [{ ...CBC_ROWS.HGB, id: hgb?.id ?? '' }]);
    expect(moved.json()).toMatchObject({ code: 'lis-id-conflict', field: 'results[0].id' });
    expect(await stored(order.registryId)).toMatchObject({ results: 1, history: 0, labStatus: 'sampled' });
    expect((await stored(elsewhere.registryId)).results).toBe(0);
  });

  it('counts accepted and refused messages in the metrics', async () => {
    const text = await t.app.metrics.registry.metrics();
    expect(text).toMatch(/lab_lis_messages_total\{outcome="accepted"\} [1-9]/);
    expect(text).toMatch(/lab_lis_messages_total\{outcome="lis-unit-unknown"\} 1/);
  });
});

describe('the OpenAPI document', () => {
  it('describes the intake under its own tag with the API-key scheme', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { tags: string[]; security: unknown[] }>>;
    };
    expect(document.components.securitySchemes.lisApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
    expect(document.paths['/api/lis/results']?.post).toMatchObject({ tags: ['lis'], security: [{ lisApiKey: [] }] });
    expect(document.paths['/api/lis/orders/{number}']?.get).toMatchObject({ tags: ['lis'] });
  });
});
