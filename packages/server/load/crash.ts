/**
 * Crash safety, outages and graceful shutdown, with real server processes (npm test runs it; exits 1 when
 * an invariant broke):
 *
 *   tsx packages/server/load/crash.ts [--only pglite|postgres|outage|sigterm] [--seed N]
 *
 *   pglite    simulated customers order and pay on one instance on PGlite; SIGKILL in the middle; the
 *             server starts again on the same folder with no repair by hand, and then: every order whose
 *             creation was answered 2xx exists exactly once, a repeat of its creation (same orderId)
 *             answers the same order and adds none, no confirmed payment is lost
 *   postgres  the same on PostgreSQL
 *   outage    PostgreSQL stops for a few seconds under load: meanwhile the API answers 503 with the JSON
 *             error body and readiness 503; it recovers by itself when PostgreSQL is back, same process
 *   sigterm   SIGTERM while requests wait in the database (a lock held by another session): a new request
 *             meanwhile is refused, each one in flight is answered 200 once the lock goes, the process
 *             exits 0
 *   backup    npm run db:backup while customers' orders are stored, then db:restore into a fresh folder
 *             (refused while a server runs): the server on it lists every customer the same orders
 *   results-sms  on PGlite and on PostgreSQL: the laboratory publishes a pending demo order's results (the
 *             results-ready SMS is written to the outbox with them) on an instance that sends no SMS, which
 *             is then SIGKILLed between the results and the SMS; an instance started on the same database
 *             sends it; the same message again sends nothing: exactly one SMS in both servers' logs
 * Ports 4610-4619 (moved by E2E_PORT_SHIFT, as the journeys' are).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { LisOrder, Order } from '@lab/api/contract';
import { demoRow } from '../src/cli/demo-lis';
import { DEV_LIS_KEY } from '../src/config';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { type RunningPostgres, startPostgres } from '../src/test-support/postgres';
import { apiChecks, clientAddress, customerFailures, databaseChecks, responseChecks } from './checks';
import type { CustomerReport } from './customer';
import { CustomerHttp } from './http';
import { createCustomers } from './run';
import { type ApiServer, portIsFree, startApiServer } from './servers';
import { signIn } from './sign-in';
import { Recorder } from './stats';
import { seededRandom, sleep } from './util';

type Scenario = 'pglite' | 'postgres' | 'outage' | 'sigterm' | 'backup' | 'results-sms';
const SCENARIOS: readonly Scenario[] = ['pglite', 'postgres', 'outage', 'sigterm', 'backup', 'results-sms'];
const PORT_SHIFT = Number(process.env.E2E_PORT_SHIFT ?? 0);
const PORTS = [4610, 4611, 4612, 4613, 4614, 4615, 4616, 4617, 4618, 4619].map((port) => port + PORT_SHIFT);
const CUSTOMERS = 8;

const { values } = parseArgs({ options: { only: { type: 'string' }, seed: { type: 'string' } } });
if (values.only !== undefined && !SCENARIOS.includes(values.only as Scenario)) {
  throw new Error(`--only must be one of ${SCENARIOS.join(', ')}`);
}
const SEED = Number(values.seed ?? Date.now() % 1_000_000);
const selected = values.only ? [values.only as Scenario] : SCENARIOS;
const workDir = mkdtempSync(path.join(tmpdir(), 'lab-crash-'));

const servers: ApiServer[] = [];
let postgres: RunningPostgres | null = null;

async function freePort(taken: readonly number[] = []): Promise<number> {
  for (const port of PORTS) if (!taken.includes(port) && (await portIsFree(port))) return port;
  throw new Error(`no free port in ${PORTS[0]}-${PORTS.at(-1)}`);
}

async function start(
  database: { pgliteDataDir: string } | { databaseUrl: string },
  name: string,
  port?: number,
  metricsPort?: number,
  env?: Record<string, string>,
) {
  const server = await startApiServer({
    port: port ?? (await freePort()),
    database,
    logFile: path.join(workDir, `${name}.log`),
    ...(metricsPort === undefined ? {} : { metricsPort }),
    ...(env === undefined ? {} : { env }),
  });
  servers.push(server);
  return server;
}

async function postgresDatabase(name: string): Promise<string> {
  postgres ??= await startPostgres({ log: (line) => console.log(`  ${line}`) });
  const admin = await openPostgres({ connectionString: postgres.url, max: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  return postgres.url.replace(/\/postgres$/, `/${name}`);
}

/** Customers ordering and paying until `deadline` or until the server is gone. */
function customersOn(url: string, deadline: number, seed: number) {
  const recorder = new Recorder();
  const customers = createCustomers({ urls: [url], customers: CUSTOMERS, seed, deadline }, () => recorder);
  const done = Promise.all(customers.map((customer) => customer.run()));
  const placed = () => customers.reduce((n, c) => n + c.report.orders.length, 0);
  const paid = () => customers.reduce((n, c) => n + c.report.orders.filter((o) => o.confirmed).length, 0);
  return { done, placed, paid, recorder };
}

