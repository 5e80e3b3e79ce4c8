// Releases, promotion, canary, rollback and the compatibility gate (@lab/releases), on a
// releases folder of its own, with builds shaped as the federation plugin writes them and the type
// hints of the remotes' real builds (npm test runs this after the build).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { releases as domain } from './load.mjs';
import { API_NEXT, API_NOW, build, refusalOf } from './release-fixtures.mjs';

const releases = mkdtempSync(join(tmpdir(), 'releases-test-'));
process.env.RELEASES_DIR = releases;
// the file store: deployment-store.test.mjs runs these moves on PostgreSQL
delete process.env.DATABASE_URL;
delete process.env.DEPLOYMENT_DATABASE_URL;
process.env.DEPLOYED_BY = 'release test';
process.env.REMOTE_MF_CATALOG_URL = 'https://cdn.example.ua/catalog/mf-manifest.json';
const { fileRelease, promote, readDeployment, readHistory, ReleaseError, rollback, sharedMisfits, appOf } = domain;

const release = async (app, options) =>
  (await fileRelease(appOf(app), build(app, options), { move: true, commit: 'test' })).version;
const refusal = refusalOf(ReleaseError);

let shellV1;
let catalogV1;
let catalogV2;

before(async () => {
  // the live shell is a release here, whatever the repository's builds are
  shellV1 = await release('shell', { provide: true });
  await promote('shell', shellV1);
});
after(() => rmSync(releases, { recursive: true, force: true }));

