import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type RunningPostgres, startPostgres } from '../../packages/server/src/test-support/postgres';
import { shifted } from '../support/ports';
import { repoRoot, Site } from '../support/site';

// Two instances of the shell's server behind one address, their deployment in one PostgreSQL: a move
// made through `npm run promote` (against PostgreSQL) is served by both within 5 s, each page names the
// deployment it was served with, and /remotes.json answers for that deployment even after the next move.
// Its edges: a store that starts empty is seeded from releases/deployment.json and both instances serve
// it at once; while PostgreSQL is down /health says so (and since when), the last good deployment served.
// The releases themselves are in PostgreSQL too (the release store): the second instance has an empty
// releases folder of its own, and serves every live release, the canary and the shell's own.
const releases = mkdtempSync(join(tmpdir(), 'lab-shared-releases-'));
/** the second instance's own releases folder: empty at its start */
const emptyDisk = mkdtempSync(join(tmpdir(), 'lab-shared-empty-'));
/** what the servers keep of the store, apart from what the commands keep (they share a disk otherwise) */
const serversCache = mkdtempSync(join(tmpdir(), 'lab-shared-cache-'));
let postgres: RunningPostgres;
let site: Site;
let other = '';
let env: NodeJS.ProcessEnv = {};
const METRICS = [shifted(4507), shifted(4508)];

function npmRun(script: string, ...args: string[]): Promise<string> {
  return npmRunWith(env, script, ...args);
}

function npmRunWith(environment: NodeJS.ProcessEnv, script: string, ...args: string[]): Promise<string> {
  return promisify(execFile)(process.execPath, [join(repoRoot, 'scripts', `${script}.mjs`), ...args], {
    cwd: repoRoot,
    env: environment,
  }).then(({ stdout }) => stdout.trim().split('\n').at(-1) ?? '');
}

/** The environment of the one-machine default: the file store in the releases folder. */
const fileStoreEnv = (): NodeJS.ProcessEnv => {
  const { DATABASE_URL: _database, ...rest } = env;
  return rest;
};

type Health = {
  status: string;
  deployment: number;
  store: string;
  deploymentUnreadable?: { since: string; error: string };
};
const health = async (request: APIRequestContext, origin: string): Promise<Health> =>
  (await (await request.get(`${origin}/health`)).json()) as Health;

/** The catalogue's manifest a visitor in `bucket` gets from an instance, for `deployment` if named. */
async function catalogueOf(request: APIRequestContext, origin: string, bucket: number, deployment?: number) {
  const answer = await request.get(
    `${origin}/remotes.json${deployment === undefined ? '' : `?deployment=${deployment}`}`,
    {
      headers: { cookie: `canaryBucket=${bucket}` },
    },
  );
  expect(answer.ok()).toBe(true);
  const map = (await answer.json()) as Record<string, { manifest: string; deployment: number }>;
  return { manifest: map.mf_catalog?.manifest ?? '', deployment: Number(answer.headers()['x-deployment']) };
}

let v1 = '';
let v2 = '';
let auth = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  postgres = await startPostgres();
  site = new Site({
    basePort: 4500,
    releases,
    env: { DATABASE_URL: postgres.url, SHELL_METRICS_PORT: String(METRICS[0]), RELEASE_CACHE_DIR: serversCache },
  });
  env = {
    ...process.env,
    RELEASES_DIR: releases,
    REMOTE_MF_CATALOG_URL: `${site.origin('mf_catalog')}/mf-manifest.json`,
    REMOTE_MF_AUTH_URL: `${site.origin('mf_auth')}/mf-manifest.json`,
    DATABASE_URL: postgres.url,
    DEPLOYED_BY: 'catalogue team',
  };
  delete env.DEPLOYMENT_DATABASE_URL;
  v1 = await npmRun('release', 'mf-catalog', '--from', join(repoRoot, 'mf-catalog', 'dist'));
  const next = mkdtempSync(join(tmpdir(), 'mf-catalog-next-'));
  cpSync(join(repoRoot, 'mf-catalog', 'dist'), next, { recursive: true });
  writeFileSync(join(next, 'NOTE.txt'), 'the next release\n');
  v2 = await npmRun('release', 'mf-catalog', '--from', next);
  // the same build on the one machine's default (the file store), for the seed below
  expect(await npmRunWith(fileStoreEnv(), 'release', 'mf-catalog', '--from', next)).toBe(v2);
  rmSync(next, { recursive: true, force: true });
  auth = await npmRun('release', 'mf-auth', '--from', join(repoRoot, 'mf-auth', 'dist'));
  await site.startAll();
  other = await site.startShellAt(4505, {
    SHELL_METRICS_PORT: String(METRICS[1]),
    RELEASES_DIR: emptyDisk,
    RELEASE_CACHE_DIR: join(emptyDisk, '.cache'),
  });
});
test.afterAll(async () => {
  await site?.stopAll();
  await postgres?.stop();
  rmSync(releases, { recursive: true, force: true });
  rmSync(emptyDisk, { recursive: true, force: true });
  rmSync(serversCache, { recursive: true, force: true });
});

