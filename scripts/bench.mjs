// npm run bench: figures, never assertions. Builds the apps three ways into .bench/ (federated with one
// shared federation runtime, federated with a runtime copy per remote entry, and the single bundle
// without federation), serves each on its own ports against API servers of its own (the seed, and the
// seed plus 20,000 services), then measures bytes, Lighthouse (public and signed-in pages), search
// latency, interactions with the CPU slowed 4x, and the API under load: routes, sign-in and orders, the
// load and integrity run, the search mix with the caches off and on, a campaign peak and its knee.
// Prints the summary and writes reports/bench.md and reports/bench.json (docs/performance.md).
// Options: --quick (1 Lighthouse run instead of 3, no API load), --no-build (reuse .bench/),
// --no-api (skip the API benches), --no-lighthouse, --no-interactions (and so no signed-in Lighthouse),
// --server-ab <commit> (only the site's server of <commit> against today's, A-B-A-B: e2e/bench/server-ab.mjs;
// --rounds N, 3 by default).
// E2E_PORT_SHIFT moves every port it opens, as the journeys' (two checkouts on one machine).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';
import { apps, buildApp, install, root, run, startChild, withTypes } from './lib.mjs';
import { shellServer } from './serve-all.mjs';

/** The prefixes a remote's build says its pages are under (its pages.json). */
const { prefixesOf } = createRequire(import.meta.url)('../packages/config/remotes.cjs');

