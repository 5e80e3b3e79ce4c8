/**
 * Load and integrity in three configurations, servers started here (prints figures; exits 1 when an
 * invariant broke in any):
 *
 *   tsx packages/server/load/integrity.ts --quick          # npm test: 6 customers, 12 s each
 *   tsx packages/server/load/integrity.ts                  # bench: 20 customers, 30 s each
 *   ... [--only pglite|postgres|two] [--customers N] [--seconds S] [--seed N]
 *       [--think-ms T]    a visitor's mean pause before each request (0.5-1.5 T); default none
 *       [--rate-limit R]  the servers' RATE_LIMIT_MAX per client address and minute; default off
 *       [--knee 50,100,…] (with --only two) one run per customer count, stopping once p95 passes 1 s
 *
 *   pglite    one instance on PGlite in a fresh temporary folder (database checks after it stopped:
 *             PGlite has one user at a time)
 *   postgres  one instance on a throwaway PostgreSQL (test-support/postgres.ts)
 *   two       two instances on one PostgreSQL database behind one address (load/proxy.ts: each
 *             request to the next instance, so one customer's requests land on both); both start at
 *             once on the empty database (seed/prepare.ts: one migrates, seeds and inserts the demo
 *             accounts under an advisory lock, the other waits and then finds them in place)
 * Ports 4600-4609.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Queryable } from '../src/db/database';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { type RunningPostgres, startPostgres } from '../src/test-support/postgres';
import { databaseChecks } from './checks';
import { startRoundRobinProxy } from './proxy';
import { driveLoad, type LoadResult, printChecks, printFigures } from './run';
import { type ApiServer, portIsFree, startApiServer } from './servers';

type Configuration = 'pglite' | 'postgres' | 'two';
const CONFIGURATIONS: readonly Configuration[] = ['pglite', 'postgres', 'two'];
const PORTS = [4600, 4601, 4602, 4603, 4604, 4605, 4606, 4607, 4608, 4609];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    customers: { type: 'string' },
    seconds: { type: 'string' },
    seed: { type: 'string' },
    'think-ms': { type: 'string' },
    'rate-limit': { type: 'string' },
    knee: { type: 'string' },
  },
});
const CUSTOMERS = Number(values.customers ?? (values.quick ? 6 : 20));
const SECONDS = Number(values.seconds ?? (values.quick ? 12 : 30));
const SEED = Number(values.seed ?? Date.now() % 1_000_000);
const THINK_MS = Number(values['think-ms'] ?? 0);
const RATE_LIMIT = values['rate-limit'];
const KNEE = values.knee?.split(',').map(Number) ?? null;
/** The knee: the customer count where p95 of all requests passes this. */
const KNEE_MS = 1000;
/** The peak's target for each group's p95. */
const GROUP_P95_TARGET_MS = 300;
if (values.only !== undefined && !CONFIGURATIONS.includes(values.only as Configuration)) {
  throw new Error(`--only must be one of ${CONFIGURATIONS.join(', ')}`);
}
const selected = values.only ? [values.only as Configuration] : CONFIGURATIONS;

const workDir = mkdtempSync(path.join(tmpdir(), 'lab-load-'));
const usedPorts = new Set<number>();
async function nextPort(): Promise<number> {
  for (const port of PORTS) {
    if (usedPorts.has(port)) continue;
    usedPorts.add(port);
    if (await portIsFree(port)) return port;
  }
  throw new Error('no free port in 4600-4609');
}

