/**
 * The search and category-list mix under load: prints figures, never asserts.
 *
 *   node_modules/.bin/tsx bench/search-mix.ts [--only pglite|postgres] [--scale 20000] [--seconds 10]
 *     [--connections 10] [--warm-up 10] [--out search-mix.json]
 *
 * Queries are made from the seed itself (queries.ts): titles, prefixes as typed letter by letter, codes,
 * typos, the Latin keyboard layout, Russian titles, categories and cities; at least 500 distinct, asked
 * in a Zipf distribution (a few very often, most rarely) over the cities by their size, as the dropdown
 * (analyses, packages, categories; 9 rows) or the search page (with branches; 10 rows) asks them. The
 * category lists are a Zipf mix of groups, cities and pages.
 *
 * For each database (PGlite, a throwaway PostgreSQL) and data size (the seed, then +scale synthetic
 * services) the server runs twice: with the cache of public answers off (PUBLIC_CACHE_MB=0, "before")
 * and on ("after"), each measuring in order the constant route (genders, the floor), the search mix and
 * the category mix, after a warm-up of the same mix. EXPLAIN ANALYZE of a query of each kind goes in
 * the report. The request limit is off (RATE_LIMIT_MAX=0): the load comes from one address.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../src/db/database';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { type RunningPostgres, startPostgres } from '../src/test-support/postgres';
import { explainServices } from './plans';
import { type CategoryRequest, type Mix, type MixRequest, makeMix, type QueryKind } from './queries';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    scale: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'warm-up': { type: 'string', default: '10' },
    out: { type: 'string' },
  },
});
const SCALE = Number(values.scale);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const WARM_UP_SECONDS = Number(values['warm-up']);
const FLOOR_SECONDS = 4;
const CATEGORY_SECONDS = Math.max(4, Math.round(SECONDS / 2));
type Dialect = 'pglite' | 'postgres';
const DIALECTS: Dialect[] = values.only ? [values.only as Dialect] : ['pglite', 'postgres'];

const SERVER_DIR = path.resolve(__dirname, '..');
const TSX = path.join(SERVER_DIR, 'node_modules', '.bin', 'tsx');
const PORT = 4620;
const BASE = `http://127.0.0.1:${PORT}`;

function run(args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, args, { cwd: SERVER_DIR, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')}: ${code}\n${errors}`))));
  });
}

async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(TSX, ['src/server.ts'], { cwd: SERVER_DIR, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${BASE}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server was not ready within 90 s');
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

// ---- the load: CONNECTIONS workers over keep-alive sockets, each sending the mix's next request

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });

interface Sent {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
}

function send(request: Sent): Promise<number> {
  return new Promise((resolve) => {
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    const req = httpRequest(
      `${BASE}${request.path}`,
      {
        method: request.method,
        agent,
        headers: {
          'accept-language': 'uk',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}

interface Sample {
  readonly kind: string;
  readonly ms: number;
  readonly status: number;
  /** The same request was sent before since the server started: what a warm cache can answer. */
  readonly repeat: boolean;
}

interface Next {
  readonly kind: string;
  readonly request: Sent;
  readonly repeat: boolean;
}

/** Sends requests from `next` on CONNECTIONS connections for `seconds`; the samples and requests/s. */
async function drive(seconds: number, next: () => Next) {
  const samples: Sample[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const { kind, request, repeat } = next();
        const at = performance.now();
        const status = await send(request);
        samples.push({ kind, ms: performance.now() - at, status, repeat });
      }
    }),
  );
  return { samples, perSecond: samples.length / ((performance.now() - started) / 1000) };
}

interface Figures {
  readonly count: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly failed: number;
  /** Share of requests sent before (0..1). */
  readonly repeats: number;
}

const round = (value: number) => Math.round(value * 10) / 10;
function figures(samples: readonly Sample[], perSecond: number): Figures {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
  return {
    count: samples.length,
    perSecond: Math.round(perSecond),
    p50: at(50),
    p95: at(95),
    p99: at(99),
    failed: samples.filter((s) => s.status !== 200).length,
    repeats: Math.round((samples.filter((s) => s.repeat).length / Math.max(1, samples.length)) * 100) / 100,
  };
}

const SEARCH: Sent = { method: 'POST', path: '/api/public/search/search' };
const asSearch = (request: MixRequest): Sent => ({ ...SEARCH, body: request.body });
const asCategory = (request: CategoryRequest): Sent => ({
  method: 'POST',
  path: `/api/public/service/services/infos/settlements?page=${request.page}&size=20`,
  body: request.body,
});