const flag = (name) => process.argv.includes(name);
const option = (name) => (flag(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const QUICK = flag('--quick');
const SERVER_AB = option('--server-ab');
const LIGHTHOUSE_RUNS = QUICK ? 1 : 3;
const SCALE = 20000;
/** Every port the bench opens moves by E2E_PORT_SHIFT (e2e/support/ports.ts). */
const port = (base) => base + Number(process.env.E2E_PORT_SHIFT ?? 0);

install();
ensureChromium();

const benchDir = join(root, '.bench');
const out = (variant, app) => join(benchDir, variant, app.dir);
const shell = apps.find((app) => app.name === 'shell');
if (!flag('--no-build')) {
  rmSync(benchDir, { recursive: true, force: true });
  for (const app of apps) buildApp(app, { OUTPUT_PATH: out('federated', app) });
  // the servers' comparison serves the federated build only
  if (!SERVER_AB) {
    for (const app of apps) buildApp(app, { OUTPUT_PATH: out('per-entry', app), BENCH_RUNTIME_PER_ENTRY: '1' });
    buildApp(shell, { OUTPUT_PATH: out('single', shell), SINGLE_BUNDLE: '1' });
  }
}

// API servers of its own: the seed, and the seed plus 20,000 synthetic services
const serverDir = join(root, 'packages', 'server');
const tsx = join(serverDir, 'node_modules', '.bin', 'tsx');
const dataDirs = [];
function startBenchApi(port, scale) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  dataDirs.push(dataDir);
  const env = {
    ...process.env,
    PGLITE_DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DEV_CLOCK_INTERVAL_MS: '0',
    METRICS_PORT: 'off', // two bench servers side by side; the figures here are the bench's own
    AUTH_SENDS_PER_PHONE_HOUR: '1000',
    AUTH_SENDS_PER_IP_HOUR: '100000',
    AUTH_RESEND_SECONDS: '1', // each site signs the demo patient in once, seconds apart
  };
  if (scale) {
    console.log(`\n▶ seeding a bench database with ${scale} synthetic services`);
    run(tsx, ['src/cli/seed.ts', '--scale', String(scale)], { cwd: serverDir, env });
  }
  return startChild(`api:${port}`, tsx, ['src/server.ts'], { cwd: serverDir, env });
}
const API = { seed: port(4500), scaled: port(4501) };
const children = [];

// sites: each variant's shell with its remotes on the next four ports, by today's server or another
const serveCli = join(root, 'packages', 'serve', 'src', 'cli.mjs');
const remotes = apps.filter((app) => app.name !== 'shell');
const todays = { cli: serveCli, env: process.env };
function serveSite({ label, variant, basePort, api, remotesPort = basePort, hints = true, server = todays }) {
  const origin = (port) => `http://localhost:${port}`;
  const remotesArg = remotes.map((app, index) => `${app.name}=${origin(remotesPort + index + 1)}/mf-manifest.json`);
  if (remotesPort === basePort) {
    remotes.forEach((app, index) => {
      const args = ['--root', out(variant, app), '--port', String(basePort + index + 1), '--cors'];
      children.push(
        startChild(`${label}:${app.dir}`, process.execPath, [...withTypes, server.cli, ...args], { env: server.env }),
      );
    });
  }
  // the single bundle has the remotes compiled in: their prefixes without manifests, so its page gets no
  // remote hints and a CSP of 'self', and its server routes their pages as the client does
  if (remotesPort === null) {
    const prefixes = Object.fromEntries(
      remotes.map((app) => [app.name, { routes: prefixesOf(out('federated', app)) }]),
    );
    writeFileSync(join(out(variant, shell), 'remotes.json'), `${JSON.stringify(prefixes)}\n`);
  }
  children.push(
    startChild(
      `${label}:shell`,
      shellServer[0],
      [
        ...shellServer.slice(1),
        ...['--root', out(variant, shell), '--port', String(basePort), '--api', origin(api)],
        ...(remotesPort === null ? [] : ['--remotes', remotesArg.join(',')]),
        ...(hints ? [] : ['--bench-no-remote-hints']),
      ],
      { env: server.env },
    ),
  );
  const appsByOrigin = { [origin(basePort)]: 'shell' };
  if (remotesPort !== null) {
    remotes.forEach((app, index) => {
      appsByOrigin[origin(remotesPort + index + 1)] = app.dir;
    });
  }
  return { url: origin(basePort), appsByOrigin };
}
const bench = (file) => import(pathToFileURL(join(root, 'e2e', 'bench', file)).href);
const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
if (SERVER_AB) await serverAB(SERVER_AB);

children.push(startBenchApi(API.seed, 0), startBenchApi(API.scaled, SCALE));
const sites = {
  federated: serveSite({ label: 'fed', variant: 'federated', basePort: port(3500), api: API.seed }),
  perEntry: serveSite({ label: 'per-entry', variant: 'per-entry', basePort: port(3510), api: API.seed }),
  single: serveSite({ label: 'single', variant: 'single', basePort: port(3520), api: API.seed, remotesPort: null }),
  // the federated build without the remote hints of the shell's server (preloading before/after)
  noHints: serveSite({
    label: 'no-hints',
    variant: 'federated',
    basePort: port(3540),
    api: API.seed,
    remotesPort: port(3500),
    hints: false,
  }),
  // the federated build against the database with +20,000 services (the same remote servers)
  scaled: serveSite({
    label: 'scaled',
    variant: 'federated',
    basePort: port(3530),
    api: API.scaled,
    remotesPort: port(3500),
  }),
};

let report;
try {
  await waitFor(`http://localhost:${API.seed}/api/public/core/genders`);
  await waitFor(`http://localhost:${API.scaled}/api/public/core/genders`);
  for (const site of Object.values(sites)) await waitFor(`${site.url}/remotes.json`);
  const { benchPages, measurePages } = await bench('pages.mjs');
  const { lighthouseMedian } = await bench('lighthouse.mjs');
  const { measureSearchLatency, SEARCH_QUERIES } = await bench('search-latency.mjs');
  const { formatReport } = await bench('report.mjs');

  const pages = await benchPages(`http://localhost:${API.seed}`);
  const bytes = {};
  for (const [name, site] of Object.entries(sites)) {
    if (name === 'scaled') continue;
    console.log(`\n▶ bytes: ${name}`);
    bytes[name] = await measurePages(site, name === 'noHints' ? pages.slice(0, 1) : pages);
  }
  const lighthouse = {};
  if (!flag('--no-lighthouse')) {
    for (const name of ['federated', 'single', 'perEntry', 'noHints']) {
      lighthouse[name] = {};
      // the per-entry and no-hints variants only on the home page: they are the before/after rows
      const variantOnly = name === 'perEntry' || name === 'noHints';
      for (const page of variantOnly ? pages.slice(0, 1) : pages.filter((page) => page.lighthouse)) {
        console.log(`▶ lighthouse ×${LIGHTHOUSE_RUNS}: ${name} ${page.name}`);
        lighthouse[name][page.name] = await lighthouseMedian(`${sites[name].url}${page.path}`, LIGHTHOUSE_RUNS);
      }
    }
  }
  console.log('\n▶ search: last keystroke to results on screen');
  const search = {
    seed: await measureSearchLatency({ url: `${sites.federated.url}/`, queries: SEARCH_QUERIES }),
    scaled: await measureSearchLatency({ url: `${sites.scaled.url}/`, queries: SEARCH_QUERIES }),
  };
  let interactions = null;
  const signedIn = {};
  if (!flag('--no-interactions')) {
    console.log('\n▶ interactions, CPU slowed 4×');
    const { measureInteractions } = await bench('interactions.mjs');
    const categoryPath = pages.find((page) => page.name === 'category')?.path ?? '/';
    interactions = await measureInteractions({ url: sites.federated.url, categoryPath });
    // the first tap on a direct link to an analysis page, a cold phone (e2e/bench/first-tap.mjs)
    const { measureFirstTap } = await bench('first-tap.mjs');
    const analysisPath = pages.find((page) => page.name === 'analysis')?.path ?? '/';
    interactions.firstTap = {
      path: analysisPath,
      ...(await measureFirstTap({ url: sites.federated.url, path: analysisPath })),
    };
    if (!flag('--no-lighthouse')) {
      // the signed-in pages, with the demo patient's session cookie (the interactions filled the cart)
      const { cookie, orderId } = await demoSession(sites.federated.url, interactions.resultsPath);
      for (const [name, path] of [
        ['account', '/account'],
        ['orders', '/account/orders'],
        ['results', interactions.resultsPath],
        ['checkout', '/checkout'],
        ['payment result', `/checkout/result?orderId=${orderId}`],
      ]) {
        console.log(`▶ lighthouse ×${LIGHTHOUSE_RUNS}: signed in ${name}`);
        signedIn[name] = await lighthouseMedian(`${sites.federated.url}${path}`, LIGHTHOUSE_RUNS, { cookie });
      }
    }
  }
  report = {
    date: new Date().toISOString(),
    machine: machine(),
    scale: SCALE,
    lighthouseRuns: LIGHTHOUSE_RUNS,
    pages: pages.map(({ name, path }) => ({ name, path })),
    bytes,
    lighthouse,
    search,
    interactions,
    signedIn,
  };
  const markdown = formatReport(report);
  console.log(`\n${markdown}\n`);
  const reports = join(root, 'reports');
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(reports, 'bench.md'), `${markdown}\n`);
  writeFileSync(join(reports, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
} finally {
  await stopChildren();
}

/** A visitor's mean pause before each request in the campaign peak (packages/server/load/http.ts). */
const PEAK_THINK_MS = 1000;
const peakArgs = (customers, seconds) => [
  'load/integrity.ts',
  ...['--customers', String(customers), '--seconds', String(seconds), '--think-ms', String(PEAK_THINK_MS)],
  ...['--rate-limit', '600'],
];

const API_TITLES = {
  routes: '#### Routes (autocannon, 10 connections; serial: the median of one request at a time; PGlite)',
  accounts: '#### Sign-in, cart merge and order creation (PGlite)',
  load: '#### Load and integrity: 20 simulated customers for 30 s (`packages/server/load`)',
  searchMix: '#### The search mix: Zipf queries from the seed, PGlite and PostgreSQL, cache off and on',
  peak: `#### A campaign peak: 200 customers for 60 s on two instances on PostgreSQL behind one address, ${PEAK_THINK_MS} ms pauses`,
  peakPglite: `#### A campaign peak on the embedded database: 50 customers for 60 s on PGlite, ${PEAK_THINK_MS} ms pauses`,
  knee: '#### The knee: where p95 passes 1 s (two instances on PostgreSQL behind one address)',
};

// The API under load: catalogue, search and carts on the seed and on --scale 20000 (with a constant
// route as the floor), then sign-in, cart merge and order creation (packages/server/bench). Their
// Markdown tables are appended to the report.
if (report && !flag('--no-api') && !QUICK) {
  const reports = join(root, 'reports');
  const tables = [
    [API_TITLES.routes, ...apiBench(['bench/api.ts', '--scale', String(SCALE), '--out', join(reports, 'api.json')])],
    [API_TITLES.accounts, ...apiBench(['bench/auth-orders.ts', '--out', join(reports, 'auth-orders.json')])],
    // 20 simulated customers for 30 s on PGlite, on PostgreSQL, and on two instances sharing one PostgreSQL
    [API_TITLES.load, ...apiBench(['load/integrity.ts'])],
    [API_TITLES.searchMix, ...apiBench(['bench/search-mix.ts', '--scale', String(SCALE)])],
    [API_TITLES.peak, ...apiBench([...peakArgs(200, 60), '--only', 'two'])],
    [API_TITLES.peakPglite, ...apiBench([...peakArgs(50, 60), '--only', 'pglite'])],
    [API_TITLES.knee, ...apiBench([...peakArgs(0, 20), '--only', 'two', '--knee', '400,600,800,1200,1600'])],
  ];
  report.api = tables.flatMap((table) => ['', ...table]);
  writeFileSync(join(reports, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  const { formatReport } = await bench('report.mjs');
  writeFileSync(join(reports, 'bench.md'), `${formatReport(report)}\n`);
}
console.log(`\nReports written to ${join(root, 'reports')}`);

/**
 * Runs one API bench, showing its output; returns what the report keeps of it: its tables, its
 * headings (as bold lines), throughput and check lines, each table set apart by blank lines.
 */
function apiBench(args) {
  const result = spawnSync(tsx, args, { cwd: serverDir, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(result.stdout);
  // a broken invariant under load is a finding: keep the figures, and say so in the report
  if (result.status !== 0 && !result.stdout) throw new Error(`${args[0]} exited with ${result.status}`);
  const lines = result.stdout.split('\n').map((line) => line.trimEnd());
  const kept = [];
  lines.forEach((line, index) => {
    const heading = /^#+\s+(.*)/.exec(line);
    const row = line.startsWith('|');
    const text = /^(throughput:|\s+ok:|\S+ checks:|p95 per group|Knee|\d+ connections;|Search p95 by kind|Plans of)/;
    if (!row && !heading && !text.test(line)) return;
    // a table's header row (the next line is its rule) or a line of text: a paragraph of its own
    const headerRow = row && /^\|\s*---/.test(lines[index + 1] ?? '');
    if (kept.length && (headerRow || !row)) kept.push('');
    kept.push(heading ? `**${heading[1]}**` : line.trim());
  });
  if (result.status !== 0)
    kept.push('', `**${args[0]} exited with ${result.status}: a check failed (its output above).**`);
  return kept;
}

/** The demo patient's session cookie (signed in through the development SMS outbox) and an order of theirs. */
async function demoSession(url, resultsPath) {
  const { launchChromium } = await bench('chromium.mjs');
  const { prepare } = await bench('pages.mjs');
  const browser = await launchChromium();
  try {
    const state = await prepare(browser, url, 'session');
    const cookie = state.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    // the payment result is addressed by the order's id (a UUID), not by its registry's
    const registryId = Number(resultsPath.split('/').pop());
    const orders = await fetch(`${url}/api/private/admin-app/registries/self?customer-type=patient&on-site=true`, {
      headers: { cookie },
    }).then((response) => response.json());
    const order = orders.content.find((entry) => entry.registryId === registryId) ?? orders.content[0];
    return { cookie, orderId: order.id };
  } finally {
    await browser.close();
  }
}

async function stopChildren() {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The site's server of `commit` (A) against today's (B) on the same federated build and API, then exits:
 * prints the table and writes reports/server-ab.md and .json (docs/performance.md).
 */
async function serverAB(commit) {
  const { olderServer, compareServers, formatServerAB } = await bench('server-ab.mjs');
  const older = olderServer(root, commit);
  const rounds = Number(option('--rounds') ?? 3);
  // an interrupted comparison leaves no server behind
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stopChildren().then(() => process.exit(130)));
  try {
    children.push(startBenchApi(API.seed, 0));
    const A = serveSite({
      label: `A ${commit}`,
      variant: 'federated',
      basePort: port(3550),
      api: API.seed,
      server: older,
    });
    // the shell of A says it loaded the older server (its preload took): else both sides would be B
    let loaded = false;
    children.at(-1).stdout.on('data', (chunk) => {
      loaded ||= chunk.toString().includes(older.loaded);
    });
    const sites = { A, B: serveSite({ label: 'B', variant: 'federated', basePort: port(3560), api: API.seed }) };
    await waitFor(`http://localhost:${API.seed}/api/public/core/genders`);
    for (const site of Object.values(sites)) await waitFor(`${site.url}/remotes.json`);
    if (!loaded) throw new Error(`A's shell did not load ${older.loaded}`);
    const { benchPages } = await bench('pages.mjs');
    const pages = await benchPages(`http://localhost:${API.seed}`);
    const { rounds: figures } = await compareServers({ sites, pages, rounds });
    const result = { date: new Date().toISOString(), machine: machine(), commit, pages, rounds: figures };
    const markdown = formatServerAB(result);
    console.log(`\n${markdown}\n`);
    const reports = join(root, 'reports');
    mkdirSync(reports, { recursive: true });
    writeFileSync(join(reports, 'server-ab.md'), `${markdown}\n`);
    writeFileSync(join(reports, 'server-ab.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await stopChildren();
    rmSync(older.dir, { recursive: true, force: true });
  }
  process.exit(0);
}

async function waitFor(url) {
  for (let waited = 0; ; waited += 250) {
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (waited > 90_000) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
