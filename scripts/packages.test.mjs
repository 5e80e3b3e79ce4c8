// The shared packages are publishable: semver, a changelog entry for the version they carry, and the
// exports of their published build mirroring the workspace's (scripts/packages.mjs builds and packs them).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { root } from './lib.mjs';
import { manifestOf, PUBLISHED } from './packages.mjs';

const require = createRequire(import.meta.url);
const semver = require('semver');

/** The versions a changelog names, newest first, each with its lines. */
function changelogOf(name) {
  const file = join(root, 'packages', name, 'CHANGELOG.md');
  assert.ok(existsSync(file), `packages/${name} has no CHANGELOG.md`);
  return readFileSync(file, 'utf8')
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const [heading = '', ...lines] = section.split('\n');
      return { version: heading.trim(), lines: lines.filter((line) => line.startsWith('- ')) };
    });
}

describe('every published package', () => {
  for (const name of PUBLISHED) {
    const manifest = manifestOf(name);
    test(`${manifest.name} is publishable`, () => {
      assert.equal(manifest.private, undefined, 'not private');
      assert.ok(semver.valid(manifest.version), `${manifest.version} is semver`);
      assert.ok(manifest.files?.includes('CHANGELOG.md'), 'ships its changelog');
    });

    test(`${manifest.name}'s changelog says what its version ${manifest.version} changed`, () => {
      const entries = changelogOf(name);
      assert.equal(entries[0]?.version, manifest.version, 'the newest entry is the version it carries');
      for (const entry of entries) {
        assert.ok(semver.valid(entry.version), `${entry.version} is semver`);
        assert.ok(entry.lines.length > 0, `${entry.version} has a line per change`);
      }
      const versions = entries.map((entry) => entry.version);
      assert.deepEqual(versions, [...versions].sort(semver.rcompare), 'newest first, each once');
      assert.equal(new Set(versions).size, versions.length);
    });

    if (name === 'config') continue;
    test(`${manifest.name} publishes the built twin of each export`, () => {
      const published = manifest.publishConfig?.exports ?? {};
      assert.deepEqual(Object.keys(published), Object.keys(manifest.exports));
      for (const [key, source] of Object.entries(manifest.exports)) {
        if (key === './package.json') continue;
        const built = source.replace(/^\.\/src\//, './dist/').replace(/\.tsx?$/, '');
        assert.deepEqual(published[key], { types: `${built}.d.ts`, default: `${built}.js` }, key);
      }
      assert.equal(manifest.publishConfig.main, published['.'].default);
      assert.equal(manifest.publishConfig.types, published['.'].types);
    });
  }
});
