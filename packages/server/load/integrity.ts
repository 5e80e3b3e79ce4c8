/**
 * Load and integrity in three configurations, servers started here (prints figures; exits 1 when an
 * invariant broke in any):
 *
 *   tsx packages/server/load/integrity.ts --quick          # npm test: 6 customers, 12 s each
 *   tsx packages/server/load/integrity.ts                  # bench: 20 customers, 30 s each
 *   ... [--only pglite|postgres|two] [--customers N] [--seconds S] [--seed N]
 *
 *   pglite    one instance on PGlite in a fresh temporary folder (database checks after it stopped:
 *             PGlite has one user at a time)
 *   postgres  one instance on a throwaway PostgreSQL (test-support/postgres.ts)
 *   two       two instances on one PostgreSQL database, customers spread over both; both start at
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
  },
});
const CUSTOMERS = Number(values.customers ?? (values.quick ? 6 : 20));
const SECONDS = Number(values.seconds ?? (values.quick ? 12 : 30));
const SEED = Number(values.seed ?? Date.now() % 1_000_000);
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

function load(label: string, urls: string[]): Promise<LoadResult> {
  return driveLoad({ urls, customers: CUSTOMERS, seconds: SECONDS, seed: SEED, label });
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
    result = await load('PostgreSQL, two instances', [first.url, second.url]);
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
  console.log(`load and integrity: ${CUSTOMERS} customers, ${SECONDS} s per configuration, seed ${SEED}`);
  const outcomes: Array<[Configuration, boolean]> = [];
  let keepLogs = false;
  try {
    for (const configuration of selected) {
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
