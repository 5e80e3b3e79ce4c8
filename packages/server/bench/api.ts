/**
 * API benchmark: prints figures, never asserts.
 *
 *   node_modules/.bin/tsx bench/api.ts [--out bench.json] [--duration 7] [--connections 10] [--scale 20000]
 *
 * Makes a temporary PGlite database, seeds it with the real seed (seed CLI), starts the server on it
 * (src/server.ts, a separate process, rate limit off) and measures each route with autocannon: requests/s
 * and p50/p95/p99 latency under `--connections` concurrent connections for `--duration` seconds, plus the
 * median of 15 requests one at a time ("serial"). Then it adds `--scale` synthetic services (seed CLI
 * `--scale`), restarts the server and measures again. Prints a Markdown table and writes JSON to `--out`.
 *
 * Routes: a constant route (genders) as the floor; search with three kinds of query (many hits, Latin
 * layout, a typo); the service list of a group; a service by slug; cart create and cart add (each add on
 * a cart made by the create run, so on fresh carts while they last).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type SequenceRequest } from 'autocannon';
import { openPglite } from '../src/db/pglite';
import { explainServices } from './plans';

interface Args {
  out: string | null;
  duration: number;
  connections: number;
  scale: number;
}

function parseArgs(argv: readonly string[]): Args {
  const value = (name: string): string | undefined => {
    const index = argv.indexOf(`--${name}`);
    if (index !== -1) return argv[index + 1];
    return argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  };
  const number = (name: string, fallback: number): number => {
    const raw = value(name);
    const parsed = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${name} needs a number, got "${raw}"`);
    return parsed;
  };
  return {
    out: value('out') ?? null,
    duration: number('duration', 7),
    connections: number('connections', 10),
    scale: number('scale', 20_000),
  };
}

const SERVER_DIR = path.resolve(__dirname, '..');
const TSX = path.join(SERVER_DIR, 'node_modules', '.bin', 'tsx');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function run(args: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, args, { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')}: exit ${code}\n${output}`)),
    );
  });
}

async function startServer(env: NodeJS.ProcessEnv, base: string): Promise<ChildProcess> {
  const child = spawn(TSX, ['src/server.ts'], { cwd: SERVER_DIR, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/public/core/genders`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 90 s');
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The search queries measured (and EXPLAINed). */
const SEARCHES = [
  ['аналіз крові', 'many hits'],
  ['athbnby', 'Latin layout'],
  ['холистирин', 'a typo'],
] as const;

interface PlanCheck {
  query: string;
  indexes: string[];
  seqScanOnServices: boolean;
  planningMs: number;
  executionMs: number;
}

/**
 * EXPLAIN ANALYZE of the services statement of each search (its second run), on the database before the
 * server opens it (PGlite is one process's): which indexes the plan uses, whether it reads services whole.
 */
async function checkPlans(dir: string): Promise<PlanCheck[]> {
  const db = await openPglite({ dataDir: dir });
  try {
    const { id: kyiv } = await db.one<{ id: number }>("SELECT id FROM settlements WHERE source_id = 'kyiv'");
    const checks: PlanCheck[] = [];
    for (const [query] of SEARCHES) {
      const plan = await explainServices(db, kyiv, query, 10);
      if (plan) checks.push({ query, ...plan });
    }
    return checks;
  } finally {
    await db.close();
  }
}

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Per-request path/body (cart add on fresh carts). */
  setupRequest?: SequenceRequest['setupRequest'];
  onResponse?: SequenceRequest['onResponse'];
  /** Also time 15 requests one at a time. */
  serial?: boolean;
}

