// The release store (@lab/releases, releaseStore.ts) on both of its backends: the releases folder
// and PostgreSQL (a throwaway Debian server: packages/server/src/test-support/postgres.ts). A release is
// put once with its files by digest, listed, read back byte for byte, and a file whose bytes are not its
// digest's is never returned, neither from the store nor from what a process keeps.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { releases } from './load.mjs';
import { startTestPostgres } from './postgres-fixture.mjs';

const { cachedReleaseStore, digestOf, fileReleaseStore, filesOf, openReleaseStore, postgresReleaseStore } = releases;

let postgres;
const folders = [];
const temporary = (prefix) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};

before(async () => {
  postgres = await startTestPostgres();
});
after(async () => {
  await postgres?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A database of its own on the throwaway server. */
const freshDatabase = () => postgres.freshDatabase('releases');

/** A build folder and the release.json that files it. */
function buildOf(version, marker = '') {
  const dir = temporary('release-store-build-');
  mkdirSync(join(dir, 'server'));
  const files = {
    'mf-manifest.json': JSON.stringify({ name: 'mf_catalog', marker }),
    'remoteEntry.js': `var mf_catalog = {}; // ${marker}`,
    'server/pages.js': 'export const pages = [];',
    // the same bytes in two releases are kept once
    'shared.css': '.a { color: red }',
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  const meta = {
    app: 'mf-catalog',
    version,
    builtAt: new Date().toISOString(),
    files: Object.fromEntries(filesOf(dir).map((file) => [file, digestOf(readFileSync(join(dir, file)))])),
  };
  return { dir, meta };
}

let databaseUrl = '';
const backends = {
  file: async () => fileReleaseStore(temporary('release-store-')),
  postgres: async () => {
    databaseUrl = await freshDatabase();
    return postgresReleaseStore(databaseUrl, { log: () => undefined });
  },
};

/** Damages the stored bytes of one digest, as a disk or a person could. */
async function damage(store, meta, file) {
  if (store.kind === 'file') {
    writeFileSync(join(store.where, meta.app, meta.version, file), 'changed');
    return;
  }
  const client = new pg.Client(databaseUrl);
  await client.connect();
  await client.query("UPDATE lab_release_files SET bytes = 'changed' WHERE digest = $1", [meta.files[file]]);
  await client.end();
}

for (const [kind, open] of Object.entries(backends)) {
  describe(`the release store on ${kind === 'file' ? 'the filesystem' : 'PostgreSQL'}`, () => {
    test('puts a release once, lists it, reads its release.json and each file by digest', async () => {
      const store = await open();
      try {
        assert.deepEqual(await store.list('mf-catalog'), []);
        const first = buildOf('1.0.0-aaaaaaaaaa', 'one');
        assert.deepEqual(await store.put(first.meta, first.dir), { created: true });
        // the same release again: nothing changes
        assert.deepEqual(await store.put(first.meta, first.dir), { created: false });
        const second = buildOf('1.0.1-bbbbbbbbbb', 'two');
        await store.put(second.meta, second.dir, { move: true });
        assert.equal(existsSync(second.dir), false);

        assert.deepEqual(
          (await store.list('mf-catalog')).map((meta) => meta.version),
          ['1.0.0-aaaaaaaaaa', '1.0.1-bbbbbbbbbb'],
        );
        assert.deepEqual(await store.list('mf-auth'), []);
        assert.deepEqual(await store.meta('mf-catalog', '1.0.0-aaaaaaaaaa'), first.meta);
        assert.equal(await store.meta('mf-catalog', '9.9.9-none'), null);
        for (const [file, digest] of Object.entries(first.meta.files)) {
          assert.deepEqual(await store.file(digest), readFileSync(join(first.dir, file)));
        }
        assert.equal(await store.file(digestOf(Buffer.from('never stored'))), null);
        assert.deepEqual(await store.missing('mf-catalog', '1.0.1-bbbbbbbbbb'), []);
        assert.equal(await store.missing('mf-catalog', '9.9.9-none'), null);
      } finally {
        await store.close();
      }
    });

    test('never returns bytes that are not their digest’s, and names them as missing', async () => {
      const store = await open();
      try {
        const { dir, meta } = buildOf('2.0.0-cccccccccc', 'damaged');
        await store.put(meta, dir);
        await damage(store, meta, 'remoteEntry.js');
        assert.equal(await store.file(meta.files['remoteEntry.js']), null);
        assert.deepEqual(await store.missing('mf-catalog', meta.version), ['remoteEntry.js']);
        // the other files are served as they are
        assert.deepEqual(await store.file(meta.files['server/pages.js']), readFileSync(join(dir, 'server/pages.js')));
      } finally {
        await store.close();
      }
    });

    test('refuses a build whose file is not the bytes its release.json names', async () => {
      const store = await open();
      try {
        const { dir, meta } = buildOf('3.0.0-dddddddddd', 'refused');
        writeFileSync(join(dir, 'remoteEntry.js'), 'not what was recorded');
        if (kind === 'postgres') {
          await assert.rejects(store.put(meta, dir), /remoteEntry\.js: not the bytes its digest names/);
          // all or nothing: neither the release nor its other files
          assert.equal(await store.meta('mf-catalog', meta.version), null);
          assert.equal(await store.file(meta.files['server/pages.js']), null);
        } else {
          // the folder is filed as it is; its changed file is never read by its digest
          await store.put(meta, dir);
          assert.equal(await store.file(meta.files['remoteEntry.js']), null);
        }
      } finally {
        await store.close();
      }
    });
  });
}

describe('what a process keeps of the store', () => {
  test('each file once, checked when it comes in and when it is read back from the local folder', async () => {
    const url = await freshDatabase();
    const filing = await postgresReleaseStore(url);
    const { dir, meta } = buildOf('4.0.0-eeeeeeeeee', 'kept');
    await filing.put(meta, dir);
    await filing.close();

    // an instance with an empty disk
    const disk = temporary('release-cache-');
    const store = await openReleaseStore({
      releasesDir: join(disk, 'releases'),
      env: { DATABASE_URL: url },
      cache: { dir: join(disk, 'cache') },
    });
    try {
      const entry = meta.files['remoteEntry.js'];
      assert.deepEqual(await store.file(entry), readFileSync(join(dir, 'remoteEntry.js')));
      assert.equal(readdirSync(join(disk, 'cache', 'files')).length, 1);

      // the release as a folder on this disk (the shell's own pages, the gate's type check)
      const folder = await store.folder('mf-catalog', meta.version);
      assert.ok(folder.startsWith(join(disk, 'cache')));
      for (const file of Object.keys(meta.files)) {
        assert.deepEqual(readFileSync(join(folder, file)), readFileSync(join(dir, file)));
      }
      assert.deepEqual(JSON.parse(readFileSync(join(folder, 'release.json'), 'utf8')), meta);

      // a kept copy changed on this disk is not taken: a process that starts afresh reads the store again
      const name = entry.slice('sha384-'.length).replaceAll('+', '-').replaceAll('/', '_');
      const kept = join(disk, 'cache', 'files', name);
      writeFileSync(kept, 'changed on this disk');
      const again = cachedReleaseStore(store.inner, { dir: join(disk, 'cache') });
      assert.deepEqual(await again.file(entry), readFileSync(join(dir, 'remoteEntry.js')));
      assert.deepEqual(readFileSync(kept), readFileSync(join(dir, 'remoteEntry.js')));
    } finally {
      await store.close();
    }
  });

  test('keeps no more than its bound in memory', async () => {
    const inner = fileReleaseStore(temporary('release-store-'));
    const { dir, meta } = buildOf('5.0.0-ffffffffff', 'bounded');
    await inner.put(meta, dir);
    let reads = 0;
    const counting = {
      ...inner,
      file: (...args) => {
        reads += 1;
        return inner.file(...args);
      },
    };
    const store = cachedReleaseStore(counting, { maxBytes: 60 });
    const manifest = meta.files['mf-manifest.json'];
    await store.file(manifest);
    await store.file(manifest);
    assert.equal(reads, 1);
    // the others push it out
    for (const digest of Object.values(meta.files)) await store.file(digest);
    const before = reads;
    await store.file(manifest);
    assert.equal(reads, before + 1);
  });
});
