// The README's commands start on a fresh clone, where nothing is installed: `npm start`, `npm test` and
// `npm run dev` must load only Node's own modules until their install has run. Each script is run here in
// a copy of the repository without node_modules, with two probes: any import or require of a package
// (not a path, not Node's own) fails at once naming it, and the first child process (the install, which
// is the first thing each script runs one for) ends the script with a marker. A script that reaches the
// marker loaded nothing third-party before its install.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const REACHED = 'PREINSTALL-PROBE: reached a child process';
let copy;

// runs in the script's main thread (--import): CommonJS require() of a package fails, ES module
// imports go through the hooks below
const probe = `
import Module, { builtinModules, register } from 'node:module';
const isPackage = (specifier) =>
  !/^(\\.{0,2}\\/|node:|file:|data:)/.test(specifier) && !builtinModules.includes(specifier.split('/')[0]);
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (isPackage(request)) throw new Error('package required before the install: ' + request);
  return resolveFilename.call(this, request, ...rest);
};
register('./hooks.mjs', import.meta.url);
`;
const hooks = `
import { builtinModules } from 'node:module';
const isPackage = (specifier) =>
  !/^(\\.{0,2}\\/|node:|file:|data:)/.test(specifier) && !builtinModules.includes(specifier.split('/')[0]);
const stub = 'data:text/javascript,' + encodeURIComponent(
  ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']
    .map((name) => 'export function ' + name + '() { throw new Error(${JSON.stringify(REACHED)}); }')
    .join('\\n'),
);
export async function resolve(specifier, context, next) {
  if (specifier === 'node:child_process' || specifier === 'child_process') return { url: stub, shortCircuit: true };
  if (isPackage(specifier)) throw new Error('package imported before the install: ' + specifier);
  return next(specifier, context);
}
`;

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

before(async () => {
  copy = mkdtempSync(join(tmpdir(), 'lab-fresh-clone-'));
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0');
  for (const file of tracked.filter(Boolean)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(copy, file));
  }
  mkdirSync(join(copy, '.probe'));
  writeFileSync(join(copy, '.probe', 'probe.mjs'), probe);
  writeFileSync(join(copy, '.probe', 'hooks.mjs'), hooks);
});
after(() => rmSync(copy, { recursive: true, force: true }));

for (const script of ['start', 'test', 'dev']) {
  test(`\`npm ${script === 'dev' ? 'run dev' : script}\` loads nothing but Node's own modules before its install`, async () => {
    // every port moved to a free one: a site running on this machine does not stop the script early
    const ports = {};
    for (const name of ['PORT_SHELL', 'PORT_MF_CATALOG', 'PORT_MF_CART_CHECKOUT', 'PORT_MF_ACCOUNT', 'PORT_MF_AUTH']) {
      ports[name] = String(await freePort());
    }
    for (const name of ['API_PORT', 'METRICS_PORT', 'SHELL_DEV_PORT']) ports[name] = String(await freePort());
    const run = spawnSync(process.execPath, ['--import', './.probe/probe.mjs', `scripts/${script}.mjs`], {
      cwd: copy,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...ports },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    assert.doesNotMatch(output, /before the install|Cannot find module|ERR_MODULE_NOT_FOUND/, output);
    assert.match(output, new RegExp(REACHED), output);
  });
}
