// The live pointer in shared storage (@lab/releases, deploymentStore.ts): the file on one machine and
// PostgreSQL for several, each changed only by a compare-and-swap on the deployment's version. Two moves
// at once: of two apps, both land; of one app, one wins and the other is refused, naming who moved
// first. `npm run promote` works against either store. PostgreSQL is a throwaway Debian server
// (packages/server/src/test-support/postgres.ts); the gate runs with the remotes' real type hints
// (npm test runs this after the build).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import pg from 'pg';
import { releases, root } from './load.mjs';
import { startTestPostgres } from './postgres-fixture.mjs';
import { build } from './release-fixtures.mjs';

delete process.env.DATABASE_URL;
delete process.env.DEPLOYMENT_DATABASE_URL;
process.env.DEPLOYED_BY = 'store test';
const {
  appOf,
  fileRelease,
  openFileStore,
  openPostgresStore,
  promote,
  readDeployment,
  readHistory,
  ReleaseError,
  rollback,
} = releases;

/** The throwaway server (postgres-fixture.mjs). */
let postgres;
const folders = [];

before(async () => {
  postgres = await startTestPostgres();
});
after(async () => {
  await postgres?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A database of its own on the throwaway server. */
const freshDatabase = () => postgres.freshDatabase('deployment');

/** A releases folder of its own, the deployment in PostgreSQL (`url`) or in its file. */
function useReleases(url) {
  const releases = mkdtempSync(join(tmpdir(), 'store-test-'));
  folders.push(releases);
  process.env.RELEASES_DIR = releases;
  if (url) process.env.DATABASE_URL = url;
  else delete process.env.DATABASE_URL;
  return releases;
}

const release = async (app, options) =>
  (await fileRelease(appOf(app), build(app, options), { move: true, commit: 'test' })).version;

/**
 * Holds `count` moves between their check and their write until all of them are there: each is checked
 * against the same deployment, as two people's moves at the same moment are.
 */
function together(count) {
  let arrived = 0;
  let open;
  const opened = new Promise((resolve) => {
    open = resolve;
  });
  return async () => {
    arrived += 1;
    if (arrived >= count) open();
    await opened;
  };
}

const STORES = [
  ['the file', async () => null],
  ['PostgreSQL', freshDatabase],
];

for (const [label, database] of STORES) {
  describe(`the deployment in ${label}`, () => {
    let releases;
    let shell;
    let catalog;
    let catalogNext;
    let auth;

    before(async () => {
      releases = useReleases(await database());
      shell = await release('shell', { provide: true });
      catalog = await release('mf-catalog', { provide: false });
      catalogNext = await release('mf-catalog', { provide: false, marker: ' next' });
      auth = await release('mf-auth', { provide: false });
      await promote('shell', shell);
    });

    test('is moved only from the version it was read at: a write against an older one is refused', async () => {
      const store = process.env.DATABASE_URL
        ? await openPostgresStore(process.env.DATABASE_URL)
        : openFileStore(releases);
      try {
        const { version, deployment } = await store.read();
        const move = { at: new Date().toISOString(), by: 'store test', app: 'shell', action: 'touch' };
        const first = await store.swap(version, deployment, move);
        assert.deepEqual(first, { ok: true, version: version + 1 });
        assert.deepEqual(await store.swap(version, deployment, move), { ok: false, version: version + 1 });
        assert.deepEqual(
          (await store.movesSince(version)).map((entry) => [entry.action, entry.deployment]),
          [['touch', version + 1]],
        );
        assert.deepEqual(await store.at(version + 1), deployment);
      } finally {
        await store.close();
      }
    });

    test('two promotes of different apps at once both land', async () => {
      const beforeSwap = together(2);
      const moved = await Promise.all([
        promote('mf-catalog', catalog, { by: 'catalogue team', beforeSwap }),
        promote('mf-auth', auth, { by: 'auth team', beforeSwap }),
      ]);
      const live = await readDeployment();
      assert.equal(live.remotes.mf_catalog.version, catalog);
      assert.equal(live.remotes.mf_auth.version, auth);
      // one after the other: the second was refused its first write, checked again on the deployment the
      // first made, and written after it
      const [first, second] = moved.map((move) => move.deployment).sort((a, b) => a - b);
      assert.equal(second, first + 1);
      const history = await readHistory();
      assert.deepEqual(
        history
          .slice(-2)
          .map((move) => move.by)
          .sort(),
        ['auth team', 'catalogue team'],
      );
    });

    test('two promotes of one app at once: one wins, the other is refused and says who moved first', async () => {
      const beforeSwap = together(2);
      const outcomes = await Promise.allSettled([
        promote('mf-catalog', catalogNext, { by: 'Olena', beforeSwap }),
        rollback('mf-catalog', { by: 'Taras', beforeSwap }),
      ]);
      const won = outcomes.findIndex((outcome) => outcome.status === 'fulfilled');
      const lost = outcomes.find((outcome) => outcome.status === 'rejected');
      assert.notEqual(won, -1, 'one lands');
      assert.ok(lost, 'the other is refused');
      assert.ok(lost.reason instanceof ReleaseError, String(lost.reason));
      const [winner, action] = won === 0 ? ['Olena', 'promote'] : ['Taras', 'rollback'];
      assert.match(
        lost.reason.message,
        new RegExp(
          `refused: ${winner} moved mf-catalog first \\(${action} of .+ at .+, deployment \\d+\\) while it was being checked against deployment \\d+`,
        ),
      );
      // what won is live, and the refused move is not in the history
      const last = (await readHistory()).at(-1);
      assert.deepEqual([last.by, last.action], [winner, action]);
    });

    test('npm run promote and rollback work against it', async () => {
      if ((await readDeployment()).remotes.mf_catalog?.version !== catalogNext)
        await promote('mf-catalog', catalogNext);
      const env = { ...process.env, DEPLOYED_BY: 'command line' };
      const run = (script, ...args) =>
        promisify(execFile)(process.execPath, [join(root, 'scripts', `${script}.mjs`), ...args], { cwd: root, env });
      const promoted = await run('promote', 'mf-catalog', catalog, '--canary', '20');
      assert.match(
        promoted.stdout,
        new RegExp(`${catalog} for 20% of visitors, ${catalogNext} for the rest \\(deployment \\d+\\)`),
      );
      assert.equal((await readDeployment()).remotes.mf_catalog.canary.percent, 20);
      const rolled = await run('rollback', 'mf-catalog');
      assert.match(rolled.stdout, /for every visitor \(deployment \d+\)/);
      assert.equal((await readDeployment()).remotes.mf_catalog.canary, undefined);
      assert.deepEqual(
        (await readHistory()).slice(-2).map((move) => [move.by, move.action]),
        [
          ['operator/command line', 'canary'],
          ['operator/command line', 'rollback'],
        ],
      );
      // in PostgreSQL, nothing of it on the disk
      assert.equal(existsSync(join(releases, 'deployment.json')), !process.env.DATABASE_URL);
    });
  });
}

describe('a deployment moved into PostgreSQL', () => {
  test('starts from what the file says is live, announced as a move at the file’s version', async () => {
    useReleases(null);
    const shell = await release('shell', { provide: true });
    await promote('shell', shell);
    const url = await freshDatabase();
    // an instance already listening, as a running shell's server does
    const listener = new pg.Client(url);
    await listener.connect();
    await listener.query('LISTEN lab_deployment');
    const heard = new Promise((resolve) => listener.once('notification', (message) => resolve(message.payload)));
    const store = await openPostgresStore(url, { seed: join(process.env.RELEASES_DIR, 'deployment.json') });
    try {
      const { version, deployment } = await store.read();
      assert.equal(version, 1);
      assert.equal(deployment.shell.version, shell);
      assert.equal(await heard, '1');
      assert.deepEqual(
        (await store.history()).map((move) => [move.action, move.deployment]),
        [['seed', 1]],
      );
    } finally {
      await store.close();
      await listener.end();
    }
    // opened again: seeded once
    const again = await openPostgresStore(url, { seed: join(process.env.RELEASES_DIR, 'deployment.json') });
    try {
      assert.equal((await again.history()).length, 1);
    } finally {
      await again.close();
    }
  });

  test('starts at version 0 with nothing recorded when the file names nothing', async () => {
    useReleases(null);
    const url = await freshDatabase();
    const store = await openPostgresStore(url, { seed: join(process.env.RELEASES_DIR, 'deployment.json') });
    try {
      assert.deepEqual(await store.read(), { version: 0, deployment: { shell: null, remotes: {} } });
      assert.deepEqual(await store.history(), []);
    } finally {
      await store.close();
    }
  });
});
