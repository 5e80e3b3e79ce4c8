/**
 * Fuzz test over every operation of the OpenAPI document the app serves: hostile values for each
 * path/query/body field (wrong types, out-of-range numbers, 100 KB strings, NUL, emoji, RTL marks, SQL,
 * markup, path traversal), missing required and extra fields, bodies of the wrong shape, invalid JSON,
 * wrong content types, no session / forged session cookies on private routes, cross-site POSTs.
 *
 * Deterministic: a seeded PRNG per route (SEED below) and at most CASES_PER_ROUTE input cases per
 * route. Invariants for every answer:
 *  - status < 500;
 *  - a 4xx is JSON `{ code, message, field? }` (non-empty code and message, nothing else);
 *  - a refused request (4xx) changes no stored data: row counts and content hashes of the tables a
 *    request could write are compared before and after it (audit_log, rate_counters and
 *    auth_send_gates log attempts on purpose; sessions.last_seen_at slides on any signed-in request).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  createDoctorUser,
  createPatientUser,
  fillCart,
  sessionCookie,
  testAuthSettings,
} from '../test-support/accounts';
import { useTestApp } from '../test-support/harness';
import {
  describe as describeValue,
  fieldsOf,
  hostileValues,
  type JsonSchema,
  prng,
  Raw,
  REMOVE,
  sample,
  seedOf,
  toJson,
  urlText,
  validValue,
  withValue,
} from './generate';

const SEED = 20261118;
const CASES_PER_ROUTE = 150;
const HOSTILE_PER_FIELD = 9;

const t = useTestApp({ config: { rateLimitMax: 0, auth: testAuthSettings() } });

// ---------------------------------------------------------------------------------------------------------------
// the document

interface Parameter {
  readonly in: 'path' | 'query';
  readonly name: string;
  readonly required: boolean;
  readonly schema: JsonSchema;
}

interface Operation {
  readonly id: string;
  readonly method: 'GET' | 'POST';
  /** OpenAPI path, `{name}` placeholders. */
  readonly path: string;
  readonly parameters: readonly Parameter[];
  readonly body: JsonSchema | undefined;
  readonly multipart: boolean;
  readonly private: boolean;
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  consumes?: string[];
}