interface Measured {
  readonly floor: Figures;
  readonly search: Figures;
  readonly byKind: Record<string, Figures>;
  readonly category: Figures;
}

async function measure(mix: Mix): Promise<Measured> {
  let s = 0;
  let c = 0;
  const sent = new Set<string>();
  const seen = (request: Sent) => {
    const key = `${request.path} ${JSON.stringify(request.body)}`;
    const repeat = sent.has(key);
    sent.add(key);
    return repeat;
  };
  const nextSearch = (): Next => {
    const mixed = mix.searches[s++ % mix.searches.length] as MixRequest;
    const request = asSearch(mixed);
    return { kind: mixed.kind, request, repeat: seen(request) };
  };
  const nextCategory = (): Next => {
    const request = asCategory(mix.categories[c++ % mix.categories.length] as CategoryRequest);
    return { kind: 'category list', request, repeat: seen(request) };
  };
  // the warm-up asks the head of the same mix the measurement then continues
  await drive(WARM_UP_SECONDS, nextSearch);
  const floorRun = await drive(FLOOR_SECONDS, () => ({
    kind: 'floor',
    request: { method: 'GET', path: '/api/public/core/genders' },
    repeat: true,
  }));
  const searchRun = await drive(SECONDS, nextSearch);
  const categoryRun = await drive(CATEGORY_SECONDS, nextCategory);
  const kinds = [...new Set(searchRun.samples.map((sample) => sample.kind))].sort();
  const byKind = Object.fromEntries(
    kinds.map((kind) => {
      const of = searchRun.samples.filter((sample) => sample.kind === kind);
      return [kind, figures(of, (of.length / searchRun.samples.length) * searchRun.perSecond)];
    }),
  );
  return {
    floor: figures(floorRun.samples, floorRun.perSecond),
    search: figures(searchRun.samples, searchRun.perSecond),
    byKind,
    category: figures(categoryRun.samples, categoryRun.perSecond),
  };
}

// ---- plans

interface Plan {
  readonly kind: QueryKind;
  readonly query: string;
  readonly indexes: string[];
  readonly seqScanOnServices: boolean;
  readonly executionMs: number;
}

/** EXPLAIN ANALYZE of the services statement of one query of each kind (its second run). */
async function plans(db: Database, mix: Mix): Promise<Plan[]> {
  const out: Plan[] = [];
  for (const { kind, query } of mix.samples) {
    const plan = await explainServices(db, mix.settlementIds[0] ?? 1, query, 9);
    if (plan) out.push({ kind, query, ...plan });
  }
  return out;
}

// ---- one database

interface Phase {
  readonly database: Dialect;
  readonly data: string;
  readonly distinctQueries: number;
  readonly plans: Plan[];
  readonly before: Measured;
  readonly after: Measured;
}

async function benchDatabase(dialect: Dialect, postgres: () => Promise<RunningPostgres>): Promise<Phase[]> {
  const dataDir = dialect === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'lab-search-mix-')) : null;
  let databaseUrl = '';
  if (dialect === 'postgres') {
    const server = await postgres();
    const admin = await openPostgres({ connectionString: server.url, max: 1 });
    await admin.exec('DROP DATABASE IF EXISTS search_mix');
    await admin.exec('CREATE DATABASE search_mix');
    await admin.close();
    databaseUrl = server.url.replace(/\/postgres$/, '/search_mix');
  }
  const open = (): Promise<Database> =>
    dataDir ? openPglite({ dataDir }) : openPostgres({ connectionString: databaseUrl, max: 2 });
  const env = (cacheMb: number): NodeJS.ProcessEnv => ({
    ...process.env,
    PGLITE_DATA_DIR: dataDir ?? '',
    DATABASE_URL: databaseUrl,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'warn',
    METRICS_PORT: 'off',
    DEV_CLOCK_INTERVAL_MS: '0',
    PUBLIC_CACHE_MB: String(cacheMb),
  });
  const phases: Phase[] = [];
  try {
    for (const [data, seedArgs] of [
      ['seed', []],
      [`seed + ${SCALE}`, ['--scale', String(SCALE)]],
    ] as const) {
      if (data !== 'seed' && SCALE === 0) continue;
      process.stderr.write(`${dialect} ${data}: seeding ...\n`);
      await run(['src/cli/seed.ts', ...seedArgs], env(0));
      const db = await open();
      let mix: Mix;
      let planned: Plan[];
      try {
        mix = await makeMix(db);
        planned = await plans(db, mix);
      } finally {
        await db.close();
      }
      const measured: Measured[] = [];
      for (const cacheMb of [0, 64]) {
        process.stderr.write(`  cache ${cacheMb === 0 ? 'off' : 'on'}: `);
        const server = await startServer(env(cacheMb));
        try {
          const result = await measure(mix);
          measured.push(result);
          process.stderr.write(
            `floor p95 ${result.floor.p95} ms; search ${result.search.perSecond}/s p95 ${result.search.p95} ms; ` +
              `category p95 ${result.category.p95} ms\n`,
          );
        } finally {
          await stopServer(server);
        }
      }
      phases.push({
        database: dialect,
        data,
        distinctQueries: mix.distinct,
        plans: planned,
        before: measured[0] as Measured,
        after: measured[1] as Measured,
      });
    }
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return phases;
}