const servers: ApiServer[] = [];
async function start(database: { pgliteDataDir: string } | { databaseUrl: string }, name: string) {
  const started = Date.now();
  const server = await startApiServer({
    port: await nextPort(),
    database,
    logFile: path.join(workDir, `${name}.log`),
    ...(RATE_LIMIT ? { env: { RATE_LIMIT_MAX: RATE_LIMIT } } : {}),
  });
  servers.push(server);
  console.log(`  ${name}: ${server.url} answered after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return server;
}
async function stop(server: ApiServer): Promise<void> {
  await server.stop();
  servers.splice(servers.indexOf(server), 1);
}

let postgres: RunningPostgres | null = null;
async function postgresDatabase(name: string): Promise<string> {
  if (!postgres) {
    const started = Date.now();
    postgres = await startPostgres({ log: (line) => console.log(`  ${line}`) });
    console.log(`  PostgreSQL ${postgres.version} started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const admin = await openPostgres({ connectionString: postgres.url, max: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  return postgres.url.replace(/\/postgres$/, `/${name}`);
}

async function withDatabase(open: () => Promise<Queryable & { close(): Promise<void> }>, result: LoadResult) {
  const db = await open();
  try {
    result.violations.push(...(await databaseChecks(db, result.customers)));
  } finally {
    await db.close();
  }
}

/** The load on `urls`; behind a proxy, `instances` are the servers' own addresses (their SMS outboxes). */
function load(
  label: string,
  urls: string[],
  {
    customers = CUSTOMERS,
    seed = SEED,
    instances,
  }: { customers?: number; seed?: number; instances?: ApiServer[] } = {},
): Promise<LoadResult> {
  return driveLoad({
    urls,
    customers,
    seconds: SECONDS,
    seed,
    label,
    thinkMs: THINK_MS,
    ...(instances ? { smsOutboxes: instances.map((server) => server.url) } : {}),
  });
}

/** The worst group's p95 against the peak's target (a figure, never a failure). */
function printTarget(result: LoadResult): void {
  const groups = result.recorder.summary().filter((g) => g.group !== 'all');
  const worst = groups.reduce((a, b) => (b.p95 > a.p95 ? b : a), groups[0] ?? { group: '–', p95: 0 });
  const met = worst.p95 <= GROUP_P95_TARGET_MS;
  console.log(
    `\np95 per group <= ${GROUP_P95_TARGET_MS} ms: ${met ? 'met' : 'missed'} (the slowest group, ${worst.group}: ${worst.p95} ms)`,
  );
}

/**
 * Two instances behind one address, at each customer count in turn (a new run seed each, so every
 * run has accounts of its own), until p95 of all requests passes KNEE_MS: the table of the knee.
 */
async function runKnee(counts: readonly number[]): Promise<boolean> {
  console.log(`\n# knee: two instances on PostgreSQL behind one address, ${SECONDS} s per step`);
  const databaseUrl = await postgresDatabase('load_knee');
  const [first, second] = await Promise.all([start({ databaseUrl }, 'knee-a'), start({ databaseUrl }, 'knee-b')]);
  const proxy = await startRoundRobinProxy(await nextPort(), [first.url, second.url]);
  const rows: string[] = [];
  let ok = true;
  try {
    for (const [step, customers] of counts.entries()) {
      const result = await load(`knee, ${customers} customers`, [proxy.url], {
        customers,
        seed: SEED + step,
        instances: [first, second],
      });
      const all = result.recorder.summary().find((g) => g.group === 'all');
      const groups = result.recorder.summary().filter((g) => g.group !== 'all');
      const worst = groups.reduce((a, b) => (b.p95 > a.p95 ? b : a), groups[0] ?? { group: '–', p95: 0 });
      const { fiveXx } = result.recorder.failures();
      rows.push(
        `| ${customers} | ${(result.recorder.total / result.elapsedSeconds).toFixed(0)} | ${all?.p50 ?? 0} | ` +
          `${all?.p95 ?? 0} | ${worst.group} ${worst.p95} | ${fiveXx.length} | ${result.violations.length} |`,
      );
      console.log(`  ${rows.at(-1)}`);
      for (const violation of result.violations.slice(0, 3)) console.log(`    VIOLATION: ${violation}`);
      ok &&= result.violations.length === 0;
      if ((all?.p95 ?? 0) > KNEE_MS) break;
    }
  } finally {
    await proxy.close();
    await stop(first);
    await stop(second);
  }
  console.log(
    `\nKnee (p95 of all requests passes ${KNEE_MS} ms), a visitor's mean pause ${THINK_MS} ms before each request:\n`,
  );
  console.log('| customers | requests/s | p50 ms | p95 ms | slowest group p95 ms | 5xx | violations |');
  console.log('| ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const row of rows) console.log(row);
  return ok;
}

/** One configuration: servers up, the load, servers down, the database checks, the printout. */
async function runConfiguration(configuration: Configuration): Promise<boolean> {
  console.log(`\n# ${configuration}`);
  let result: LoadResult;
  let used: ApiServer[];
  if (configuration === 'pglite') {
    const dataDir = path.join(workDir, 'pglite');
    const server = await start({ pgliteDataDir: dataDir }, 'pglite');
    used = [server];
    result = await load('PGlite, one instance', [server.url]);
    await stop(server);
    await withDatabase(() => openPglite({ dataDir }), result);
  } else if (configuration === 'postgres') {
    const databaseUrl = await postgresDatabase('load_one');
    const server = await start({ databaseUrl }, 'postgres');
    used = [server];
    result = await load('PostgreSQL, one instance', [server.url]);
    await stop(server);
    await withDatabase(() => openPostgres({ connectionString: databaseUrl, max: 2 }), result);
  } else {
    const databaseUrl = await postgresDatabase('load_two');
    const [first, second] = await Promise.all([start({ databaseUrl }, 'two-a'), start({ databaseUrl }, 'two-b')]);
    used = [first, second];
    const proxy = await startRoundRobinProxy(await nextPort(), [first.url, second.url]);
    try {
      result = await load('PostgreSQL, two instances behind one address', [proxy.url], { instances: used });
    } finally {
      await proxy.close();
    }
    console.log(`  requests per instance: ${proxy.counts.join(' and ')}`);
    await stop(first);
    await stop(second);
    await withDatabase(() => openPostgres({ connectionString: databaseUrl, max: 2 }), result);
  }
  // a 5xx inside the server (the sandbox page's call of the payment callback) reaches no customer
  const logged = used.map((server) => ({ server, errors: server.errors() }));
  for (const { server, errors } of logged) {
    if (errors.length > 0) result.violations.push(`${server.url} logged ${errors.length} error(s)`);
  }
  printFigures(result);
  printTarget(result);
  const ok = printChecks(configuration, result, true);
  for (const { server, errors } of logged) {
    if (errors.length === 0) continue;
    console.log(`\n  errors logged by ${server.url} (${server.logFile}):`);
    for (const line of errors.slice(0, 20)) console.log(`    ${line.slice(0, 2000)}`);
  }
  return ok;
}

async function cleanUp(): Promise<void> {
  for (const server of [...servers]) await server.stop().catch(() => undefined);
  if (postgres) await postgres.stop().catch(() => undefined);
  postgres = null;
}

async function main(): Promise<number> {
  const started = Date.now();
  console.log(
    `load and integrity: ${KNEE ? `${KNEE.join(', ')}` : CUSTOMERS} customers, ${SECONDS} s per ` +
      `${KNEE ? 'step' : 'configuration'}, seed ${SEED}${THINK_MS > 0 ? `, pauses of ${THINK_MS} ms on average` : ''}` +
      `${RATE_LIMIT ? `, ${RATE_LIMIT} requests a minute per client address` : ''}`,
  );
  const outcomes: Array<[Configuration | 'knee', boolean]> = [];
  let keepLogs = false;
  try {
    if (KNEE) {
      const ok = await runKnee(KNEE);
      outcomes.push(['knee', ok]);
      keepLogs ||= !ok;
    }
    for (const configuration of KNEE ? [] : selected) {
      const ok = await runConfiguration(configuration);
      outcomes.push([configuration, ok]);
      keepLogs ||= !ok;
    }
  } finally {
    await cleanUp();
  }
  console.log(
    `\n${outcomes.map(([c, ok]) => `${c}: ${ok ? 'ok' : 'FAILED'}`).join(', ')} (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  if (keepLogs) console.log(`server logs kept in ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
  return outcomes.every(([, ok]) => ok) ? 0 : 1;
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