function operationsOf(app: FastifyInstance): Operation[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      out.push({
        id: op.operationId ?? `${method} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: (op.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({
            in: p.in as Parameter['in'],
            name: p.name,
            required: p.required ?? p.in === 'path',
            schema: p.schema,
          })),
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content || (op.consumes ?? []).includes('multipart/form-data'),
        private: path.startsWith('/api/private/'),
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// requests

interface Input {
  path: Record<string, unknown>;
  /** Entries, so that a name can repeat. */
  query: Array<[string, unknown]>;
  /** undefined: no body; a string or Buffer: sent as it is; anything else: JSON (Raw kept unquoted). */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

interface Case {
  readonly label: string;
  readonly input: Input;
}

function baseline(op: Operation, random: () => number): Input {
  const path: Record<string, unknown> = {};
  const query: Array<[string, unknown]> = [];
  for (const p of op.parameters) {
    const value = validValue(p.schema, random);
    if (p.in === 'path') path[p.name] = value;
    else query.push([p.name, value]);
  }
  return { path, query, body: op.body ? validValue(op.body, random) : undefined };
}

function urlOf(op: Operation, input: Input): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => urlText(input.path[name] ?? ''));
  const query = input.query
    .map(
      ([name, value]) => `${encodeURIComponent(name)}=${urlText(typeof value === 'boolean' ? String(value) : value)}`,
    )
    .join('&');
  return query ? `${path}?${query}` : path;
}

async function send(app: FastifyInstance, op: Operation, input: Input, cookie?: string) {
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', ...input.headers };
  if (cookie && !('cookie' in headers)) headers.cookie = cookie;
  let payload: string | Buffer | undefined;
  if (input.body !== undefined) {
    payload = typeof input.body === 'string' || Buffer.isBuffer(input.body) ? input.body : toJson(input.body);
    headers['content-type'] = input.contentType ?? 'application/json';
  } else if (input.contentType) {
    headers['content-type'] = input.contentType;
  }
  return app.inject({
    method: op.method,
    url: urlOf(op, input),
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// cases

const BAD_JSON: ReadonlyArray<[string, string]> = [
  ['truncated', '{"a":'],
  ['single quotes', "{'a':1}"],
  ['trailing comma', '{"a":1,}'],
  ['NUL', '\u0000'],
  ['empty', ''],
  ['bare word', 'undefined'],
  ['NaN', 'NaN'],
  ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['proto poisoning', '{"__proto__":{"isAdmin":true}}'],
  ['constructor poisoning', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['huge number', `{"a":1${'0'.repeat(400)}}`],
  ['invalid UTF-8', '\xff\xfe{"a":1}'],
];

function inputCases(op: Operation, random: () => number): Case[] {
  const base = baseline(op, random);
  const cases: Case[] = [];
  const add = (label: string, input: Partial<Input>) => cases.push({ label, input: { ...base, ...input } });

  for (const p of op.parameters) {
    for (const value of hostileValues(p.schema, random, HOSTILE_PER_FIELD)) {
      if (p.in === 'path') add(`path.${p.name}=${describeValue(value)}`, { path: { ...base.path, [p.name]: value } });
      else {
        const query = base.query.map(([n, v]): [string, unknown] => [n, n === p.name ? value : v]);
        add(`query.${p.name}=${describeValue(value)}`, { query });
      }
    }
    if (p.in === 'path') {
      add(`path.${p.name}=raw(%E0%A4%A)`, { path: { ...base.path, [p.name]: new Raw('%E0%A4%A') } });
      add(`path.${p.name}=raw(..%2F..)`, { path: { ...base.path, [p.name]: new Raw('..%2F..%2Fetc%2Fpasswd') } });
    } else {
      if (p.required) add(`query.${p.name} missing`, { query: base.query.filter(([n]) => n !== p.name) });
      const value = base.query.find(([n]) => n === p.name)?.[1];
      add(`query.${p.name} twice`, { query: [...base.query, [p.name, value]] });
      const query = base.query.map(([n, v]): [string, unknown] => [n, n === p.name ? new Raw('%E0%A4%A') : v]);
      add(`query.${p.name}=raw(%E0%A4%A)`, { query });
    }
  }
  add('extra query parameter', { query: [...base.query, ['isAdmin', 'true'], ['__proto__', 'x']] });

  if (op.body) {
    for (const field of fieldsOf(op.body)) {
      const name = field.path.join('.');
      for (const value of hostileValues(field.schema, random, HOSTILE_PER_FIELD)) {
        add(`body.${name}=${describeValue(value)}`, { body: withValue(base.body, field.path, value) });
      }
      if (field.required && typeof field.path[field.path.length - 1] === 'string') {
        add(`body.${name} missing`, { body: withValue(base.body, field.path, REMOVE) });
      }
    }
    add('body with an extra field', { body: withValue(base.body, ['isAdmin'], true) });
    add('body: array of the object', { body: [base.body] });
    for (const value of [[], null, 'text', 42, true, {}]) add(`body=${describeValue(value)}`, { body: value });
    add('body missing', { body: undefined });
  }
  if (op.method === 'POST') {
    for (const [label, text] of BAD_JSON) add(`invalid JSON: ${label}`, { body: text });
    const json = toJson(base.body ?? {});
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/json; charset=utf-16',
      'multipart/form-data; boundary=x',
      'multipart/form-data',
      '',
    ]) {
      add(`content-type ${JSON.stringify(type)}`, { body: json, contentType: type });
    }
    add('body over 1 MB', { body: `{"a":"${'a'.repeat(1_100_000)}"}` });
  }
  if (op.multipart) {
    const boundary = '----fuzz';
    const part = (field: string, type: string, bytes: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x"\r\nContent-Type: ${type}\r\n\r\n${bytes}\r\n`;
    const multipart = `multipart/form-data; boundary=${boundary}`;
    add('multipart: empty', { body: `--${boundary}--\r\n`, contentType: multipart });
    add('multipart: text file', {
      body: `${part('file', 'text/plain', 'hello')}--${boundary}--\r\n`,
      contentType: multipart,
    });
    add('multipart: wrong field', {
      body: `${part('photo', 'image/jpeg', '\xff\xd8\xff')}--${boundary}--\r\n`,
      contentType: multipart,
    });
    add('multipart: truncated', { body: part('file', 'image/png', '\x89PNG'), contentType: multipart });
    add('multipart: two files', {
      body: `${part('file', 'image/jpeg', '\xff\xd8\xff')}${part('file', 'image/jpeg', '\xff\xd8\xff')}--${boundary}--\r\n`,
      contentType: multipart,
    });
    add('multipart: svg with script', {
      body: `${part('file', 'image/svg+xml', '<svg><script>alert(1)</script></svg>')}--${boundary}--\r\n`,
      contentType: multipart,
    });
    add('multipart: no boundary', { body: 'garbage', contentType: 'multipart/form-data' });
  }
  add('odd accept-language', { headers: { 'accept-language': `\u0000;q=abc, ${'x'.repeat(5000)}` } });

  return cases.length > CASES_PER_ROUTE ? sample(random, cases, CASES_PER_ROUTE) : cases;
}

// ---------------------------------------------------------------------------------------------------------------
// invariants

function shapeProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('application/json')) return `${res.statusCode} with content-type "${type}"`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  const ok =
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body).every((key) => ['code', 'message', 'field', 'requestId'].includes(key)) &&
    // the id support looks up in the log: the same in the body and the X-Request-Id header
    typeof (body as { requestId?: unknown }).requestId === 'string' &&
    (body as { requestId: string }).requestId === res.headers['x-request-id'] &&
    typeof (body as { code?: unknown }).code === 'string' &&
    (body as { code: string }).code !== '' &&
    typeof (body as { message?: unknown }).message === 'string' &&
    (body as { message: string }).message.trim() !== '' &&
    ['undefined', 'string'].includes(typeof (body as { field?: unknown }).field);
  return ok ? null : `${res.statusCode} with a body of the wrong shape: ${res.body.slice(0, 200)}`;
}

