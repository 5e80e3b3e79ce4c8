// The deploy API (packages/deploy) through its real server on a real store, the file and PostgreSQL:
// an upload checked file by file (a tampered, missing or extra file refused with nothing stored), team
// tokens scoped to apps (403 naming the app and the scope; the shell needs the platform), refused when
// missing, sent as a cookie, rotated or revoked (at once, on two instances), a browser's cross-origin
// request refused, the rate limit, and every move recorded with the token's team/name. The gate runs with
// the remotes' real type hints (npm test runs this after the build).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import '@lab/releases/register';
import { startTestPostgres } from '@lab/releases/test/postgres-fixture.mjs';
import { build } from '@lab/releases/test/release-fixtures.mjs';
import { DeployClient, tarGz } from '../src/deploy.mjs';

// the API's TypeScript, loaded in this process (tsx's loader)
const require = createRequire(import.meta.url);
const { createDeployApi } = require('../src/app.ts');
const { digestOf: sha384, openTokenStore, repositoryRoot: root } = require('@lab/releases');

delete process.env.DATABASE_URL;
delete process.env.DEPLOYMENT_DATABASE_URL;

let postgres;
const folders = [];
before(async () => {
  postgres = await startTestPostgres();
});
after(async () => {
  await postgres?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** One request as a pipeline (or a browser) makes it: `{ status, body, headers }`. */
async function call(base, method, path, { token, json, bytes, headers = {} } = {}) {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(bytes ? { 'content-type': 'application/gzip' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : bytes,
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : null, headers: answer.headers };
}

/** A build's files as archive entries, and release.json listing their digests (before any change). */
function entriesOf(folder) {
  const list = (dir, base = '') =>
    readdirSync(join(folder, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? list(join(dir, entry.name), `${base}${entry.name}/`)
        : [[`${base}${entry.name}`, readFileSync(join(folder, dir, entry.name))]],
    );
  const entries = list('');
  const files = Object.fromEntries(entries.map(([path, bytes]) => [path, sha384(bytes)]));
  return { entries, files };
}
const releaseJson = (files) => ['release.json', Buffer.from(JSON.stringify({ commit: 'test', files }))];

async function listen(app) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${app.server.address().port}`;
}

const STORES = [
  ['the file', async () => null],
  ['PostgreSQL', () => postgres.freshDatabase('deploy_api')],
];

for (const [label, database] of STORES) {
  describe(`the deploy API with its tokens in ${label}`, () => {
    let releases;
    let env;
    const stores = [];
    const apis = [];
    let one;
    let two;
    let tokens;
    let catalogue;
    let account;
    let platform;
    let catalogV1;

    before(async () => {
      releases = mkdtempSync(join(tmpdir(), 'deploy-api-test-'));
      folders.push(releases);
      process.env.RELEASES_DIR = releases;
      const url = await database();
      if (url) process.env.DATABASE_URL = url;
      else delete process.env.DATABASE_URL;
      env = { ...process.env };
      tokens = await openTokenStore({ releasesDir: releases });
      stores.push(tokens);
      catalogue = await tokens.create({ team: 'catalogue', name: 'ci', apps: ['mf-catalog'] });
      account = await tokens.create({ team: 'account', name: 'ci', apps: ['mf-account'] });
      platform = await tokens.create({ team: 'platform', name: 'release', apps: ['*'] });
      // two instances, each with its own connection to the token store, as two processes have
      const second = await openTokenStore({ releasesDir: releases });
      stores.push(second);
      apis.push(await createDeployApi({ tokens }), await createDeployApi({ tokens: second }));
      one = await listen(apis[0]);
      two = await listen(apis[1]);
      // the live shell is a release here, moved by the platform
      const shell = await new DeployClient(one, platform.token).release('shell', build('shell', { provide: true }));
      await new DeployClient(one, platform.token).promote('shell', shell.version);
    });
    after(async () => {
      for (const api of apis) await api.close();
      for (const store of stores) await store.close();
    });

    test('the OpenAPI document lists every route, without a token', async () => {
      const { status, body } = await call(one, 'GET', '/v1/openapi.json');
      assert.equal(status, 200);
      assert.match(body.openapi, /^3\./);
      for (const path of [
        '/v1/whoami',
        '/v1/deployment',
        '/v1/apps/{app}/releases',
        '/v1/apps/{app}/promote',
        '/v1/apps/{app}/canary',
        '/v1/apps/{app}/widen',
        '/v1/apps/{app}/rollback',
        '/v1/history',
      ]) {
        assert.ok(body.paths[path], `${path} is documented`);
      }
      assert.ok(body.paths['/v1/apps/{app}/releases'].post.requestBody.content['application/gzip']);
    });

    test('an upload by a token scoped to the app is filed; the same build again is the release it is', async () => {
      const folder = build('mf-catalog', { provide: false });
      const { entries, files } = entriesOf(folder);
      const first = await call(one, 'POST', '/v1/apps/mf-catalog/releases', {
        token: catalogue.token,
        bytes: tarGz([releaseJson(files), ...entries]),
      });
      assert.equal(first.status, 201, JSON.stringify(first.body));
      assert.equal(first.body.created, true);
      catalogV1 = first.body.version;
      assert.match(catalogV1, /^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
      // the same build, packed by the client this time
      const again = await new DeployClient(two, catalogue.token).release('mf-catalog', folder, { commit: 'other' });
      assert.deepEqual(again, { version: catalogV1, created: false });
      // any token reads an app's releases
      const listed = await call(two, 'GET', '/v1/apps/mf-catalog/releases', { token: account.token });
      assert.equal(listed.status, 200);
      assert.deepEqual(
        listed.body.map(({ version, commit }) => [version, commit]),
        [[catalogV1, 'test']],
      );
    });

    test('a tampered, a missing or an extra file is refused, naming it, and nothing is stored', async () => {
      const stored = () => readdirSync(releases, { recursive: true }).sort();
      const before = stored();
      const folder = build('mf-catalog', { provide: false, marker: ' tampered' });
      const { entries, files } = entriesOf(folder);
      const changed = entries.map(([path, bytes]) =>
        path === 'static/main.js' ? [path, Buffer.concat([bytes, Buffer.from('\n// one more line')])] : [path, bytes],
      );
      const cases = [
        ['different', 'static/main.js', [releaseJson(files), ...changed]],
        ['missing', 'static/gone.js', [releaseJson({ ...files, 'static/gone.js': sha384('gone') }), ...entries]],
        ['extra', 'static/extra.js', [releaseJson(files), ...entries, ['static/extra.js', Buffer.from('1')]]],
      ];
      for (const [kind, file, archive] of cases) {
        const refused = await call(one, 'POST', '/v1/apps/mf-catalog/releases', {
          token: catalogue.token,
          bytes: tarGz(archive),
        });
        assert.equal(refused.status, 422, kind);
        assert.equal(refused.body.code, 'release-digest-mismatch');
        assert.deepEqual(refused.body.files[kind], [file], kind);
        assert.match(refused.body.message, new RegExp(`${kind}: ${file}`));
      }
      const broken = await call(one, 'POST', '/v1/apps/mf-catalog/releases', {
        token: catalogue.token,
        bytes: Buffer.from('not an archive'),
      });
      assert.deepEqual([broken.status, broken.body.code], [422, 'archive-invalid']);
      // a path out of the staging folder is refused, not written
      const escaping = await call(one, 'POST', '/v1/apps/mf-catalog/releases', {
        token: catalogue.token,
        bytes: tarGz([releaseJson(files), ...entries, ['../escaped.js', Buffer.from('1')]]),
      });
      assert.deepEqual([escaping.status, escaping.body.code], [422, 'archive-invalid']);
      assert.ok(!readdirSync(join(releases, '..')).includes('escaped.js'));
      // nothing stored: no file more in the releases folder (no staging left either), the one release
      assert.deepEqual(stored(), before);
      const listed = await call(one, 'GET', '/v1/apps/mf-catalog/releases', { token: catalogue.token });
      assert.deepEqual(
        listed.body.map(({ version }) => version),
        [catalogV1],
      );
    });

    test('a token moves only the apps in its scope, the shell only the platform’s, naming the app and the scope', async () => {
      const upload = await call(one, 'POST', '/v1/apps/mf-account/releases', {
        token: catalogue.token,
        bytes: tarGz([releaseJson({})]),
      });
      assert.equal(upload.status, 403);
      assert.deepEqual(upload.body, {
        code: 'app-out-of-scope',
        message: 'the token catalogue/ci may move mf-catalog; not mf-account',
        app: 'mf-account',
        scope: ['mf-catalog'],
      });
      for (const [app, path, json] of [
        ['mf-account', 'rollback', {}],
        ['shell', 'rollback', {}],
        ['shell', 'promote', { version: '0.0.0-0000000000' }],
      ]) {
        const refused = await call(two, 'POST', `/v1/apps/${app}/${path}`, { token: catalogue.token, json });
        assert.equal(refused.status, 403, `${app} ${path}`);
        assert.equal(refused.body.app, app);
        assert.deepEqual(refused.body.scope, ['mf-catalog']);
      }
      const shellMove = await call(two, 'POST', '/v1/apps/shell/rollback', { token: account.token, json: {} });
      assert.equal(shellMove.body.message, 'the token account/ci may move mf-account; not shell');
      // the platform moved the shell (before): it is live
      const live = await call(one, 'GET', '/v1/deployment', { token: catalogue.token });
      assert.match(live.body.shell.version, /^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
    });

    test('promote, canary, widen and roll back, each recorded as the token’s team/name', async () => {
      const client = new DeployClient(one, catalogue.token);
      const promoted = await client.promote('mf-catalog', catalogV1);
      assert.deepEqual([promoted.app, promoted.version, promoted.from], ['mf-catalog', catalogV1, null]);
      const { version: v2 } = await client.release(
        'mf-catalog',
        build('mf-catalog', { provide: false, marker: ' v2' }),
      );
      const canary = await new DeployClient(two, catalogue.token).canary('mf-catalog', v2, 10);
      assert.deepEqual([canary.version, canary.from, canary.share], [v2, catalogV1, 10]);
      const widened = await client.widen('mf-catalog', 50);
      assert.deepEqual([widened.version, widened.from, widened.share], [v2, catalogV1, 50]);
      const live = (await call(two, 'GET', '/v1/deployment', { token: account.token })).body.remotes['mf-catalog'];
      assert.deepEqual(live.canary, { version: v2, percent: 50, judged: true, judgedSince: live.canary.judgedSince });
      const rolled = await client.rollback('mf-catalog');
      assert.deepEqual([rolled.version, rolled.from], [catalogV1, v2]);
      // a move refused by the rules answers why
      const again = await call(one, 'POST', '/v1/apps/mf-catalog/promote', {
        token: catalogue.token,
        json: { version: catalogV1 },
      });
      assert.deepEqual([again.status, again.body.code], [422, 'move-refused']);
      const unknown = await call(one, 'POST', '/v1/apps/mf-catalog/promote', {
        token: catalogue.token,
        json: { version: '9.9.9-0000000000' },
      });
      assert.deepEqual([unknown.status, unknown.body.code], [404, 'release-unknown']);

      const history = (await call(two, 'GET', '/v1/history?app=mf-catalog', { token: account.token })).body;
      assert.deepEqual(
        history.map(({ action, by, tokenId }) => [action, by, tokenId]),
        [
          ['rollback', 'catalogue/ci', catalogue.record.id],
          ['widen', 'catalogue/ci', catalogue.record.id],
          ['canary', 'catalogue/ci', catalogue.record.id],
          ['promote', 'catalogue/ci', catalogue.record.id],
        ],
      );
      assert.deepEqual([history[2].to, history[2].from, history[2].share], [v2, catalogV1, 10]);
      const shellMove = (await call(one, 'GET', '/v1/history?app=shell', { token: catalogue.token })).body;
      assert.equal(shellMove[0].by, 'platform/release');
    });

    test('only the Authorization header counts: no header, or the token in a cookie, is 401', async () => {
      const bare = await call(one, 'GET', '/v1/whoami');
      assert.deepEqual([bare.status, bare.body.code], [401, 'token-missing']);
      const cookie = await call(one, 'POST', '/v1/apps/mf-catalog/rollback', {
        json: {},
        headers: { cookie: `token=${catalogue.token}; DEPLOY_TOKEN=${catalogue.token}` },
      });
      assert.deepEqual([cookie.status, cookie.body.code], [401, 'token-missing']);
      const made = await call(one, 'GET', '/v1/whoami', { token: `${catalogue.token.slice(0, -4)}AAAA` });
      assert.deepEqual([made.status, made.body.code], [401, 'token-invalid']);
      const who = await call(one, 'GET', '/v1/whoami', { token: catalogue.token });
      assert.deepEqual(who.body, { tokenId: catalogue.record.id, team: 'catalogue', name: 'ci', apps: ['mf-catalog'] });
    });

    test('a browser’s request from another origin is refused, even with a token', async () => {
      const cross = await call(one, 'GET', '/v1/deployment', {
        token: catalogue.token,
        headers: { origin: 'https://shop.example' },
      });
      assert.deepEqual([cross.status, cross.body.code], [403, 'browser-origin']);
      assert.equal(cross.headers.get('access-control-allow-origin'), null);
      const same = await call(one, 'GET', '/v1/deployment', { token: catalogue.token, headers: { origin: one } });
      assert.equal(same.status, 200);
    });

    test('a rotated token’s old secret is refused on every instance, the new one taken', async () => {
      const run = promisify(execFile);
      const rotated = await run(
        process.execPath,
        [join(root, 'packages', 'deploy', 'src', 'token-cli.mjs'), 'rotate', account.record.id],
        { cwd: root, env },
      );
      const fresh = rotated.stdout.trim().split('\n').at(-1);
      assert.match(fresh, new RegExp(`^labdt_${account.record.id}_`));
      for (const base of [one, two]) {
        const old = await call(base, 'GET', '/v1/whoami', { token: account.token });
        assert.deepEqual([old.status, old.body.code], [401, 'token-invalid']);
        assert.equal((await call(base, 'GET', '/v1/whoami', { token: fresh })).status, 200);
      }
    });

    test('a revoked token is refused at once on every instance', async () => {
      for (const base of [one, two])
        assert.equal((await call(base, 'GET', '/v1/whoami', { token: catalogue.token })).status, 200);
      const revoked = await promisify(execFile)(
        process.execPath,
        [join(root, 'packages', 'deploy', 'src', 'token-cli.mjs'), 'revoke', catalogue.record.id],
        { cwd: root, env },
      );
      assert.match(revoked.stdout, /revoked at .*: refused from now on/);
      for (const base of [one, two]) {
        const refused = await call(base, 'POST', '/v1/apps/mf-catalog/rollback', { token: catalogue.token, json: {} });
        assert.deepEqual([refused.status, refused.body.code], [401, 'token-revoked']);
      }
      const listed = await promisify(execFile)(
        process.execPath,
        [join(root, 'packages', 'deploy', 'src', 'token-cli.mjs'), 'list'],
        { cwd: root, env },
      );
      assert.match(listed.stdout, new RegExp(`${catalogue.record.id}  catalogue/ci  mf-catalog  revoked `));
      // hashes only: no token's secret is kept
      const kept = env.DATABASE_URL ? '' : readFileSync(join(releases, 'tokens.json'), 'utf8');
      for (const { token } of [catalogue, platform]) assert.ok(!kept.includes(token.split('_').at(-1)));
    });

    test('over the rate limit a token is refused with 429 and Retry-After (on every instance with PostgreSQL); another token is not', async () => {
      const limited = await createDeployApi({ tokens, rateLimit: { max: 3, timeWindow: 60_000 } });
      apis.push(limited);
      const base = await listen(limited);
      // a token of its own: with PostgreSQL every instance's requests count, the other tests' too
      const busy = await tokens.create({ team: 'platform', name: 'busy', apps: ['*'] });
      for (let request = 0; request < 3; request += 1) {
        assert.equal((await call(base, 'GET', '/v1/whoami', { token: busy.token })).status, 200);
      }
      const over = await call(base, 'GET', '/v1/whoami', { token: busy.token });
      assert.deepEqual([over.status, over.body.code], [429, 'rate-limited']);
      assert.ok(Number(over.headers.get('retry-after')) > 0, 'Retry-After in seconds');
      const created = await tokens.create({ team: 'platform', name: 'other', apps: ['*'] });
      assert.equal((await call(base, 'GET', '/v1/whoami', { token: created.token })).status, 200);
      if (!env.DATABASE_URL) return;
      // in PostgreSQL the instances count together: a second instance allows the token no more
      const second = await createDeployApi({ tokens, rateLimit: { max: 3, timeWindow: 60_000 } });
      apis.push(second);
      const elsewhere = await call(await listen(second), 'GET', '/v1/whoami', { token: busy.token });
      assert.deepEqual([elsewhere.status, elsewhere.body.code], [429, 'rate-limited']);
    });
  });
}

describe('npm run release', () => {
  test('packs and uploads a build folder, printing the version last', async () => {
    const releases = mkdtempSync(join(tmpdir(), 'deploy-api-release-'));
    folders.push(releases);
    const folder = build('mf-auth', { provide: false });
    writeFileSync(join(folder, 'release.json'), '{"files":{}}');
    const run = await promisify(execFile)(
      process.execPath,
      [join(root, 'scripts', 'release.mjs'), 'mf-auth', '--from', folder],
      { cwd: root, env: { ...process.env, RELEASES_DIR: releases, DATABASE_URL: '' } },
    );
    const version = run.stdout.trim().split('\n').at(-1);
    assert.match(version, /^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
    assert.match(run.stderr, new RegExp(`released mf-auth ${version}`));
    const meta = JSON.parse(readFileSync(join(releases, 'mf-auth', version, 'release.json'), 'utf8'));
    assert.ok(meta.files['remoteEntry.js']);
  });
});