/** Sends each answered order's creation again, signed in anew: the same order comes back, none is added. */
async function repeatCreations(reports: readonly CustomerReport[], url: string): Promise<string[]> {
  const recorder = new Recorder();
  const violations: string[] = [];
  for (const report of reports.filter((c) => c.orders.length > 0)) {
    const http = new CustomerHttp(url, recorder, clientAddress(report.index));
    await signIn(http, report.phone, report.sex);
    for (const order of report.orders) {
      const again = await http.request<Order>('orderCreate (after the crash)', '/api/private/order/orders', {
        json: order.body,
      });
      if (again.status !== 200 || again.body.id !== order.id) {
        violations.push(
          `order ${order.id} created again after the crash: ${again.status} ${JSON.stringify(again.body).slice(0, 200)}`,
        );
      }
    }
  }
  return violations;
}

async function crashUnderLoad(kind: 'pglite' | 'postgres'): Promise<string[]> {
  const database =
    kind === 'pglite'
      ? { pgliteDataDir: path.join(workDir, 'pglite') }
      : { databaseUrl: await postgresDatabase('crash_one') };
  const first = await start(database, `${kind}-before`);
  const load = customersOn(first.url, Date.now() + 60_000, SEED);
  // kill once some orders are placed and paid: the crash lands in the middle of creations and payments
  const waitUntil = Date.now() + 30_000;
  while ((load.placed() < 12 || load.paid() < 6) && Date.now() < waitUntil) await sleep(100);
  await sleep(Math.floor(seededRandom(SEED)() * 300));
  const killed = await first.kill('SIGKILL');
  const reports = await load.done;
  servers.splice(servers.indexOf(first), 1);
  const placed = reports.reduce((n, c) => n + c.orders.length, 0);
  const paid = reports.reduce((n, c) => n + c.orders.filter((o) => o.confirmed).length, 0);
  console.log(`  SIGKILL (${killed.signal}) after ${placed} answered orders, ${paid} confirmed payments`);

  // the customers stopped on the refused connection; anything else they met is a violation
  const violations = customerFailures(
    reports.map((c) => (c.failure?.kind === 'network' ? { ...c, failure: null } : c)),
  );
  const fiveXx = responseChecks(load.recorder).filter((line) => !line.includes('network failure'));
  violations.push(...fiveXx);

  const started = Date.now();
  const second = await start(database, `${kind}-after`, first.port);
  console.log(
    `  started again on the same ${kind === 'pglite' ? 'folder' : 'database'} in ${((Date.now() - started) / 1000).toFixed(1)} s, ready`,
  );
  violations.push(...(await repeatCreations(reports, second.url)));
  violations.push(...(await apiChecks(reports, new Recorder(), { crashed: true })));
  if (kind === 'pglite') {
    // PGlite: one process at a time
    await second.stop();
    servers.splice(servers.indexOf(second), 1);
    const db = await openPglite({ dataDir: database.pgliteDataDir as string });
    violations.push(...(await databaseChecks(db, reports, { crashed: true })));
    await db.close();
  } else {
    const db = await openPostgres({ connectionString: (database as { databaseUrl: string }).databaseUrl, max: 2 });
    violations.push(...(await databaseChecks(db, reports, { crashed: true })));
    await db.close();
    await second.stop();
    servers.splice(servers.indexOf(second), 1);
  }
  if (placed < 1 || paid < 1)
    violations.push(`the crash came before any order was placed and paid (${placed}, ${paid})`);
  return violations;
}