test('a store that starts empty is seeded from the file, and both instances serve it at once', async ({ request }) => {
  test.setTimeout(120_000);
  // one machine's deployment so far: the file store, with the catalogue's v2 promoted
  const plain = `${site.origin('mf_catalog')}/mf-manifest.json`;
  await promisify(execFile)(process.execPath, [join(repoRoot, 'scripts', 'promote.mjs'), 'mf-catalog', v2], {
    cwd: repoRoot,
    env: fileStoreEnv(),
  });
  for (const origin of [site.url, other]) {
    expect(await health(request, origin)).toMatchObject({ status: 'ok', store: 'postgres', deployment: 0 });
    expect(await catalogueOf(request, origin, 50)).toEqual({ manifest: plain, deployment: 0 });
  }
  // the first use of the PostgreSQL store (a command reading what is live) seeds it from the file
  await promisify(execFile)(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(join(repoRoot, 'packages', 'releases', 'register.mjs'))});
       const { createRequire } = await import('node:module');
       const { openDeploymentStore } = createRequire(${JSON.stringify(join(repoRoot, 'package.json'))})('@lab/releases');
       const store = await openDeploymentStore({ releasesDir: ${JSON.stringify(releases)} });
       await store.close();`,
    ],
    { cwd: repoRoot, env },
  );
  for (const origin of [site.url, other]) {
    await expect
      .poll(async () => (await catalogueOf(request, origin, 50)).manifest, { timeout: 5_000 })
      .toBe(`${site.origin('mf_catalog')}/releases/${v2}/mf-manifest.json`);
    // numbered as the file numbered it
    expect(await health(request, origin)).toMatchObject({ status: 'ok', deployment: 1 });
  }
});

test('two shell instances on one PostgreSQL serve a promotion within 5 s, each page of one deployment', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const instances = [site.url, other];
  const before = await health(request, site.url);
  expect(before).toMatchObject({ status: 'ok', store: 'postgres' });
  expect(await health(request, other)).toEqual(before);

  // promoted through the store: both instances follow it
  await npmRun('promote', 'mf-catalog', v1);
  const promoted = before.deployment + 1;
  for (const origin of instances) {
    await expect.poll(async () => (await health(request, origin)).deployment, { timeout: 5_000 }).toBe(promoted);
    expect(await catalogueOf(request, origin, 50)).toEqual({
      manifest: `${site.origin('mf_catalog')}/releases/${v1}/mf-manifest.json`,
      deployment: promoted,
    });
  }
  // and say so in their metrics
  for (const port of METRICS) {
    const metrics = await (await request.get(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toContain(`lab_shell_deployment_version{store="postgres"} ${promoted}`);
  }

  // a canary for half the visitors, on both instances alike
  await npmRun('promote', 'mf-catalog', v2, '--canary', '50');
  const canaried = promoted + 1;
  for (const origin of instances) {
    await expect.poll(async () => (await health(request, origin)).deployment, { timeout: 5_000 }).toBe(canaried);
    expect((await catalogueOf(request, origin, 7)).manifest).toContain(`/releases/${v2}/`);
    expect((await catalogueOf(request, origin, 93)).manifest).toContain(`/releases/${v1}/`);
  }

  // a page names its deployment and loads that deployment's catalogue
  await page.context().addCookies([{ name: 'canaryBucket', value: '7', url: other }]);
  const manifestAsked = page.waitForRequest((asked) => asked.url().includes(`/releases/${v2}/mf-manifest.json`));
  const served = await page.goto(other);
  expect(served?.headers()['x-deployment']).toBe(String(canaried));
  const html = (await served?.text()) ?? '';
  expect(html).toContain(`"version":"${v2}","deployment":${canaried}`);
  await manifestAsked;

  // the next move: the page served before it still gets its own deployment's map, a new one the live one
  await npmRun('rollback', 'mf-catalog');
  for (const origin of instances) {
    await expect.poll(async () => (await health(request, origin)).deployment, { timeout: 5_000 }).toBe(canaried + 1);
    expect(await catalogueOf(request, origin, 7, canaried)).toEqual({
      manifest: `${site.origin('mf_catalog')}/releases/${v2}/mf-manifest.json`,
      deployment: canaried,
    });
    expect((await catalogueOf(request, origin, 7)).manifest).toContain(`/releases/${v1}/`);
  }
  const unknown = await request.get(`${other}/remotes.json?deployment=999999`);
  expect(unknown.status()).toBe(404);
});

const sha384 = (bytes: Buffer): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

test('an instance with an empty disk serves every live release, the canary and the shell’s own, from PostgreSQL', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const instances = [site.url, other];
  // nothing of the releases on any disk: the release store is PostgreSQL's
  expect(existsSync(join(releases, 'mf-catalog', v1))).toBe(false);
  expect(readdirSync(emptyDisk).filter((name) => name !== '.cache')).toEqual([]);

  // a promoted release and a canary: each instance's map pins the release, its origin serves those bytes
  // (v1 is live for everyone since the rollback before)
  expect((await catalogueOf(request, site.url, 93)).manifest).toContain(`/releases/${v1}/`);
  await npmRun('promote', 'mf-catalog', v2, '--canary', '50');
  const { deployment } = await health(request, site.url);
  for (const origin of instances) {
    await expect.poll(async () => (await health(request, origin)).deployment, { timeout: 5_000 }).toBe(deployment);
    for (const [bucket, version] of [
      [7, v2],
      [93, v1],
    ] as const) {
      const answer = await request.get(`${origin}/remotes.json`, { headers: { cookie: `canaryBucket=${bucket}` } });
      const map = (await answer.json()) as Record<string, { manifest: string; integrity: { manifest: string } }>;
      const catalogue = map.mf_catalog;
      expect(catalogue?.manifest).toBe(`${site.origin('mf_catalog')}/releases/${version}/mf-manifest.json`);
      const manifest = await request.get(catalogue?.manifest ?? '');
      expect(manifest.status()).toBe(200);
      expect(sha384(await manifest.body())).toBe(catalogue?.integrity.manifest);
    }
  }
  // a stored file whose bytes are not its digest's is never served: one byte more in PostgreSQL, a 502
  const meta = (await (await request.get(`${site.origin('mf_catalog')}/releases/${v1}/release.json`)).json()) as {
    files: Record<string, string>;
  };
  const [map = '', digest = ''] = Object.entries(meta.files).find(([file]) => file.endsWith('.js.map')) ?? [];
  const sql = (statement: string) =>
    promisify(execFile)('psql', [postgres.url, '-v', 'ON_ERROR_STOP=1', '-c', statement]);
  await sql(`UPDATE lab_release_files SET bytes = bytes || '\\x00'::bytea WHERE digest = '${digest}'`);
  try {
    const damaged = await request.get(`${site.origin('mf_catalog')}/releases/${v1}/${map}`);
    expect(damaged.status()).toBe(502);
    expect(await damaged.text()).toBe('Not the released bytes');
  } finally {
    await sql(
      `UPDATE lab_release_files SET bytes = substring(bytes from 1 for length(bytes) - 1) WHERE digest = '${digest}'`,
    );
  }

  // a visitor of the empty-disk instance in the canary's share gets the canary's catalogue, working
  const context = await browser.newContext();
  await context.addCookies([{ name: 'canaryBucket', value: '7', url: other }]);
  const visitor = await context.newPage();
  const entryLoaded = visitor.waitForResponse(
    (response) => response.url().includes(`/releases/${v2}/remoteEntry.js`) && response.ok(),
  );
  await visitor.goto(other);
  await entryLoaded;
  await expect(visitor.getByRole('button', { name: 'Пошук аналізів' })).toBeVisible();
  await context.close();

  // the shell's own release: written out from the store onto the empty disk before it is served
  const shell = await npmRun('release', 'shell', '--from', join(repoRoot, 'shell', 'dist'));
  await npmRun('promote', 'shell', shell);
  const built = readFileSync(join(repoRoot, 'shell', 'dist', 'main.js'));
  for (const origin of instances) {
    await expect.poll(async () => (await health(request, origin)).deployment, { timeout: 5_000 }).toBe(deployment + 1);
    const html = await (await request.get(`${origin}/contacts`)).text();
    // the entry named with the released digest (the page's tag, or its start script)
    expect(html).toContain(sha384(built));
    expect(Buffer.compare(await (await request.get(`${origin}/main.js`)).body(), built)).toBe(0);
    // at the release's own address, which the page names (each instance, from the store by digest)
    expect(html).toContain(`/releases/shell/${shell}/main.js`);
    const named = await request.get(`${origin}/releases/shell/${shell}/main.js`);
    expect(Buffer.compare(await named.body(), built)).toBe(0);
    expect(named.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  expect(existsSync(join(emptyDisk, '.cache', 'releases', 'shell', shell, 'main.js'))).toBe(true);
  await npmRun('rollback', 'shell');
  await npmRun('rollback', 'mf-catalog');
});

test('two teams promoting different apps at the same moment both land', async ({ request }) => {
  test.setTimeout(120_000);
  const { deployment } = await health(request, site.url);
  const [catalogue, signIn] = await Promise.all([
    npmRun('promote', 'mf-catalog', v2),
    npmRun('promote', 'mf-auth', auth),
  ]);
  expect(catalogue).toMatch(new RegExp(`→ ${v2} for every visitor \\(deployment \\d+\\)`));
  expect(signIn).toMatch(new RegExp(`→ ${auth} for every visitor \\(deployment \\d+\\)`));
  for (const origin of [site.url, other]) {
    await expect.poll(async () => (await health(request, origin)).deployment, { timeout: 5_000 }).toBe(deployment + 2);
    const map = (await (await request.get(`${origin}/remotes.json`)).json()) as Record<string, { manifest: string }>;
    expect(map.mf_catalog?.manifest).toContain(`/releases/${v2}/`);
    expect(map.mf_auth?.manifest).toContain(`/releases/${auth}/`);
  }
});

test('while PostgreSQL is down, /health says since when; the last good deployment is served', async ({ request }) => {
  test.setTimeout(120_000);
  const instances = [site.url, other];
  const { deployment } = await health(request, site.url);
  const served = await catalogueOf(request, site.url, 50);
  await postgres.interrupt();
  try {
    for (const origin of instances) {
      await expect.poll(async () => (await health(request, origin)).status, { timeout: 10_000 }).toBe('degraded');
      const said = await health(request, origin);
      expect(said.deployment).toBe(deployment);
      expect(said.deploymentUnreadable?.error).toBeTruthy();
      expect(Date.parse(said.deploymentUnreadable?.since ?? '')).toBeLessThanOrEqual(Date.now());
      expect(await catalogueOf(request, origin, 50)).toEqual(served);
    }
    for (const port of METRICS) {
      const metrics = await (await request.get(`http://127.0.0.1:${port}/metrics`)).text();
      expect(metrics).toMatch(/lab_shell_deployment_unreadable_since_seconds\{store="postgres"\} [1-9]/);
    }
  } finally {
    await postgres.resume();
  }
  // back: ok again, and the next move is followed
  for (const origin of instances) {
    await expect.poll(async () => (await health(request, origin)).status, { timeout: 15_000 }).toBe('ok');
    expect((await health(request, origin)).deploymentUnreadable).toBeUndefined();
  }
  await npmRun('rollback', 'mf-catalog');
  for (const origin of instances) {
    await expect.poll(async () => (await health(request, origin)).deployment, { timeout: 5_000 }).toBe(deployment + 1);
  }
});
