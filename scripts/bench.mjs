// npm run bench: figures, never assertions. Builds when needed, serves the production builds on
// bench ports, measures the JavaScript a page loads, then the API under load; prints everything and
// writes it to reports/ (bytes.*, api.json, auth-orders.json). `--no-api` skips the API part.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';
import { apps, buildApps, builtAlready, install, root, run, startChild } from './lib.mjs';
import { shellServer } from './serve-all.mjs';

install();
ensureChromium();
if (!builtAlready() || process.argv.includes('--build')) buildApps();

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
    return startChild(app.dir, shellServer[0], [...shellServer.slice(1), ...args, '--remotes', remotesArg.join(',')]);
  }
  return startChild(app.dir, process.execPath, [serveCli, ...args, '--cors']);
});

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  await new Promise((resolve) => setTimeout(resolve, 800));
  const { measureJsBytes } = await import(pathToFileURL(join(root, 'e2e', 'bench', 'bytes.mjs')).href);
  const appsByOrigin = Object.fromEntries(apps.map((app) => [origin(app.name), app.dir]));
  const home = await measureJsBytes({ url: `${origin('shell')}/`, appsByOrigin, firstRenderSelector: 'main h1' });

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
  const report = lines.join('\n');
  console.log(`\n${report}\n`);
  mkdirSync(reports, { recursive: true });
  writeFileSync(join(reports, 'bytes.md'), `${report}\n`);
  writeFileSync(join(reports, 'bytes.json'), `${JSON.stringify({ date: new Date().toISOString(), home }, null, 2)}\n`);
} finally {
  for (const child of children) child.kill('SIGTERM');
}

// The API under load: catalogue, search and carts on the seed and on --scale 20000, then sign-in,
// cart merge and order creation (packages/server/bench). Each prints its own table.
if (!process.argv.includes('--no-api')) {
  const tsx = join(root, 'packages', 'server', 'node_modules', '.bin', 'tsx');
  const serverDir = join(root, 'packages', 'server');
  run(tsx, ['bench/api.ts', '--scale', '20000', '--out', join(reports, 'api.json')], { cwd: serverDir });
  run(tsx, ['bench/auth-orders.ts', '--out', join(reports, 'auth-orders.json')], { cwd: serverDir });
}
console.log(`\nReports written to ${reports}`);
