// Builds for the release tests (moves.test.mjs, deployment-store.test.mjs), shaped as the federation
// plugin writes them: a manifest saying what is shared at which version and range, an entry, and for a
// remote its pages' prefixes and the type hints of its real build (so the gate's type check is the real one).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { sharedModules } = require('@lab/config/shared.cjs');
const { prefixesOf } = require('@lab/config/remotes.cjs');
const AdmZip = require('adm-zip');
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export const API_NOW = sharedModules({ provide: true })['@lab/api'].version;
const [major, minor, patch] = API_NOW.split('.').map(Number);
export const API_NEXT = `${major}.${minor}.${patch + 1}`;

/** A build of `name` (its folder): the shell provides the shared modules, a remote requires them. */
export function build(name, { provide, apiVersion = API_NOW, marker = '', changeTypes }) {
  const dir = mkdtempSync(join(tmpdir(), `${name}-build-`));
  // the subpath prefixes (react/) are shared as the subpaths the apps import
  const subpaths = { 'react/': 'react/jsx-runtime', 'react-dom/': 'react-dom/client' };
  const shared = Object.entries(sharedModules({ provide }))
    .map(([key, config]) => [subpaths[key] ?? key, config])
    .map(([key, config]) => {
      const version = key === '@lab/api' ? apiVersion : config.version;
      return { name: key, version, requiredVersion: `^${version}`, singleton: true };
    });
  mkdirSync(join(dir, 'static'));
  const files = { 'static/main.js': `console.log(${JSON.stringify(name + marker)})` };
  if (!provide) {
    files['remoteEntry.js'] = `var ${name.replace(/\W/g, '_')} = {};`;
    // its pages' prefixes, as its real build lists them (a release records them)
    files['pages.json'] = JSON.stringify({ prefixes: prefixesOf(join(repoRoot, name, 'dist')), routes: [] });
  }
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  // a remote's manifest lists its files' digests (packages/config/integrity.cjs)
  const integrity = provide
    ? undefined
    : Object.fromEntries(
        Object.entries(files).map(([file, text]) => [
          file,
          `sha384-${createHash('sha384').update(text).digest('base64')}`,
        ]),
      );
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ name, shared, exposes: [], integrity }));
  if (!provide) {
    const zip = new AdmZip(join(repoRoot, name, 'dist', '@mf-types.zip'));
    changeTypes?.(zip);
    zip.writeZip(join(dir, '@mf-types.zip'));
  }
  return dir;
}

/** The message of the error a call throws or rejects with, which must be an `errorClass`. */
export const refusalOf = (errorClass) => async (call) => {
  try {
    await call();
  } catch (error) {
    assert.ok(error instanceof errorClass, String(error));
    return error.message;
  }
  assert.fail('was not refused');
};