describe('a release', () => {
  test('is filed under its version, package version plus content hash, and never overwritten', async () => {
    catalogV1 = await release('mf-catalog', { provide: false });
    assert.match(catalogV1, /^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
    const folder = join(releases, 'mf-catalog', catalogV1);
    const meta = JSON.parse(readFileSync(join(folder, 'release.json'), 'utf8'));
    assert.deepEqual([meta.app, meta.version, meta.commit], ['mf-catalog', catalogV1, 'test']);
    assert.deepEqual(meta.routes, ['analyzes', 'analysis', 'search']);

    // the same build again: the same version, the folder untouched
    const again = await fileRelease(appOf('mf-catalog'), build('mf-catalog', { provide: false }), { commit: 'other' });
    assert.deepEqual([again.version, again.created], [catalogV1, false]);
    assert.equal(JSON.parse(readFileSync(join(folder, 'release.json'), 'utf8')).commit, 'test');

    catalogV2 = await release('mf-catalog', { provide: false, marker: ' v2' });
    assert.notEqual(catalogV2, catalogV1);
    assert.ok(existsSync(join(folder, 'static', 'main.js')));
  });
});

describe('promotion, canary and rollback', () => {
  test('promote points the remote at the release, at its origin’s releases/ folder', async () => {
    await promote('mf-catalog', catalogV1);
    const live = (await readDeployment()).remotes.mf_catalog;
    assert.equal(live.version, catalogV1);
    assert.equal(live.manifest, `https://cdn.example.ua/catalog/releases/${catalogV1}/mf-manifest.json`);
    assert.deepEqual(live.routes, ['analyzes', 'analysis', 'search']);
  });

  test('a canary takes a whole percent from 1 to 99 and leaves the live release for the rest', async () => {
    for (const percent of [0, 100, 12.5, Number.NaN]) {
      assert.match(
        await refusal(() => promote('mf-catalog', catalogV2, { canary: percent })),
        /whole percent from 1 to 99/,
      );
    }
    await promote('mf-catalog', catalogV2, { canary: 10 });
    const live = (await readDeployment()).remotes.mf_catalog;
    assert.equal(live.version, catalogV1);
    assert.deepEqual([live.canary.version, live.canary.percent], [catalogV2, 10]);
  });

  test('rollback ends a canary first, then walks back through the promotions to the build', async () => {
    await rollback('mf-catalog');
    assert.equal((await readDeployment()).remotes.mf_catalog.canary, undefined);
    assert.equal((await readDeployment()).remotes.mf_catalog.version, catalogV1);

    await promote('mf-catalog', catalogV2);
    assert.equal((await readDeployment()).remotes.mf_catalog.version, catalogV2);
    await rollback('mf-catalog');
    assert.equal((await readDeployment()).remotes.mf_catalog.version, catalogV1);
    await rollback('mf-catalog');
    assert.equal((await readDeployment()).remotes.mf_catalog, undefined);
    assert.match(await refusal(() => rollback('mf-catalog')), /no promotion to roll back/);
  });

  test('an unknown release or app is refused with what there is', async () => {
    assert.match(await refusal(() => promote('mf-catalog', '9.9.9-nope')), new RegExp(`released: .*${catalogV1}`));
    assert.match(await refusal(() => promote('mf-nothing', catalogV1)), /no app "mf-nothing": one of .*mf-catalog/);
  });

  test('the history says who moved what, when, from which release', async () => {
    const moves = (await readHistory()).filter((move) => move.app === 'mf-catalog');
    assert.deepEqual(
      moves.map((move) => [move.action, move.version, move.from]),
      [
        ['promote', catalogV1, null],
        ['canary', catalogV2, catalogV1],
        ['rollback', catalogV1, catalogV2],
        ['promote', catalogV2, catalogV1],
        ['rollback', catalogV1, catalogV2],
        ['rollback', null, catalogV1],
      ],
    );
    for (const move of moves) {
      assert.equal(move.by, 'release test');
      assert.ok(!Number.isNaN(Date.parse(move.at)));
    }
  });
});

describe('the digests of a release', () => {
  test('are recorded for every file, and the manifest’s and the entry’s pinned by the promotion', async () => {
    const version = await release('mf-catalog', { provide: false, marker: ' digests' });
    const folder = join(releases, 'mf-catalog', version);
    const { files } = JSON.parse(readFileSync(join(folder, 'release.json'), 'utf8'));
    assert.deepEqual(Object.keys(files), [
      '@mf-types.zip',
      'mf-manifest.json',
      'pages.json',
      'remoteEntry.js',
      'static/main.js',
    ]);
    const expected = `sha384-${createHash('sha384')
      .update(readFileSync(join(folder, 'remoteEntry.js')))
      .digest('base64')}`;
    assert.equal(files['remoteEntry.js'], expected);
    await promote('mf-catalog', version);
    assert.deepEqual((await readDeployment()).remotes.mf_catalog.integrity, {
      manifest: files['mf-manifest.json'],
      entry: { path: 'remoteEntry.js', digest: expected },
    });
    await rollback('mf-catalog');
  });

  test('a release whose release.json lacks them cannot be promoted', async () => {
    const version = await release('mf-catalog', { provide: false, marker: ' no digests' });
    const file = join(releases, 'mf-catalog', version, 'release.json');
    const { files: _files, ...meta } = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(meta));
    const before = await readDeployment();
    assert.match(
      await refusal(() => promote('mf-catalog', version)),
      /records no digests of its files \(released before they were recorded\): release it again/,
    );
    assert.deepEqual(await readDeployment(), before);
  });

  test('a remote whose manifest lists no digests of its files (an older build) cannot be promoted', async () => {
    const dir = build('mf-catalog', { provide: false, marker: ' older build' });
    const manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8'));
    delete manifest.integrity;
    writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
    const { version } = await fileRelease(appOf('mf-catalog'), dir, { move: true, commit: 'test' });
    assert.match(
      await refusal(() => promote('mf-catalog', version)),
      /its manifest lists no digests of its files \(built with @lab\/config before 0\.2\.0\): build it again/,
    );
  });

  test('a release whose files changed after it was released cannot be promoted', async () => {
    const version = await release('mf-catalog', { provide: false, marker: ' changed later' });
    const entry = join(releases, 'mf-catalog', version, 'remoteEntry.js');
    writeFileSync(entry, `${readFileSync(entry, 'utf8')}\n// one more line`);
    assert.match(
      await refusal(() => promote('mf-catalog', version)),
      /remoteEntry\.js no longer the bytes released \(changed or missing\)/,
    );
  });
});