// ---- the report

const DB_NAMES: Record<Dialect, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

function markdown(phases: readonly Phase[]): string {
  const ratio = (m: Measured, f: Figures) => (m.floor.p95 > 0 ? `${round(f.p95 / m.floor.p95)}×` : '–');
  const lines = [
    `${CONNECTIONS} connections; ${SECONDS} s of searches and ${CATEGORY_SECONDS} s of category lists after a ${WARM_UP_SECONDS} s ` +
      `warm-up; ${phases[0]?.distinctQueries ?? 0} distinct queries (Zipf; "repeats": the share of searches asked before ` +
      `since the server started, what a warm cache can answer); ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}. Cache off = before, on = after.`,
    '',
    '| database | data | cache | floor p95 ms | searches/s | search p50 ms | search p95 ms | search p99 ms | search p95 ÷ floor | repeats | category p95 ms | category ÷ floor | failed |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const phase of phases) {
    for (const [cache, m] of [
      ['off', phase.before],
      ['on', phase.after],
    ] as const) {
      lines.push(
        `| ${DB_NAMES[phase.database]} | ${phase.data} | ${cache} | ${m.floor.p95} | ${m.search.perSecond} | ${m.search.p50} | ` +
          `${m.search.p95} | ${m.search.p99} | ${ratio(m, m.search)} | ${Math.round(m.search.repeats * 100)}% | ` +
          `${m.category.p95} | ${ratio(m, m.category)} | ` +
          `${m.floor.failed + m.search.failed + m.category.failed} |`,
      );
    }
  }
  const kinds = [...new Set(phases.flatMap((p) => Object.keys(p.before.byKind)))].sort();
  lines.push(
    '',
    'Search p95 by kind of query, ms (cache off → on):',
    '',
    `| database | data | ${kinds.join(' | ')} |`,
    `| --- | --- | ${kinds.map(() => '---:').join(' | ')} |`,
  );
  for (const phase of phases) {
    const cell = (kind: string) => `${phase.before.byKind[kind]?.p95 ?? '–'} → ${phase.after.byKind[kind]?.p95 ?? '–'}`;
    lines.push(`| ${DB_NAMES[phase.database]} | ${phase.data} | ${kinds.map(cell).join(' | ')} |`);
  }
  lines.push(
    '',
    'Plans of the services statement (EXPLAIN ANALYZE, second run, before the server started):',
    '',
    '| database | data | kind | query | indexes | seq scan on services | execution ms |',
    '| --- | --- | --- | --- | --- | --- | ---: |',
    ...phases.flatMap((phase) =>
      phase.plans.map(
        (p) =>
          `| ${DB_NAMES[phase.database]} | ${phase.data} | ${p.kind} | ${p.query} | ${p.indexes.join(', ')} | ` +
          `${p.seqScanOnServices ? 'yes' : 'no'} | ${p.executionMs} |`,
      ),
    ),
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = Date.now();
  let pg: RunningPostgres | null = null;
  const postgres = async () => {
    pg ??= await startPostgres({ log: (line) => process.stderr.write(`  ${line}\n`) });
    return pg;
  };
  const phases: Phase[] = [];
  try {
    for (const dialect of DIALECTS) phases.push(...(await benchDatabase(dialect, postgres)));
  } finally {
    agent.destroy();
    await (pg as RunningPostgres | null)?.stop().catch(() => undefined);
  }
  console.log(markdown(phases));
  console.log(`\n(${Math.round((Date.now() - started) / 1000)} s in all)`);
  if (values.out) writeFileSync(values.out, `${JSON.stringify({ startedAt: new Date(started), phases }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
