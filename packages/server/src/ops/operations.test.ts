/**
 * Operations through the real app on a real database: liveness and readiness, request ids (header, error
 * body, log lines, a trusted proxy's id), the Prometheus metrics and the real-user beacons with their
 * aggregate per remote release on the operations port.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { VitalsBeacon } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadMigrations } from '../db/migrate';
import { errorReply } from '../plugins/app/errors';
import { DEFAULT_NOW, openTestDatabase, type TestDatabase, useTestApp } from '../test-support/harness';
import { buildOpsServer } from './server';

const VITALS = '/api/app/vitals';
const CATALOG_V1 = '0.1.0-aaaaaaaaaa';
const CATALOG_V2 = '0.1.0-bbbbbbbbbb';

function beacon(overrides: Partial<VitalsBeacon> = {}): VitalsBeacon {
  return {
    pageViewId: randomUUID(),
    route: '/analysis/:slug',
    locale: 'ua',
    remotes: { mf_catalog: CATALOG_V1, mf_auth: '0.1.0-cccccccccc' },
    vitals: [
      { name: 'LCP', value: 1200 },
      { name: 'CLS', value: 0.01 },
      { name: 'TTFB', value: 80 },
    ],
    failures: [],
    ...overrides,
  };
}

const send = (app: FastifyInstance, payload: unknown, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: VITALS,
    remoteAddress,
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('health and readiness', () => {
  const t = useTestApp();

  it('answers /api/health while the process runs and /api/ready when the database is migrated', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: t.dialect, migrations: loadMigrations().length });
  });

  it('is not ready while a migration of this build is missing, and says which', async () => {
    await t.db.query('DELETE FROM schema_migrations WHERE version = 4');
    try {
      const ready = await t.app.inject({ url: '/api/ready', headers: { 'accept-language': 'ru' } });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toMatchObject({
        code: 'not-ready',
        message: 'Сервер ещё не готов принимать запросы',
        reason: 'migrations not applied: 4',
      });
      // liveness is about the process: it stays 200
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.db.query(
        "INSERT INTO schema_migrations (version, name, checksum) VALUES (4, '004_real_user_monitoring', 'restored')",
      );
    }
  });

  it('turns a lost database connection into 503 with a retry, not 500', () => {
    for (const error of [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(errorReply(error, 'uk')).toEqual({
        status: 503,
        body: { code: 'unavailable', message: 'Сервіс тимчасово недоступний. Спробуйте за кілька секунд.' },
      });
    }
    expect(errorReply(new Error('syntax error at or near'), 'uk').status).toBe(500);
  });
});

describe('request ids', () => {
  const lines: Array<Record<string, unknown>> = [];
  let testDb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await openTestDatabase();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp({
      db: testDb.db,
      docsUi: false,
      config: { rateLimitMax: 0 },
      clock: () => DEFAULT_NOW,
      logger: { level: 'info', stream },
    });
  });
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });

  it('gives every answer an id, and an error the same id in its body and in its log lines', async () => {
    const fine = await app.inject({ url: '/api/public/core/genders' });
    expect(fine.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const failed = await app.inject({ url: '/api/public/content/news/slug/no-such-news' });
    expect(failed.statusCode).toBe(404);
    const id = failed.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(id).not.toBe(fine.headers['x-request-id']);
    expect(failed.json().requestId).toBe(id);
    const logged = lines.filter((line) => line.reqId === id);
    // incoming request, the rejection, the completed request
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request rejected', 'request completed']);
  });

  it('keeps the id a trusted proxy sent, and makes its own for anyone else or a malformed one', async () => {
    const proxied = await app.inject({ url: '/api/nowhere', headers: { 'x-request-id': 'shell-7f3a.42' } });
    expect(proxied.headers['x-request-id']).toBe('shell-7f3a.42');
    expect(proxied.json().requestId).toBe('shell-7f3a.42');
    const outsider = await app.inject({
      url: '/api/nowhere',
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': 'forged-id' },
    });
    expect(outsider.headers['x-request-id']).not.toBe('forged-id');
    const malformed = await app.inject({ url: '/api/nowhere', headers: { 'x-request-id': 'two words\nand a line' } });
    expect(malformed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('metrics and real-user vitals', () => {
  const t = useTestApp({ config: { rateLimitMax: 0, vitalsPerIpPerMinute: 3 } });
  let ops: FastifyInstance;
  beforeAll(async () => {
    ops = await buildOpsServer(t.app);
  });
  afterAll(async () => {
    await ops.close();
  });
  const scrape = async () => (await ops.inject({ url: '/metrics' })).body;
  const value = (text: string, series: string): number => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };

  it('serves Prometheus metrics on the operations port only, by route pattern and status', async () => {
    const before = await scrape();
    const series =
      'lab_http_request_duration_seconds_count{method="GET",route="/api/public/core/genders",status_code="200"}';
    await t.app.inject({ url: '/api/public/core/genders' });
    await t.app.inject({ url: '/api/public/core/genders' });
    await t.app.inject({ url: '/api/public/content/news/slug/no-such-news' });
    const after = await ops.inject({ url: '/metrics' });
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-type']).toContain('text/plain');
    expect(value(after.body, series) - value(before, series)).toBe(2);
    // the pattern, not the visited path
    expect(after.body).toContain('route="/api/public/content/news/slug/:slug",status_code="404"');
    expect(after.body).not.toContain('no-such-news');
    expect(after.body).toContain('lab_db_connections{state="total"}');
    expect(after.body).toContain('lab_db_waiting');
    // never through the public site
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/ops/vitals' })).statusCode).toBe(404);
  });

  it('counts sign-in codes sent and refused', async () => {
    const before = await scrape();
    const phone = '+380501234599';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/public/auth',
      headers: { 'content-type': 'application/json' },
      payload: { phone },
    });
    expect(sent.statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/public/login',
      headers: { 'content-type': 'application/json' },
      payload: { id: sent.json().id, code: '0000', phone },
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    const after = await scrape();
    expect(value(after, 'lab_sign_in_codes_sent_total') - value(before, 'lab_sign_in_codes_sent_total')).toBe(1);
    const refusal = `lab_sign_in_refusals_total{code="${wrong.json().code}"}`;
    expect(value(after, refusal) - value(before, refusal)).toBe(1);
  });

  it('stores a good beacon, merges a second report of the same page view, and aggregates p75 per release', async () => {
    const first = beacon();
    const answered = await send(t.app, first);
    expect(answered.statusCode).toBe(200);
    // the same page view hidden again, later, with its INP and a failure of the catalogue
    const again = await send(t.app, {
      ...first,
      vitals: [{ name: 'INP', value: 96 }],
      failures: [{ remote: 'mf_catalog', version: CATALOG_V1, kind: 'chunk', module: './routes' }],
    });
    expect(again.statusCode).toBe(200);
    // the canary's visitors: a slower LCP
    for (const lcp of [2000, 2400]) {
      const canary = await send(
        t.app,
        beacon({ remotes: { mf_catalog: CATALOG_V2 }, vitals: [{ name: 'LCP', value: lcp }] }),
        '127.0.0.2',
      );
      expect(canary.statusCode).toBe(200);
    }
    const stored = await t.db.one<{ vitals: Record<string, number>; failures: unknown[] }>(
      'SELECT vitals, failures FROM page_views WHERE id = $1',
      [first.pageViewId],
    );
    expect(stored.vitals).toEqual({ LCP: 1200, CLS: 0.01, TTFB: 80, INP: 96 });
    expect(stored.failures).toHaveLength(1);

    const aggregate = await ops.inject({ url: '/ops/vitals?minutes=60' });
    expect(aggregate.statusCode).toBe(200);
    const releases = aggregate.json().releases as Array<Record<string, unknown>>;
    const stable = releases.find((row) => row.version === CATALOG_V1 && row.route === null);
    const canary = releases.find((row) => row.version === CATALOG_V2 && row.route === null);
    expect(stable).toMatchObject({ remote: 'mf_catalog', pageViews: 1, failures: 1, p75: { LCP: 1200, INP: 96 } });
    // p75 of 2000 and 2400 (linear interpolation)
    expect(canary).toMatchObject({ remote: 'mf_catalog', pageViews: 2, failures: 0, p75: { LCP: 2300, INP: null } });
    expect(releases.find((row) => row.version === CATALOG_V2 && row.route === '/analysis/:slug')).toMatchObject({
      pageViews: 2,
    });

    const page = await ops.inject({ url: '/ops' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(CATALOG_V1);
    expect(page.body).toContain(CATALOG_V2);
    expect(page.body).toContain('<td>2300<small> (2)</small></td>');
  });

  it('answers the canary judge one release’s page views since a moment: failed views, API calls, LCP and INP', async () => {
    const CANARY = '0.1.0-dddddddddd';
    const since = new Date(DEFAULT_NOW.getTime() - 60_000).toISOString();
    const view = beacon({
      remotes: { mf_catalog: CANARY },
      vitals: [
        { name: 'LCP', value: 1500 },
        { name: 'INP', value: 120 },
      ],
      api: { calls: 5, errors: 0 },
    });
    expect((await send(t.app, view, '127.0.0.20')).statusCode).toBe(200);
    // the same view again: its totals so far, and a failure that the file's digest did not match
    const again = await send(
      t.app,
      {
        ...view,
        vitals: [],
        api: { calls: 8, errors: 1 },
        failures: [{ remote: 'mf_catalog', version: CANARY, kind: 'integrity', module: './routes' }],
      },
      '127.0.0.20',
    );
    expect(again.statusCode).toBe(200);
    expect((await send(t.app, beacon({ remotes: { mf_catalog: CANARY }, vitals: [] }), '127.0.0.21')).statusCode).toBe(
      200,
    );

    const sample = await ops.inject({
      url: `/ops/canary?remote=mf_catalog&version=${CANARY}&since=${encodeURIComponent(since)}`,
    });
    expect(sample.statusCode).toBe(200);
    expect(sample.json()).toEqual({
      remote: 'mf_catalog',
      version: CANARY,
      since,
      pageViews: 2,
      failedViews: 1,
      apiCalls: 8,
      apiErrors: 1,
      LCP: [1500],
      INP: [120],
    });
    // a moment after them: nothing
    const later = await ops.inject({
      url: `/ops/canary?remote=mf_catalog&version=${CANARY}&since=${encodeURIComponent(new Date(DEFAULT_NOW.getTime() + 60_000).toISOString())}`,
    });
    expect(later.json()).toMatchObject({ pageViews: 0, failedViews: 0, LCP: [] });
    expect((await ops.inject({ url: '/ops/canary?remote=mf_catalog&version=x' })).statusCode).toBe(400);
    // the aggregate counts the failure by its kind, and the table a team reads says so
    const rows = (await ops.inject({ url: '/ops/vitals?minutes=60' })).json().releases as Array<
      Record<string, unknown>
    >;
    expect(rows.find((row) => row.version === CANARY && row.route === null)).toMatchObject({
      failures: 1,
      failuresByKind: { load: 0, chunk: 0, render: 0, integrity: 1 },
    });
    expect((await ops.inject({ url: '/ops' })).body).toContain('integrity 1');
  });

  it('answers the console one remote’s releases per time bucket: page views, failures, p75 LCP and INP', async () => {
    const STABLE = '0.1.0-eeeeeeeeee';
    const CANARY = '0.1.0-ffffffffff';
    const at = (minutesAgo: number) => t.setNow(new Date(DEFAULT_NOW.getTime() - minutesAgo * 60_000));
    const view = (version: string, vitals: VitalsBeacon['vitals'], failed = false) =>
      beacon({
        remotes: { mf_catalog: version, mf_auth: '0.1.0-cccccccccc' },
        vitals,
        failures: failed ? [{ remote: 'mf_catalog', version, kind: 'load', module: './routes' }] : [],
      });
    const visits: Array<[number, VitalsBeacon]> = [
      // 2 h 5 min ago (the bucket of 07:50 UTC): two stable views, a canary view whose slot failed
      [125, view(STABLE, [{ name: 'LCP', value: 1000 }])],
      [
        124,
        view(STABLE, [
          { name: 'LCP', value: 2000 },
          { name: 'INP', value: 100 },
        ]),
      ],
      [123, view(CANARY, [{ name: 'LCP', value: 3000 }], true)],
      // half an hour ago: the canary again, well
      [
        30,
        view(CANARY, [
          { name: 'LCP', value: 1200 },
          { name: 'INP', value: 200 },
        ]),
      ],
      // seven hours ago: outside the window
      [420, view(STABLE, [{ name: 'LCP', value: 9000 }])],
      // another remote's page view only: not the catalogue's
      [20, beacon({ remotes: { mf_auth: '0.1.0-cccccccccc' } })],
    ];
    for (const [index, [minutesAgo, visit]] of visits.entries()) {
      at(minutesAgo);
      expect((await send(t.app, visit, `127.0.1.${index + 1}`)).statusCode).toBe(200);
    }
    t.setNow(DEFAULT_NOW);

    const answer = await ops.inject({ url: '/ops/vitals/series?remote=mf_catalog&hours=6&bucketMinutes=10' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      remote: 'mf_catalog',
      hours: 6,
      bucketMinutes: 10,
      from: '2026-11-18T04:00:00.000Z',
      to: '2026-11-18T10:00:00.000Z',
    });
    const of = (version: string) =>
      (body.releases as Array<{ version: string; points: unknown[] }>).find((release) => release.version === version)
        ?.points;
    expect(of(STABLE)).toEqual([
      {
        at: '2026-11-18T07:50:00.000Z',
        pageViews: 2,
        failedViews: 0,
        failureRate: 0,
        lcpP75: 1750,
        lcpSamples: 2,
        inpP75: 100,
        inpSamples: 1,
      },
    ]);
    expect(of(CANARY)).toEqual([
      {
        at: '2026-11-18T07:50:00.000Z',
        pageViews: 1,
        failedViews: 1,
        failureRate: 1,
        lcpP75: 3000,
        lcpSamples: 1,
        inpP75: null,
        inpSamples: 0,
      },
      {
        at: '2026-11-18T09:30:00.000Z',
        pageViews: 1,
        failedViews: 0,
        failureRate: 0,
        lcpP75: 1200,
        lcpSamples: 1,
        inpP75: 200,
        inpSamples: 1,
      },
    ]);
    // the last hour only: the canary's newer bucket; hourly buckets start on the hour
    const lastHour = (
      await ops.inject({ url: '/ops/vitals/series?remote=mf_catalog&hours=1&bucketMinutes=60' })
    ).json();
    expect(lastHour.releases.find((release: { version: string }) => release.version === STABLE)).toBeUndefined();
    expect(lastHour.releases.find((release: { version: string }) => release.version === CANARY).points).toMatchObject([
      { at: '2026-11-18T09:00:00.000Z', pageViews: 1 },
    ]);
    expect((await ops.inject({ url: '/ops/vitals/series?remote=mf_catalog&hours=0' })).statusCode).toBe(400);
    expect((await ops.inject({ url: '/ops/vitals/series?remote=../x' })).statusCode).toBe(400);
    // never through the public site
    expect((await t.app.inject({ url: '/ops/vitals/series?remote=mf_catalog' })).statusCode).toBe(404);
  });

  it.each<[string, unknown]>([
    ['an unknown field', { ...beacon(), extra: 1 }],
    ['a visited path instead of a pattern', beacon({ route: 'https://evil.example/x' })],
    ['a negative vital', beacon({ vitals: [{ name: 'LCP', value: -1 }] })],
    ['an unknown vital', beacon({ vitals: [{ name: 'FID' as never, value: 10 }] })],
    ['a locale that is none of the site', beacon({ locale: 'en' as never })],
    [
      'too many failures',
      beacon({
        failures: Array.from({ length: 21 }, () => ({
          remote: 'mf_auth',
          version: 'x',
          kind: 'load' as const,
          module: './AuthModals',
        })),
      }),
    ],
    ['markup as a remote name', beacon({ remotes: { '<script>': '1' } })],
    ['no page view id', { ...beacon(), pageViewId: 'not-a-uuid' }],
    ['not JSON', '{"route":'],
  ])('refuses %s with 400 and stores nothing', async (_what, payload) => {
    const before = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM page_views');
    const res = await send(t.app, payload, '127.0.0.9');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), requestId: res.headers['x-request-id'] });
    const after = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM page_views');
    expect(after.n).toBe(before.n);
  });

  it('refuses an oversized beacon with 413 and a fourth beacon a minute from one address with 429', async () => {
    const big = await send(t.app, { ...beacon(), route: `/${'a'.repeat(9000)}` }, '127.0.0.10');
    expect(big.statusCode).toBe(413);
    const address = '127.0.0.11';
    for (let i = 0; i < 3; i++) expect((await send(t.app, beacon(), address)).statusCode).toBe(200);
    const over = await send(t.app, beacon(), address);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate-limited');
    // another visitor is not limited by this one
    expect((await send(t.app, beacon(), '127.0.0.12')).statusCode).toBe(200);
    const metrics = await scrape();
    expect(metrics).toMatch(/lab_vitals_beacons_total\{outcome="refused"\} [1-9]/);
  });
});