/** Counts and content hashes of the tables a request could write (see the header for exclusions). */
const SNAPSHOT_SQL = `SELECT
  ${[
    'carts',
    'cart_items',
    'orders',
    'order_items',
    'registries',
    'payments',
    'home_visit_slots',
    'users',
    'patients',
    'doctors',
    'doctor_workplaces',
    'auth_codes',
    'sessions',
  ]
    .map((table) => `(SELECT count(*)::int FROM ${table}) AS "${table}"`)
    .join(',\n  ')},
  (SELECT count(*)::int FROM sessions WHERE revoked_at IS NOT NULL) AS "revoked sessions",
  ${['carts', 'cart_items', 'orders', 'users', 'patients', 'doctors', 'doctor_workplaces']
    .map(
      (table) =>
        `(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM ${table} t) AS "${table} content"`,
    )
    .join(',\n  ')}`;

type Snapshot = Record<string, number | string>;

async function snapshot(): Promise<Snapshot> {
  return t.db.one<Snapshot>(SNAPSHOT_SQL);
}

function changes(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(before)
    .filter((key) => before[key] !== after[key])
    .map((key) => `${key}: ${before[key]} -> ${after[key]}`);
}

interface Tally {
  requests: number;
  refused: number;
  violations: string[];
}

/** Sends the cases one by one, checking every invariant after each. */
async function run(op: Operation, cases: readonly Case[], cookie: string | undefined, tally: Tally): Promise<void> {
  let before = await snapshot();
  for (const { label, input } of cases) {
    const res = await send(t.app, op, input, cookie);
    tally.requests += 1;
    const where = `${op.id} (${op.method} ${op.path}) [${label}]`;
    const problem = shapeProblem(res);
    if (problem) tally.violations.push(`${where}: ${problem}`);
    const after = await snapshot();
    if (res.statusCode >= 400) {
      tally.refused += 1;
      const changed = changes(before, after);
      if (changed.length > 0)
        tally.violations.push(`${where}: refused with ${res.statusCode} but changed ${changed.join(', ')}`);
    }
    before = after;
  }
}