interface Probe {
  readonly status: number;
  readonly body: Record<string, unknown> | null;
  readonly requestId: string | null;
}

async function probe(url: string): Promise<Probe> {
  try {
    const response = await fetch(url, { headers: { 'accept-language': 'uk' } });
    const text = await response.text();
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = null;
    }
    return { status: response.status, body, requestId: response.headers.get('x-request-id') };
  } catch {
    return { status: 0, body: null, requestId: null };
  }
}

async function outage(): Promise<string[]> {
  const violations: string[] = [];
  const databaseUrl = await postgresDatabase('outage_one');
  const server = await start({ databaseUrl }, 'outage');
  const catalogue = `${server.url}/api/public/service/services/groups/enabled/tree/separated`;
  const ready = `${server.url}/api/ready`;
  // traffic all along: a browsing loop, as visitors keep coming
  let browsing = true;
  const seen: Probe[] = [];
  const browse = (async () => {
    while (browsing) {
      seen.push(await probe(catalogue));
      await sleep(50);
    }
  })();
  await sleep(1000);
  const pg = postgres as RunningPostgres;
  await pg.interrupt();
  const down = Date.now();
  await sleep(1500);
  const duringReady = await probe(ready);
  const duringCatalogue = await probe(catalogue);
  await sleep(1500);
  await pg.resume();
  console.log(`  PostgreSQL down for ${((Date.now() - down) / 1000).toFixed(1)} s`);
  let recovered = 0;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await probe(ready)).status === 200 && (await probe(catalogue)).status === 200) {
      recovered = Date.now();
      break;
    }
    await sleep(200);
  }
  browsing = false;
  await browse;

  if (duringReady.status !== 503 || duringReady.body?.code !== 'not-ready') {
    violations.push(`readiness while PostgreSQL was down: ${duringReady.status} ${JSON.stringify(duringReady.body)}`);
  }
  if (duringCatalogue.status !== 503 || duringCatalogue.body?.code !== 'unavailable') {
    violations.push(
      `a catalogue call while PostgreSQL was down: ${duringCatalogue.status} ${JSON.stringify(duringCatalogue.body)}`,
    );
  } else if (
    duringCatalogue.body.requestId !== duringCatalogue.requestId ||
    typeof duringCatalogue.body.message !== 'string'
  ) {
    violations.push(`the 503 body lacks its message or request id: ${JSON.stringify(duringCatalogue.body)}`);
  }
  const wrong = seen.filter((p) => p.status !== 200 && !(p.status === 503 && p.body?.code === 'unavailable'));
  if (wrong.length > 0) {
    violations.push(
      `${wrong.length} answer(s) neither 200 nor 503 unavailable: ${wrong
        .slice(0, 3)
        .map((p) => `${p.status} ${JSON.stringify(p.body)}`)
        .join('; ')}`,
    );
  }
  if (!seen.some((p) => p.status === 503)) violations.push('no visitor call met the outage');
  if (recovered === 0) violations.push('the API did not recover within 20 s of PostgreSQL coming back');
  else
    console.log(
      `  recovered ${((recovered - down) / 1000).toFixed(1)} s after the outage began, ${seen.length} calls, ${seen.filter((p) => p.status === 503).length} answered 503`,
    );
  // the same process throughout
  if ((await server.kill('SIGTERM')).code !== 0)
    violations.push('the server did not exit 0 on SIGTERM after the outage');
  servers.splice(servers.indexOf(server), 1);
  const errors = server.errors();
  if (errors.length > 0)
    violations.push(
      `the server logged ${errors.length} error(s) (an outage is a warning): ${errors[0]?.slice(0, 300)}`,
    );
  return violations;
}