interface Figures {
  name: string;
  method: string;
  path: string;
  requestsPerSec: number;
  total: number;
  latencyMs: { mean: number; p50: number; p95: number; p99: number; max: number };
  serialMedianMs: number | null;
  non2xx: number;
  errors: number;
  note?: string;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;

async function serialMedian(base: string, target: Target): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    const res = await fetch(base + target.path, {
      method: target.method,
      headers: target.body === undefined ? {} : { 'content-type': 'application/json' },
      ...(target.body === undefined ? {} : { body: JSON.stringify(target.body) }),
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return round(percentile(times, 50), 2);
}

async function measure(base: string, target: Target, args: Args): Promise<Figures> {
  const serial = target.serial ? await serialMedian(base, target) : null;
  const latencies: number[] = [];
  const request: SequenceRequest = {
    method: target.method,
    path: target.path,
    ...(target.body === undefined
      ? {}
      : { body: JSON.stringify(target.body), headers: { 'content-type': 'application/json' } }),
    ...(target.setupRequest ? { setupRequest: target.setupRequest } : {}),
    ...(target.onResponse ? { onResponse: target.onResponse } : {}),
  };
  const instance = autocannon({
    url: base,
    connections: args.connections,
    duration: args.duration,
    timeout: 30,
    requests: [request],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    name: target.name,
    method: target.method,
    path: target.path,
    requestsPerSec: round(result.requests.total / result.duration, 0),
    total: result.requests.total,
    latencyMs: {
      mean: round(result.latency.average, 2),
      p50: round(percentile(latencies, 50), 2),
      p95: round(percentile(latencies, 95), 2),
      p99: round(percentile(latencies, 99), 2),
      max: round(result.latency.max, 2),
    },
    serialMedianMs: serial,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function json<T>(base: string, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(base + pathname, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function measurePhase(base: string, args: Args): Promise<Figures[]> {
  const kyiv = (
    await json<{ settlements: Array<{ id: number; sourceId: string }> }>(
      base,
      '/api/public/user/branches/enabled/settlements?sort=top-branches-count',
    )
  ).settlements.find((s) => s.sourceId === 'kyiv')?.id;
  if (kyiv === undefined) throw new Error('no Kyiv in the seed');
  const ferritin = await json<{ id: number }>(
    base,
    `/api/public/service/services/infos/slug/ferytyn?settlementId=${kyiv}`,
  );
  const tree = await json<{ services: Array<{ groupId: number; slug: string }> }>(
    base,
    '/api/public/service/services/groups/enabled/tree/separated',
  );
  const hematology = tree.services.find((g) => g.slug === 'hematology')?.groupId ?? tree.services[0]?.groupId ?? 1;
  const cbc = await json<{ content: Array<{ id: number }> }>(
    base,
    '/api/public/service/services/infos/settlements?size=1',
    {
      settlementId: kyiv,
      groupIds: [hematology],
      sort: 'group',
      showOnSite: true,
    },
  );
  const search = (query: string) => ({
    settlementId: kyiv,
    query,
    types: ['services', 'service-packages', 'service-groups', 'branches'],
    size: 10,
  });

  const carts: string[] = [];
  let next = 0;
  const targets: Target[] = [
    { name: 'genders (constant floor)', method: 'GET', path: '/api/public/core/genders', serial: true },
    ...SEARCHES.map(
      ([query, kind]): Target => ({
        name: `search "${query}" (${kind})`,
        method: 'POST',
        path: '/api/public/search/search',
        body: search(query),
        serial: true,
      }),
    ),
    {
      name: 'service list by group (20)',
      method: 'POST',
      path: '/api/public/service/services/infos/settlements?page=0&size=20',
      body: { settlementId: kyiv, groupIds: [hematology], sort: 'group', showOnSite: true },
      serial: true,
    },
    {
      name: 'service by slug',
      method: 'GET',
      path: `/api/public/service/services/infos/slug/ferytyn?settlementId=${kyiv}`,
      serial: true,
    },
    {
      name: 'cart create',
      method: 'POST',
      path: '/api/public/cart/carts',
      body: {},
      onResponse: (status, body) => {
        if (status === 200) carts.push((JSON.parse(body) as { id: string }).id);
      },
    },
    {
      name: 'cart add (fresh carts)',
      method: 'POST',
      path: '/api/public/cart/carts/-/add',
      body: { serviceIds: [ferritin.id, ...(cbc.content[0] ? [cbc.content[0].id] : [])] },
      setupRequest: (request) => {
        const cartId = carts[next % Math.max(1, carts.length)] ?? '00000000-0000-4000-8000-000000000000';
        next += 1;
        return { ...request, path: `/api/public/cart/carts/${cartId}/add?settlementId=${kyiv}` };
      },
    },
  ];
  const figures: Figures[] = [];
  for (const target of targets) {
    process.stderr.write(`  ${target.name} ...`);
    const result = await measure(base, target, args);
    if (target.name.startsWith('cart add')) {
      result.note = `${Math.min(next, carts.length)} of ${next} adds on a fresh cart (carts from the create run)`;
    }
    figures.push(result);
    process.stderr.write(` ${result.requestsPerSec} req/s, p50 ${result.latencyMs.p50} ms\n`);
  }
  return figures;
}

interface Phase {
  name: string;
  services: number;
  plans: PlanCheck[];
  routes: Figures[];
}

function markdown(phases: readonly Phase[], args: Args): string {
  const lines = [
    `${args.connections} connections, ${args.duration} s per route, ${cpus().length} CPUs, Node ${process.version}, PGlite`,
    '',
    '| data | route | req/s | p50 ms | p95 ms | p99 ms | serial ms | non-2xx |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const phase of phases) {
    for (const r of phase.routes) {
      lines.push(
        `| ${phase.name} | ${r.name} | ${r.requestsPerSec} | ${r.latencyMs.p50} | ${r.latencyMs.p95} | ${r.latencyMs.p99} | ` +
          `${r.serialMedianMs ?? '–'} | ${r.non2xx + r.errors} |`,
      );
    }
  }
  const notes = phases.flatMap((phase) => phase.routes.filter((r) => r.note).map((r) => `- ${phase.name}: ${r.note}`));
  const plans = [
    '',
    'Search plans (services statement, EXPLAIN ANALYZE of a second run, before the server started):',
    '',
    '| data | query | indexes | seq scan on services | planning ms | execution ms |',
    '| --- | --- | --- | --- | ---: | ---: |',
    ...phases.flatMap((phase) =>
      phase.plans.map(
        (c) =>
          `| ${phase.name} | ${c.query} | ${c.indexes.join(', ')} | ${c.seqScanOnServices ? 'yes' : 'no'} | ` +
          `${c.planningMs} | ${c.executionMs} |`,
      ),
    ),
  ];
  return [...lines, ...(notes.length > 0 ? ['', ...notes] : []), ...plans].join('\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'lab-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGLITE_DATA_DIR: dir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'warn',
  };
  const phases: Phase[] = [];
  try {
    const phase = async (name: string, seedArgs: string[]) => {
      process.stderr.write(`${name}: seeding ...\n`);
      const seedStarted = Date.now();
      const output = await run(['src/cli/seed.ts', ...seedArgs], env);
      const services = Number(/"services":(\d+)/.exec(output)?.[1] ?? 0);
      process.stderr.write(`  seeded ${services} services in ${Date.now() - seedStarted} ms; checking plans\n`);
      const plans = await checkPlans(dir);
      const server = await startServer(env, base);
      try {
        phases.push({ name, services, plans, routes: await measurePhase(base, args) });
      } finally {
        await stopServer(server);
      }
    };
    await phase('seed', []);
    if (args.scale > 0) await phase(`seed + ${args.scale} synthetic`, ['--scale', String(args.scale)]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(markdown(phases, args));
  console.log(`\n(${Math.round((Date.now() - started) / 1000)} s in all)`);
  if (args.out) {
    writeFileSync(
      args.out,
      `${JSON.stringify(
        {
          startedAt: new Date(started).toISOString(),
          node: process.version,
          cpus: cpus().length,
          connections: args.connections,
          durationSeconds: args.duration,
          database: 'pglite',
          phases,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`JSON written to ${args.out}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
