// The same commit builds the same release (docs/teams.md): one remote released
// twice, from scratch, into two releases folders (each build in a staging folder of its own, at another
// moment): the same version, and every file byte for byte the same but release.json's build time.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, test } from 'node:test';
import { root } from './lib.mjs';

const folders = [mkdtempSync(join(tmpdir(), 'repro-a-')), mkdtempSync(join(tmpdir(), 'repro-b-'))];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** `npm run release -- mf-auth` into its own releases folder; its version (the last line). */
function release(releases) {
  const output = execFileSync(process.execPath, [join(root, 'scripts', 'release.mjs'), 'mf-auth'], {
    cwd: root,
    env: { ...process.env, RELEASES_DIR: releases, SOURCE_DATE_EPOCH: '' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return output.trim().split('\n').at(-1);
}

function filesOf(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesOf(join(dir, entry.name), base) : [relative(base, join(dir, entry.name))],
    )
    .sort();
}

test('one remote built twice from one commit is one release: every file the same, byte for byte', () => {
  const [first, second] = folders.map(release);
  assert.match(first, /^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
  assert.equal(second, first, 'the same version');
  const [a, b] = folders.map((releases) => join(releases, 'mf-auth', first));
  const files = filesOf(a);
  assert.deepEqual(filesOf(b), files, 'the same files');
  // the federation plugin's own files, the ones that used to differ, are among them
  for (const file of ['@mf-types.zip', 'mf-stats.json', 'mf-manifest.json', 'remoteEntry.js']) {
    assert.ok(files.includes(file), `${file} is released`);
  }
  const differing = files.filter(
    (file) => file !== 'release.json' && !readFileSync(join(a, file)).equals(readFileSync(join(b, file))),
  );
  assert.deepEqual(differing, [], 'no file differs');
  // release.json: when each was built differs, and nothing else
  const [metaA, metaB] = [a, b].map((folder) => JSON.parse(readFileSync(join(folder, 'release.json'), 'utf8')));
  assert.notEqual(metaA.builtAt, undefined);
  assert.deepEqual({ ...metaA, builtAt: null }, { ...metaB, builtAt: null });
});