async function sigterm(): Promise<string[]> {
  const violations: string[] = [];
  const databaseUrl = await postgresDatabase('sigterm_one');
  const server = await start({ databaseUrl }, 'sigterm');
  const list = `${server.url}/api/public/service/services/infos/settlements?page=0&size=50`;
  const db = await openPostgres({ connectionString: databaseUrl, max: 2 });
  const REQUESTS = 12;
  let signalled = 0;
  const statuses: number[] = [];
  let exited: { code: number | null; signal: NodeJS.Signals | null } = { code: null, signal: null };
  // the catalogue locked by another session: every request is provably in flight (waiting in the
  // database) when the signal comes, and can finish only after it
  await db.transaction(async (tx) => {
    await tx.exec('LOCK TABLE services IN ACCESS EXCLUSIVE MODE');
    const burst = Array.from({ length: REQUESTS }, () =>
      fetch(list, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ settlementId: 1, query: 'кров' }),
      }).then(
        (response) => response.status,
        () => 0,
      ),
    );
    const waitUntil = Date.now() + 10_000;
    for (;;) {
      const waiting = await db.one<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
      );
      if (waiting.n >= Math.min(REQUESTS, 10) || Date.now() > waitUntil) break;
      await sleep(50);
    }
    signalled = Date.now();
    const exit = server.kill('SIGTERM');
    await sleep(500);
    // still draining: the process waits for its requests
    const alive = await Promise.race([exit.then(() => false), sleep(10).then(() => true)]);
    if (!alive) violations.push('the server exited with requests in flight');
    const after = await probe(`${server.url}/api/ready`);
    if (after.status !== 503 && after.status !== 0)
      violations.push(`a new request while draining answered ${after.status}`);
    // the transaction ends here and frees the lock
    void Promise.all(burst).then((all) => statuses.push(...all));
    void exit.then((result) => {
      exited = result;
    });
  });
  await db.close();
  const deadline = Date.now() + 15_000;
  while ((statuses.length < REQUESTS || exited.code === null) && Date.now() < deadline) await sleep(50);
  servers.splice(servers.indexOf(server), 1);
  const refused = statuses.filter((status) => status !== 200);
  if (statuses.length < REQUESTS) violations.push(`only ${statuses.length} of ${REQUESTS} requests were answered`);
  if (refused.length > 0)
    violations.push(`${refused.length} of ${REQUESTS} requests in flight not answered 200: ${refused.join(', ')}`);
  if (exited.code !== 0) violations.push(`exit code ${exited.code} (signal ${exited.signal}) after SIGTERM`);
  console.log(
    `  SIGTERM with ${REQUESTS} requests waiting in the database: ${statuses.filter((s) => s === 200).length} answered 200 after the signal, exit ${exited.code} ${((Date.now() - signalled) / 1000).toFixed(1)} s later`,
  );
  return violations;
}