describe('the compatibility gate', () => {
  test(`refuses a remote that needs @lab/api ^${API_NEXT} while the live shell provides ${API_NOW}`, async () => {
    const needsNewer = await release('mf-catalog', { provide: false, apiVersion: API_NEXT });
    const deploymentBefore = await readDeployment();
    const historyBefore = (await readHistory()).length;
    const message = await refusal(() => promote('mf-catalog', needsNewer));
    assert.match(
      message,
      new RegExp(
        `@lab/api \\^${API_NEXT.replaceAll('.', '\\.')} is required, the shell provides ${API_NOW.replaceAll('.', '\\.')}`,
      ),
    );
    assert.match(message, /Promote a shell release that provides these versions first/);
    assert.deepEqual(await readDeployment(), deploymentBefore);
    assert.equal((await readHistory()).length, historyBefore);
    // a canary of it is refused as well
    await promote('mf-catalog', catalogV1);
    assert.match(await refusal(() => promote('mf-catalog', needsNewer, { canary: 50 })), /@lab\/api/);

    // the shell released with that @lab/api goes live first (the live remotes accept it), then the remote
    const shellV2 = await release('shell', { provide: true, apiVersion: API_NEXT });
    await promote('shell', shellV2);
    await promote('mf-catalog', needsNewer);
    assert.equal((await readDeployment()).remotes.mf_catalog.version, needsNewer);

    // and the shell cannot go back under it: its rollback names the remote that needs more
    const back = await refusal(() => rollback('shell'));
    assert.match(
      back,
      new RegExp(`mf-catalog ${needsNewer}: @lab/api \\^${API_NEXT.replaceAll('.', '\\.')} is required`),
    );
    assert.equal((await readDeployment()).shell.version, shellV2);
  });

  test('refuses a remote whose exposed props no longer fit what the shell mounts, by its type hints', async () => {
    // the catalogue's header search button now requires a prop the shell does not pass
    const breaking = await release('mf-catalog', {
      provide: false,
      apiVersion: API_NEXT,
      changeTypes: (zip) => {
        const entry = zip
          .getEntries()
          .find((candidate) => candidate.entryName.endsWith('src/exposed/SearchButton.d.ts'));
        assert.ok(entry, 'the type hints hold SearchButton');
        const declaration = entry.getData().toString('utf8');
        const changed = declaration.replace(
          /SearchButton\(\)/,
          'SearchButton(props: { placement: "header" | "page" })',
        );
        assert.notEqual(changed, declaration);
        zip.updateFile(entry, Buffer.from(changed));
      },
    });
    const message = await refusal(() => promote('mf-catalog', breaking));
    assert.match(message, new RegExp(`mf-catalog ${breaking}: its exposed modules do not fit what the shell mounts`));
    assert.match(message, /error TS\d+/);
    assert.match(message, /placement/);
    assert.notEqual((await readDeployment()).remotes.mf_catalog.version, breaking);
  });

  test('a release without type hints is refused: the shell cannot be checked against it', async () => {
    const dir = build('mf-catalog', { provide: false, apiVersion: API_NEXT, marker: ' no types' });
    rmSync(join(dir, '@mf-types.zip'));
    const { version } = await fileRelease(appOf('mf-catalog'), dir, { move: true, commit: 'test' });
    assert.match(await refusal(() => promote('mf-catalog', version)), /carries no type hints \(@mf-types\.zip\)/);
  });

  test('names every shared module that does not fit, and one the shell does not provide at all', async () => {
    const remote = {
      shared: [
        { name: 'react', requiredVersion: '^19.3.1' },
        { name: '@lab/ui', requiredVersion: '^0.3.0' },
        { name: 'left-pad', requiredVersion: '^1.0.0' },
      ],
    };
    const shell = {
      shared: [
        { name: 'react', version: '19.4.0' },
        { name: '@lab/ui', version: '0.2.9' },
      ],
    };
    assert.deepEqual(sharedMisfits(remote, shell), [
      '@lab/ui ^0.3.0 is required, the shell provides 0.2.9',
      'left-pad ^1.0.0 is required, the shell provides none',
    ]);
  });
});
