// npm run dev -- <app> [--remotes <URL or path of a deployed remotes.json>] [--source <folder>] [--no-install]
//
// The named app from its source with hot module replacement, everything else from where it runs:
// - the shell, in development, is served by its own server (shell/server/main.ts) from the files its
//   webpack-dev-server writes, so previews, the page's head and the CSP work as in production;
// - a named remote runs in its webpack-dev-server on its port;
// - the other remotes come from the deployment `--remotes` names (an integrator's laptop against a
//   deployed site), or from their local builds (npm run build) without it;
// - `--source`: the named remote's folder, when not its folder here (a copy of its source, as
//   e2e/tests/dev.spec.ts edits one);
// - the API is API_URL, or one started here on the embedded database when none is given;
// - `--no-install`: no install first (docs/development.md lists them all).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { apps, bin, install, portOf, root, startChild, withTypes } from './lib.mjs';
import { checkNode, checkPorts } from './preflight.mjs';
import { shellServer, startApi } from './serve-all.mjs';

const require = createRequire(import.meta.url);
const { remotesMap: builtRemotes } = require('../packages/config/remotes.cjs');

const { values, positionals } = parseArgs({
  options: {
    remotes: { type: 'string' },
    source: { type: 'string' },
    'no-install': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const wanted = positionals[0] ?? 'shell';
if (!apps.some((app) => app.dir === wanted) || positionals.length > 1 || (values.source && wanted === 'shell')) {
  console.error(
    `usage: npm run dev -- <${apps.map((app) => app.dir).join('|')}> [--remotes <deployed remotes.json>] [--source <the remote's folder>] [--no-install]`,
  );
  process.exit(2);
}
checkNode();
const SHELL_DEV_PORT = Number(process.env.SHELL_DEV_PORT || 3100);
const command = `npm run dev -- ${wanted}`;
await checkPorts(
  [
    // the other remotes are served here only when no deployment is named
    ...apps
      .filter((app) => !values.remotes || app.dir === wanted || app.dir === 'shell')
      .map((app) => ({ port: portOf(app), what: app.dir, setting: `PORT_${app.name.toUpperCase()}` })),
    { port: SHELL_DEV_PORT, what: "the shell's dev server", setting: 'SHELL_DEV_PORT' },
    ...(process.env.API_URL
      ? []
      : [{ port: Number(process.env.API_PORT || 4000), what: 'the API server', setting: 'API_PORT' }]),
  ],
  command,
);
if (!values['no-install']) install();
const children = [];
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/** A deployed remotes.json, by URL or path. */
async function deployedMap(where) {
  const text = /^https?:\/\//.test(where)
    ? await fetch(where).then((response) => {
        if (!response.ok) throw new Error(`${where} answered ${response.status}`);
        return response.text();
      })
    : readFileSync(where, 'utf8');
  const map = JSON.parse(text);
  if (!map || typeof map !== 'object' || Array.isArray(map)) throw new Error(`${where} is no remotes map`);
  return map;
}

async function waitFor(check, what, seconds = 180) {
  for (let waited = 0; waited < seconds * 4; waited += 1) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not come up in ${seconds} s`);
}

// the API
let api = process.env.API_URL;
if (!api) {
  const port = process.env.API_PORT || '4000';
  children.push(startApi({ PORT: port }));
  api = `http://localhost:${port}`;
  await waitFor(async () => (await fetch(`${api}/api/openapi.json`)).ok, 'the API');
}

// the remotes: the one being developed from its dev server, the others from the deployment or local builds
const deployed = values.remotes ? await deployedMap(values.remotes) : null;
const map = {};
const devOrigins = [`http://localhost:${SHELL_DEV_PORT}`];
for (const app of apps.filter((candidate) => candidate.dir !== 'shell')) {
  const port = portOf(app);
  const routes = deployed?.[app.name]?.routes ?? builtRemotes(process.env)[app.name]?.routes ?? [];
  if (app.dir === wanted) {
    const source = values.source ? resolve(values.source) : join(root, app.dir);
    children.push(
      startChild(app.dir, bin('webpack'), ['serve', '--mode', 'development'], {
        cwd: source,
        // its page server module is written here (packages/config/webpack.cjs), never over its dist/
        env: { ...process.env, DEV_PORT: String(port), API_URL: api, OUTPUT_PATH: join(source, '.dev') },
      }),
    );
    map[app.name] = { manifest: `http://localhost:${port}/mf-manifest.json`, routes };
    devOrigins.push(`http://localhost:${port}`);
  } else if (deployed?.[app.name]) {
    map[app.name] = deployed[app.name];
  } else if (existsSync(join(root, app.dir, 'dist', 'mf-manifest.json'))) {
    children.push(
      startChild(app.dir, process.execPath, [
        ...withTypes,
        join(root, 'packages', 'serve', 'src', 'cli.mjs'),
        ...['--root', join(root, app.dir, 'dist'), '--port', String(port), '--cors'],
      ]),
    );
    map[app.name] = { manifest: `http://localhost:${port}/mf-manifest.json`, routes };
  } else {
    console.warn(
      `${app.dir} has no build and no deployment: run \`npm run build\` once, or its slot shows the fallback`,
    );
    map[app.name] = { manifest: `http://localhost:${port}/mf-manifest.json`, routes };
  }
}
const cache = join(root, 'node_modules', '.cache', 'lab-dev');
mkdirSync(cache, { recursive: true });
const mapFile = join(cache, 'remotes.json');
writeFileSync(mapFile, JSON.stringify(map, null, 2));

// the shell: its dev server writes the files, its own server serves the pages
const shell = apps.find((app) => app.dir === 'shell');
const shellFiles = join(root, 'shell', '.dev');
children.push(
  startChild('shell:webpack', bin('webpack'), ['serve', '--mode', 'development'], {
    cwd: join(root, 'shell'),
    env: { ...process.env, DEV_PORT: String(SHELL_DEV_PORT), OUTPUT_PATH: shellFiles, API_URL: api },
  }),
);
await waitFor(async () => existsSync(join(shellFiles, 'index.html')), "the shell's development build", 300);
// the remote being developed is ready, its page server too (a remote with pages has them): the shell's
// server keeps a remote it could not reach for a while
const developed = apps.find((app) => app.dir === wanted && app.dir !== 'shell');
if (developed) {
  const base = `http://localhost:${portOf(developed)}`;
  await waitFor(async () => (await fetch(`${base}/mf-manifest.json`)).ok, `${developed.dir}'s dev server`, 300);
  if (map[developed.name].routes.length) {
    await waitFor(
      async () => (await fetch(`${base}/server/pages.js`)).ok,
      `${developed.dir}'s page server module`,
      120,
    );
  }
}
const port = portOf(shell);
children.push(
  startChild('shell', shellServer[0], [
    ...shellServer.slice(1),
    ...['--root', shellFiles, '--port', String(port), '--api', api],
    ...['--remotes', mapFile, '--no-releases', '--dev-origins', devOrigins.join(',')],
  ]),
);
console.log(
  `\nDeveloping ${wanted} at http://localhost:${port} (API ${api}${values.remotes ? `, remotes of ${values.remotes}` : ''}); Ctrl+C stops it\n`,
);
