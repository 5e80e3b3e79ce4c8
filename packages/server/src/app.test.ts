/** The infrastructure around the routes: error bodies, languages, the whole contract, docs, security headers, rate limit. */
import { ErrorBody, type RouteKey, routes } from '@lab/api/contract';
import { Value } from '@sinclair/typebox/value';
import { buildApp } from './app';
import type { Database } from './db/database';
import { openPostgres } from './db/postgres';
import { DEFAULT_NOW, openTestDatabase, type TestDatabase, useTestApp } from './test-support/harness';
import { call, routeUrl } from './test-support/http';

describe('errors and languages', () => {
  const t = useTestApp();

  it('answers an unknown route with 404 not-found in Ukrainian by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not-found', message: 'Такої адреси API не існує' });
  });

  it.each([
    ['ru', 'Такого адреса API не существует'],
    ['ua', 'Такої адреси API не існує'],
    ['uk-UA,uk;q=0.9', 'Такої адреси API не існує'],
    ['ru-RU,ru;q=0.9,uk;q=0.8', 'Такого адреса API не существует'],
    ['en-US,en;q=0.9', 'Такої адреси API не існує'],
  ])('localizes for Accept-Language %s', async (language, message) => {
    const res = await t.app.inject({ method: 'GET', url: '/nowhere', headers: { 'accept-language': language } });
    expect(res.json()).toEqual({ code: 'not-found', message });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: routeUrl('settlementNearest'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lat=50&lon=30',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'unsupported-media-type', message: 'Непідтримуваний тип вмісту' });
  });

  it('implements every route of the contract: the OpenAPI document lists the whole contract', () => {
    expect([...t.app.contractRoutes].sort()).toEqual((Object.keys(routes) as RouteKey[]).sort());
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: routeUrl('genders') });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});

describe('unexpected failures', () => {
  const lines: string[] = [];
  const t = useTestApp({ logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } });

  it('answers 500 with a generic localized message and no details, and logs the error', async () => {
    // the database fails under the repositories
    const query = jest.spyOn(t.db, 'query').mockRejectedValue(new Error('connection lost: secret detail'));
    try {
      const res = await call(t.app, 'genders', { language: 'ru' });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 'internal', message: 'Произошла ошибка на сервере. Попробуйте позже.' });
      expect(JSON.stringify(res.body)).not.toContain('secret');
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string; stack: string } });
      expect(logged).toContainEqual(
        expect.objectContaining({
          msg: 'request failed',
          err: expect.objectContaining({ message: 'connection lost: secret detail' }),
        }),
      );
    } finally {
      query.mockRestore();
    }
  });
});

describe('OpenAPI document', () => {
  const t = useTestApp({ docsUi: true });

  it('lists every contract route with its method, and only error bodies as the contract says', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json() as { openapi: string; paths: Record<string, Record<string, { operationId?: string }>> };
    expect(document.openapi).toBe('3.1.0');
    for (const key of Object.keys(routes) as RouteKey[]) {
      const route = routes[key];
      const path = routeUrl(key, {
        params: Object.fromEntries([...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1], `{${m[1]}}`])),
      })
        .replace(/%7B/g, '{')
        .replace(/%7D/g, '}');
      expect({ key, operation: document.paths[path]?.[route.method.toLowerCase()]?.operationId }).toEqual({
        key,
        operation: key,
      });
    }
  });

  it('serves the documentation page with its own CSP, usable over plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const api = await t.app.inject({ method: 'GET', url: routeUrl('genders') });
    expect(api.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('rate limit', () => {
  const t = useTestApp({ config: { rateLimitMax: 3 } });

  it('answers 429 rate-limited with Retry-After once the limit is reached', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 4; i++) {
      last = await call(t.app, 'genders', { language: 'ru' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last?.body).toEqual({ code: 'rate-limited', message: 'Слишком много запросов. Попробуйте чуть позже.' });
    expect(Value.Check(ErrorBody, last?.body)).toBe(true);
    expect(last?.headers['retry-after']).toBeDefined();
  });

  it("leaves the payment provider's callback outside the limit (it is signed instead)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/sandbox/callback', payload: {} });
      statuses.push(res.statusCode);
    }
    expect(statuses).not.toContain(429);
    expect(statuses.every((status) => status === 400)).toBe(true);
  });
});

describe('rate limit across instances', () => {
  // two instances on one database, each with its own connections where the database allows it
  // (PostgreSQL; PGlite is one process's database, so there the two share the handle)
  let testDb: TestDatabase;
  let otherDb: Database;
  let now = DEFAULT_NOW;
  const apps: Array<Awaited<ReturnType<typeof buildApp>>> = [];
  beforeAll(async () => {
    testDb = await openTestDatabase();
    otherDb = testDb.url ? await openPostgres({ connectionString: testDb.url, max: 2 }) : testDb.db;
    for (const db of [testDb.db, otherDb]) {
      apps.push(await buildApp({ config: { rateLimitMax: 4 }, docsUi: false, db, clock: () => now }));
    }
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    if (otherDb !== testDb.db) await otherDb.close();
    await testDb.close();
  });

  const genders = (index: number, address: string) =>
    apps[index]?.inject({ method: 'GET', url: routeUrl('genders'), remoteAddress: address });

  it('allows the limit once, not once per instance, and again in the next minute', async () => {
    const statuses: Array<number | undefined> = [];
    for (const index of [0, 1, 0, 1, 0, 1]) statuses.push((await genders(index, '10.0.0.1'))?.statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await genders(1, '10.0.0.1');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // another client is counted on its own
    expect((await genders(1, '10.0.0.2'))?.statusCode).toBe(200);
    now = new Date(DEFAULT_NOW.getTime() + 60_000);
    expect((await genders(0, '10.0.0.1'))?.statusCode).toBe(200);
  });
});