/** One of the server's command-line tools (src/cli), as `npm run db:*` runs it. */
function cli(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, '..', 'src', 'cli', script), ...args],
      { cwd: path.join(__dirname, '..'), env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

async function backup(): Promise<string[]> {
  const violations: string[] = [];
  const before = path.join(workDir, 'backup-source');
  const restored = path.join(workDir, 'backup-restored');
  const file = path.join(workDir, 'lab.tar.gz');
  const port = await freePort();
  const metricsPort = await freePort([port]);
  const source = await start({ pgliteDataDir: before }, 'backup-source', port, metricsPort);
  const load = customersOn(source.url, Date.now() + 6000, SEED + 1);
  const reports = await load.done;
  violations.push(...customerFailures(reports));
  const placed = reports.reduce((n, c) => n + c.orders.length, 0);

  // a backup of the serving database, through its operations port
  const made = await cli('backup.ts', ['--out', file], { PGLITE_DATA_DIR: before, METRICS_PORT: String(metricsPort) });
  if (made.code !== 0 || !made.output.includes('backup of the running server')) {
    violations.push(`db:backup of the running server failed: ${made.output.slice(0, 500)}`);
  }
  await source.stop();
  servers.splice(servers.indexOf(source), 1);

  const restore = await cli('restore.ts', [file], { PGLITE_DATA_DIR: restored, METRICS_PORT: String(metricsPort) });
  if (restore.code !== 0) violations.push(`db:restore failed: ${restore.output.slice(0, 500)}`);
  // the same address as before, so that the customers' checks read the restored site
  const target = await start({ pgliteDataDir: restored }, 'backup-restored', port, metricsPort);
  const refused = await cli('restore.ts', [file], { PGLITE_DATA_DIR: restored, METRICS_PORT: String(metricsPort) });
  if (refused.code === 0 || !refused.output.includes('stop it first')) {
    violations.push(`db:restore while a server runs was not refused: ${refused.output.slice(0, 300)}`);
  }
  violations.push(...(await apiChecks(reports, new Recorder())));
  await target.stop();
  servers.splice(servers.indexOf(target), 1);
  if (placed < 1) violations.push('no order was placed before the backup');
  console.log(`  backup of a serving database with ${placed} orders restored into a fresh folder; each listed again`);
  return violations;
}

/** The demo patient's order awaiting results, found as the patient sees it (signed in through the outbox). */
async function pendingDemoOrder(url: string): Promise<{ number: string; phone: string }> {
  const phone = '+380501234567';
  const json = { 'content-type': 'application/json' };
  await fetch(`${url}/api/public/auth`, { method: 'POST', headers: json, body: JSON.stringify({ phone }) });
  const [sent] = (await (
    await fetch(`${url}/api/dev/sms-outbox?limit=1&phone=${encodeURIComponent(phone)}`)
  ).json()) as Array<{
    code: string | null;
  }>;
  const login = await fetch(`${url}/api/public/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ phone, password: sent?.code ?? '' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const list = (await (
    await fetch(`${url}/api/private/admin-app/registries/self?customer-type=patient&on-site=true&size=50`, {
      headers: { cookie },
    })
  ).json()) as { content: Order[] };
  const order = list.content.find((candidate) => candidate.state === 'awaiting-results');
  if (!order) throw new Error('the demo patient has no order awaiting results');
  return { number: order.number, phone };
}

/** All of an order's rows in one message, as the demo laboratory would send them. */
async function publishAll(url: string, number: string): Promise<{ status: number; state: string }> {
  const headers = { 'x-api-key': DEV_LIS_KEY, 'content-type': 'application/json' };
  const order = (await (await fetch(`${url}/api/lis/orders/${number}`, { headers })).json()) as LisOrder;
  const response = await fetch(`${url}/api/lis/results`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ orderNumber: number, results: order.analytes.map((analyte) => demoRow(order, analyte)) }),
  });
  const body = (await response.json()) as { state?: string };
  return { status: response.status, state: body.state ?? '' };
}

/** The results-ready SMS the development gateway logged for a phone (a log line per message sent). */
function resultsSmsIn(logFile: string, phone: string): number {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"development SMS"') && line.includes(phone) && line.includes('результати готові'))
    .length;
}

async function resultsSms(kind: 'pglite' | 'postgres'): Promise<string[]> {
  const violations: string[] = [];
  const database =
    kind === 'pglite'
      ? { pgliteDataDir: path.join(workDir, 'sms-pglite') }
      : { databaseUrl: await postgresDatabase('sms_one') };
  // this instance sends no SMS (NOTIFY_INTERVAL_MS=0): whatever it committed waits in the outbox
  const first = await start(database, `sms-${kind}-before`, undefined, undefined, {
    LOG_LEVEL: 'info',
    NOTIFY_INTERVAL_MS: '0',
  });
  const { number, phone } = await pendingDemoOrder(first.url);
  const published = await publishAll(first.url, number);
  if (published.status !== 200 || published.state !== 'results-ready') {
    violations.push(`the results were not accepted: ${published.status} ${published.state}`);
  }
  const killed = await first.kill('SIGKILL');
  servers.splice(servers.indexOf(first), 1);
  const before = resultsSmsIn(first.logFile, phone);
  if (before !== 0) violations.push(`the killed instance sent ${before} SMS (it sends none)`);
  console.log(`  results of order ${number} committed, SIGKILL (${killed.signal}) before any SMS`);

  const second = await start(database, `sms-${kind}-after`, first.port, undefined, {
    LOG_LEVEL: 'info',
    NOTIFY_INTERVAL_MS: '200',
  });
  const deadline = Date.now() + 20_000;
  while (resultsSmsIn(second.logFile, phone) === 0 && Date.now() < deadline) await sleep(200);
  const again = await publishAll(second.url, number);
  if (again.status !== 200) violations.push(`the same message again answered ${again.status}`);
  await sleep(1500); // several rounds of the sender after the repeat
  await second.stop();
  servers.splice(servers.indexOf(second), 1);
  const sent = resultsSmsIn(first.logFile, phone) + resultsSmsIn(second.logFile, phone);
  if (sent !== 1) violations.push(`${sent} results-ready SMS were sent (exactly one expected)`);

  const db =
    kind === 'pglite'
      ? await openPglite({ dataDir: (database as { pgliteDataDir: string }).pgliteDataDir })
      : await openPostgres({ connectionString: (database as { databaseUrl: string }).databaseUrl, max: 1 });
  const rows = await db.query<{ status: string; attempts: number }>(
    `SELECT n.status, n.attempts FROM notification_outbox n JOIN orders o ON o.id = n.order_id WHERE o.number = $1`,
    [number],
  );
  await db.close();
  if (rows.length !== 1 || rows[0]?.status !== 'sent') {
    violations.push(`the outbox holds ${JSON.stringify(rows)} for the order (one sent message expected)`);
  }
  console.log(`  restarted: ${sent} SMS in the two logs, outbox ${JSON.stringify(rows)}`);
  return violations;
}

async function cleanUp(): Promise<void> {
  for (const server of [...servers]) await server.stop().catch(() => undefined);
  if (postgres) await postgres.stop().catch(() => undefined);
  postgres = null;
}

async function main(): Promise<number> {
  const started = Date.now();
  console.log(`crash safety, outage and shutdown: ${selected.join(', ')}; seed ${SEED}`);
  const outcomes: Array<[Scenario, string[]]> = [];
  try {
    for (const scenario of selected) {
      console.log(`\n# ${scenario}`);
      const violations =
        scenario === 'pglite' || scenario === 'postgres'
          ? await crashUnderLoad(scenario)
          : scenario === 'outage'
            ? await outage()
            : scenario === 'sigterm'
              ? await sigterm()
              : scenario === 'results-sms'
                ? [...(await resultsSms('pglite')), ...(await resultsSms('postgres'))]
                : await backup();
      for (const line of violations) console.log(`  ✖ ${line}`);
      if (violations.length === 0) console.log('  ok');
      outcomes.push([scenario, violations]);
    }
  } finally {
    await cleanUp();
  }
  const ok = outcomes.every(([, violations]) => violations.length === 0);
  console.log(
    `\n${outcomes.map(([s, v]) => `${s}: ${v.length === 0 ? 'ok' : 'FAILED'}`).join(', ')} (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  if (ok) rmSync(workDir, { recursive: true, force: true });
  else console.log(`server logs kept in ${workDir}`);
  return ok ? 0 : 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error);
    await cleanUp();
    console.error(`server logs in ${workDir}`);
    process.exit(1);
  },
);