// ---------------------------------------------------------------------------------------------------------------

describe('fuzz over the OpenAPI document', () => {
  let operations: Operation[] = [];
  let userId = 0;

  beforeAll(async () => {
    operations = operationsOf(t.app);
    const patient = await createPatientUser(t.db);
    await createDoctorUser(t.db, { userId: patient.userId });
    await fillCart(t.db, patient.userId, ['2001', '2002']);
    userId = patient.userId;
  });

  it('reads every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
    expect(operations.some((op) => op.private)).toBe(true);
  });

  it('survives hostile inputs on every route (signed in on private routes)', async () => {
    const tally: Tally = { requests: 0, refused: 0, violations: [] };
    for (const op of operations) {
      const random = prng(SEED ^ seedOf(op.id));
      // a session per route: logout (valid with an extra body field, say) must not sign the next route out
      const cookie = op.private ? await sessionCookie(t.app, userId) : undefined;
      await run(op, inputCases(op, random), cookie, tally);
    }
    console.info(`fuzz: ${operations.length} operations, ${tally.requests} requests, ${tally.refused} refused`);
    expect(tally.violations).toEqual([]);
    expect(tally.refused).toBeGreaterThan(tally.requests / 2);
  }, 240_000);

  it('refuses private routes without a live session, and cross-site state changes', async () => {
    const tally: Tally = { requests: 0, refused: 0, violations: [] };
    const guestAllowed = new Set(['sessionInfo', 'logout']);
    for (const op of operations) {
      const random = prng(SEED ^ seedOf(`auth:${op.id}`));
      const base = baseline(op, random);
      const cases: Case[] = [];
      if (op.private) {
        for (const [label, cookie] of [
          ['no cookie', undefined],
          ['forged token', `lab_session=${'f'.repeat(43)}`],
          ['empty token', 'lab_session='],
          ['100 KB token', `lab_session=${'a'.repeat(100_000)}`],
          ['NUL token', 'lab_session=%00'],
          ['bad percent-encoding', 'lab_session=%E0%A4%A'],
          ['SQL token', `lab_session=${encodeURIComponent("' OR 1=1;--")}`],
          ['secure name on localhost', `__Host-lab_session=${'f'.repeat(43)}`],
          ['garbage header', ';;==;\u00ff'],
        ] as const) {
          cases.push({ label, input: { ...base, headers: cookie === undefined ? {} : { cookie } } });
        }
      }
      if (op.method === 'POST') {
        cases.push({ label: 'cross-site', input: { ...base, headers: { 'sec-fetch-site': 'cross-site' } } });
        cases.push({
          label: 'foreign origin',
          input: { ...base, headers: { 'sec-fetch-site': '', origin: 'https://evil.example' } },
        });
        cases.push({ label: 'origin null', input: { ...base, headers: { 'sec-fetch-site': '', origin: 'null' } } });
      }
      if (cases.length === 0) continue;
      const before = await snapshot();
      for (const { label, input } of cases) {
        const res = await send(t.app, op, input);
        tally.requests += 1;
        const where = `${op.id} [${label}]`;
        const problem = shapeProblem(res);
        if (problem) tally.violations.push(`${where}: ${problem}`);
        const crossSite = label === 'cross-site' || label === 'foreign origin' || label === 'origin null';
        if (crossSite && res.statusCode !== 403) tally.violations.push(`${where}: answered ${res.statusCode}, not 403`);
        if (!crossSite && !guestAllowed.has(op.id) && res.statusCode !== 401) {
          tally.violations.push(`${where}: answered ${res.statusCode}, not 401`);
        }
      }
      const changed = changes(before, await snapshot());
      if (changed.length > 0) tally.violations.push(`${op.id}: refused calls changed ${changed.join(', ')}`);
    }
    console.info(`fuzz (auth, cross-site): ${tally.requests} requests`);
    expect(tally.violations).toEqual([]);
  }, 120_000);
});
