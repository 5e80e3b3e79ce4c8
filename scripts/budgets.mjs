// npm test's byte budgets: each bench page's JavaScript and CSS before the first render and until idle,
// gzip and brotli, measured as `npm run bench` measures them (e2e/bench/pages.mjs: the production builds
// served on ports of their own, a fresh browser per page, the bytes of the build compressed here, which
// does not depend on the machine), against budgets.json. Fails when a page's total or one of its files
// grows more than the tolerance (2 %), naming the page and the files that grew.
//
//   node scripts/budgets.mjs            check (after the production build: npm run build)
//   node scripts/budgets.mjs --update   rewrite budgets.json from this build: in the same commit as the
//                                       change that needs it (docs/testing.md)
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apps, root, startChild, withTypes } from './lib.mjs';
import { shellServer, startApi, stopAll } from './serve-all.mjs';

const BUDGETS = join(root, 'budgets.json');
const TOLERANCE = 0.02;
/** Bytes a file may change by whatever its share (the build's date is in the bundle). */
const SLACK = 64;
const update = process.argv.includes('--update');
const over = (now, budget) => now > budget * (1 + TOLERANCE) && now - budget > SLACK;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const percent = (now, budget) => (budget ? `${(((now - budget) / budget) * 100).toFixed(1)} %` : 'new');
const PHASES = { beforeFirstRender: 'before the first render', untilIdle: 'until idle' };
const KINDS = { js: 'JavaScript', css: 'CSS' };

if (!apps.every((app) => existsSync(join(root, app.dir, 'dist', 'mf-manifest.json')))) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

// the built apps (their dist/, never a promoted release) and an API of their own, on ports no journey
// uses (moved by E2E_PORT_SHIFT as theirs are)
const base = 3580 + Number(process.env.E2E_PORT_SHIFT ?? 0);
const apiPort = base + 9;
const origin = (port) => `http://localhost:${port}`;
const remotes = apps.filter((app) => app.name !== 'shell');
const portOf = (app) => (app.name === 'shell' ? base : base + 1 + remotes.indexOf(app));
const dataDir = mkdtempSync(join(tmpdir(), 'budgets-pglite-'));
const noReleases = join(dataDir, 'no-releases');
const serveCli = join(root, 'packages', 'serve', 'src', 'cli.mjs');
const children = [
  startApi({
    PORT: String(apiPort),
    PGLITE_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    METRICS_PORT: 'off',
    DEV_CLOCK_INTERVAL_MS: '0',
    AUTH_RESEND_SECONDS: '1',
  }),
  ...remotes.map((app) =>
    startChild(app.dir, process.execPath, [
      ...withTypes,
      ...[serveCli, '--root', join(root, app.dir, 'dist'), '--port', String(portOf(app)), '--cors'],
      ...['--releases', noReleases],
    ]),
  ),
  startChild('shell', shellServer[0], [
    ...shellServer.slice(1),
    ...['--root', join(root, 'shell', 'dist'), '--port', String(base), '--api', origin(apiPort)],
    ...['--remotes', remotes.map((app) => `${app.name}=${origin(portOf(app))}/mf-manifest.json`).join(',')],
    ...['--releases', noReleases],
  ]),
];
const site = { url: origin(base), appsByOrigin: Object.fromEntries(apps.map((app) => [origin(portOf(app)), app.dir])) };

const failures = [];
try {
  await waitFor(`${origin(apiPort)}/api/ready`);
  await waitFor(`${site.url}/remotes.json`);
  const { benchPages, measurePages } = await import(pathToFileURL(join(root, 'e2e', 'bench', 'pages.mjs')).href);
  const pages = await benchPages(origin(apiPort));
  const measured = await measurePages(site, pages);
  const figures = Object.fromEntries(
    pages.map(({ name, path }) => [name, { path, ...budgetOf(measured[name].assets) }]),
  );
  if (update) {
    const file = { tolerance: TOLERANCE, update: 'node scripts/budgets.mjs --update', pages: figures };
    writeFileSync(BUDGETS, `${JSON.stringify(file, null, 2)}\n`);
    console.log(`budgets.json rewritten:\n${table(figures)}`);
  } else {
    const budgets = JSON.parse(readFileSync(BUDGETS, 'utf8')).pages;
    console.log(table(figures));
    for (const page of pages) {
      if (!budgets[page.name]) {
        failures.push(`${page.name}: no budget (node scripts/budgets.mjs --update)`);
        continue;
      }
      // what loads until the network is idle may race it: a page over its budget is measured again,
      // twice at most, and passes if one of its loads is within it (code that grew always fails)
      let lines = compare(page.name, budgets[page.name], figures[page.name]);
      for (let attempt = 0; lines.length && attempt < 2; attempt += 1) {
        const again = await measurePages(site, [page]);
        lines = compare(page.name, budgets[page.name], { path: page.path, ...budgetOf(again[page.name].assets) });
      }
      failures.push(...lines);
    }
  }
} finally {
  await stopAll(children);
  rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`\n✖ over the byte budgets (budgets.json, ${TOLERANCE * 100} % allowed):\n${failures.join('\n')}`);
  console.error(
    '\nMake it smaller (a dynamic import, a lighter library), or, when the bytes are worth it, run\n' +
      '`node scripts/budgets.mjs --update` and commit budgets.json with the change that needs it.',
  );
  process.exit(1);
}
console.log('\nWithin the byte budgets.');

