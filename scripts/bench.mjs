// npm run bench: figures, never assertions. Builds when needed, serves the production builds on
// bench ports, measures the JavaScript a page loads, then the API under load; prints everything and
// writes it to reports/ (bytes.*, api.json, auth-orders.json). `--no-api` skips the API part.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';
import { apps, buildApps, builtAlready, install, root, run, startChild } from './lib.mjs';
import { shellServer } from './serve-all.mjs';

install();
ensureChromium();
if (!builtAlready() || process.argv.includes('--build')) buildApps();

// an API server of its own, on a database with 20,000 synthetic services besides the seed
const SCALE = 20000;
const API_PORT = 4500;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
const serverDir = join(root, 'packages', 'server');
const tsx = join(serverDir, 'node_modules', '.bin', 'tsx');
console.log(`\n▶ seeding a bench database with ${SCALE} synthetic services`);
const benchEnv = { ...process.env, PGLITE_DATA_DIR: dataDir, PORT: String(API_PORT), LOG_LEVEL: 'warn' };
run(tsx, ['src/cli/seed.ts', '--scale', String(SCALE)], { cwd: serverDir, env: benchEnv });
const api = startChild('api', tsx, ['src/server.ts'], { cwd: serverDir, env: benchEnv });

const BASE_PORT = 3500;
const reports = join(root, 'reports');
const ports = Object.fromEntries(
  apps.map((app, index) => [app.name, BASE_PORT + (app.name === 'shell' ? 0 : index + 1)]),
);
const origin = (name) => `http://localhost:${ports[name]}`;
const serveCli = join(root, 'packages', 'serve', 'src', 'cli.mjs');
const remotesArg = apps
  .filter((app) => app.name !== 'shell')
  .map((app) => `${app.name}=${origin(app.name)}/mf-manifest.json`);
const children = apps.map((app) => {
  const args = ['--root', join(root, app.dir, 'dist'), '--port', String(ports[app.name])];
  if (app.name === 'shell') {
    return startChild(app.dir, shellServer[0], [
      ...shellServer.slice(1),
      ...args,
      '--remotes',
      remotesArg.join(','),
      '--api',
      `http://localhost:${API_PORT}`,
    ]);
  }
  return startChild(app.dir, process.execPath, [serveCli, ...args, '--cors']);
});

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  for (let waited = 0; ; waited += 250) {
    const ready = await fetch(`http://localhost:${API_PORT}/api/public/core/genders`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (waited > 60_000) throw new Error('the bench API server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const { measureJsBytes } = await import(pathToFileURL(join(root, 'e2e', 'bench', 'bytes.mjs')).href);
  const appsByOrigin = Object.fromEntries(apps.map((app) => [origin(app.name), app.dir]));
  const home = await measureJsBytes({ url: `${origin('shell')}/`, appsByOrigin, firstRenderSelector: 'main h1' });
  const found = await fetch(`http://localhost:${API_PORT}/api/public/search/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ settlementId: 1, query: 'феритин', types: ['services'], page: 0 }),
  }).then((response) => response.json());
  const slug = found.groups[0].items.content[0].service.slug;
  const analysis = await measureJsBytes({
    url: `${origin('shell')}/analysis/${slug}`,
    appsByOrigin,
    firstRenderSelector: 'main h1',
  });
  const { measureSearchLatency } = await import(pathToFileURL(join(root, 'e2e', 'bench', 'search-latency.mjs')).href);
  const queries = [
    'феритин',
    'глюкоза',
    'тиреотропний',
    'вітамін d',
    'холестерин',
    'гемоглобін',
    'athbnby',
    'холистирин',
    '2702',
    'прогестерон',
    'тестостерон',
    'креатинін',
    'сечовина',
    'алт',
    'коагулограма',
    'ферритин',
    'общий анализ крови',
    'check-up',
    'інсулін',
    'пролактин',
  ];
  const latencies = await measureSearchLatency({ url: `${origin('shell')}/`, queries });
  const sorted = [...latencies].sort((a, b) => a - b);
  const median = (sorted[9] + sorted[10]) / 2;

  const total = (totals) => Object.values(totals).reduce((sum, value) => sum + value, 0);
  const lines = [
    '## JavaScript bytes, home page (gzip)',
    '',
    '| app | before first render | until idle |',
    '| --- | ---: | ---: |',
  ];
  for (const app of apps) {
    lines.push(`| ${app.dir} | ${kb(home.beforeFirstRender[app.dir] ?? 0)} | ${kb(home.untilIdle[app.dir] ?? 0)} |`);
  }
  lines.push(`| **all** | ${kb(total(home.beforeFirstRender))} | ${kb(total(home.untilIdle))} |`);
  lines.push('', `Shell alone before first render: ${kb(home.beforeFirstRender.shell ?? 0)}`);
  lines.push(
    '',
    `Analysis page, first visit: mf-catalog ${kb(analysis.untilIdle['mf-catalog'] ?? 0)} until idle, all apps ${kb(total(analysis.untilIdle))}`,
    '',
    `Search, last keystroke to results on screen (${queries.length} queries, +${SCALE} services): median ${Math.round(median)} ms, min ${Math.round(sorted[0])} ms, max ${Math.round(sorted.at(-1))} ms (500 ms of it is the debounce)`,
  );
  const report = lines.join('\n');
  console.log(`\n${report}\n`);
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(reports, 'bytes.md'), `${report}\n`);
  writeFileSync(
    join(reports, 'bytes.json'),
    `${JSON.stringify({ date: new Date().toISOString(), home, analysis, searchLatencyMs: latencies }, null, 2)}\n`,
  );
} finally {
  for (const child of [...children, api]) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  rmSync(dataDir, { recursive: true, force: true });
}

// The API under load: catalogue, search and carts on the seed and on --scale 20000, then sign-in,
// cart merge and order creation (packages/server/bench). Each prints its own table.
if (!process.argv.includes('--no-api')) {
  run(tsx, ['bench/api.ts', '--scale', '20000', '--out', join(reports, 'api.json')], { cwd: serverDir });
  run(tsx, ['bench/auth-orders.ts', '--out', join(reports, 'auth-orders.json')], { cwd: serverDir });
}
console.log(`\nReports written to ${reports}`);