/**
 * A page's figures: totals by phase and kind, gzip and brotli; each file by app and name, its content
 * hash left out (a file keeps its name from build to build).
 */
function budgetOf(assets) {
  const totals = {};
  for (const phase of ['beforeFirstRender', 'untilIdle']) {
    totals[phase] = {};
    for (const kind of ['js', 'css']) {
      // before the first render: what the page's HTML asks for (the bench's own split, by arrival
      // time, moves with the machine's load; a budget must not)
      const chosen = assets.filter((asset) => asset.kind === kind && (phase === 'untilIdle' || asset.inHtml));
      totals[phase][kind] = {
        gzip: chosen.reduce((sum, asset) => sum + asset.gzip, 0),
        brotli: chosen.reduce((sum, asset) => sum + asset.brotli, 0),
      };
    }
  }
  const files = {};
  for (const asset of assets) {
    const name = `${asset.app}${asset.file.replace(/\.[0-9a-f]{8}(?=\.(js|css)$)/, '')}`;
    files[name] ??= { gzip: 0, brotli: 0 };
    files[name].gzip += asset.gzip;
    files[name].brotli += asset.brotli;
  }
  return { totals, files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) };
}

/** What grew over the tolerance on one page: its totals, and the files that grew (or came new). */
function compare(name, budget, now) {
  const lines = [];
  for (const phase of Object.keys(PHASES)) {
    for (const kind of Object.keys(KINDS)) {
      for (const encoding of ['gzip', 'brotli']) {
        const was = budget.totals[phase][kind][encoding];
        const is = now.totals[phase][kind][encoding];
        if (over(is, was)) {
          lines.push(
            `${name} (${now.path}): ${KINDS[kind]} ${PHASES[phase]} grew ${percent(is, was)}, ${encoding} ${kb(was)} → ${kb(is)}`,
          );
        }
      }
    }
  }
  const grown = Object.entries(now.files)
    .map(([file, is]) => ({ file, is, was: budget.files[file] ?? { gzip: 0, brotli: 0 } }))
    .filter(({ is, was }) => over(is.gzip, was.gzip) || over(is.brotli, was.brotli))
    .sort((a, b) => b.is.gzip - b.was.gzip - (a.is.gzip - a.was.gzip));
  for (const { file, is, was } of grown) {
    lines.push(
      `${name} (${now.path}): ${file} grew ${percent(is.gzip, was.gzip)}, gzip ${kb(was.gzip)} → ${kb(is.gzip)}, ` +
        `brotli ${kb(was.brotli)} → ${kb(is.brotli)}`,
    );
  }
  return lines;
}

/** The totals as a Markdown table (KB, gzip / brotli): what docs/performance.md shows. */
function table(figures) {
  const cell = (bytes) => `${(bytes.gzip / 1024).toFixed(1)} / ${(bytes.brotli / 1024).toFixed(1)}`;
  const rows = Object.entries(figures).map(([name, { path, totals }]) => {
    const { beforeFirstRender: before, untilIdle: idle } = totals;
    return `| ${name} | \`${path}\` | ${cell(before.js)} | ${cell(before.css)} | ${cell(idle.js)} | ${cell(idle.css)} |`;
  });
  return [
    '| page | path | JS before the first render | CSS before the first render | JS until idle | CSS until idle |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

async function waitFor(url) {
  for (let waited = 0; ; waited += 250) {
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (waited > 180_000) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
