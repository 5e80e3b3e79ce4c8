import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type RunningPostgres, startPostgres } from '../../packages/server/src/test-support/postgres';
import { shifted } from '../support/ports';
import { repoRoot, Site } from '../support/site';

// Two teams deploy through the deploy API with their own tokens, as their pipelines would: two deploy
// API instances and two shell instances on one PostgreSQL. The catalogue uploads its build with the
// documented client (packages/deploy/src/deploy.mjs), starts a canary, widens it to everyone, and both
// shell instances serve each step within 5 s; its token cannot move mf-account or the shell (403) and
// its tampered upload is refused with nothing stored; the account team moves its own app alongside;
// revoked, the catalogue's token is refused (401) by both deploy API instances at once. The releases are in
// PostgreSQL (the release store): each shell instance starts on an empty releases folder of its own. The
// gate reads the live releases' type hints only: an edit in the deploy host's checkout to the catalogue's
// source leaves its answer for the account team's canary as it was.
const releases = mkdtempSync(join(tmpdir(), 'lab-deploy-api-releases-'));
/** the shell instances' own disks, empty at their start; `releases` is the deploy API's (its staging) */
const disks = [
  mkdtempSync(join(tmpdir(), 'lab-deploy-api-disk-a-')),
  mkdtempSync(join(tmpdir(), 'lab-deploy-api-disk-b-')),
];
const DEPLOY_PORTS = [shifted(5310), shifted(5311)];
const deployApis = DEPLOY_PORTS.map((port) => `http://127.0.0.1:${port}`);
let postgres: RunningPostgres;
let site: Site;
let other = '';
let env: NodeJS.ProcessEnv = {};
const servers: ChildProcess[] = [];
const tokens = { catalogue: '', account: '' };
let catalogueId = '';

const run = (script: string, args: string[], extra: NodeJS.ProcessEnv = {}) =>
  promisify(execFile)(process.execPath, [join(repoRoot, script), ...args], {
    cwd: repoRoot,
    env: { ...env, ...extra },
  });

/** The operator's command: `npm run deploy:token -- …`; the token is its last line. */
const deployToken = async (...args: string[]) =>
  (await run('packages/deploy/src/token-cli.mjs', args)).stdout.trim().split('\n').at(-1) ?? '';

/** A team's pipeline: the deploy API's client with its own token, against one instance. */
async function deploy(token: string, instance: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('packages/deploy/src/deploy.mjs', args, {
    DEPLOY_URL: deployApis[instance],
    DEPLOY_TOKEN: token,
  });
  return stdout.trim().split('\n').at(-1) ?? '';
}

/** One deploy API process, up once it says where. */
async function startDeployApi(port: number): Promise<void> {
  const child = spawn(process.execPath, [join(repoRoot, 'packages/deploy/src/cli.mjs')], {
    env: { ...env, DEPLOY_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  servers.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the deploy API exited with ${code}`)));
    child.stdout?.once('data', () => resolve());
  });
}

/** Both shell instances give `bucket` the release `version` of the catalogue within 5 s. */
async function bothServe(request: APIRequestContext, bucket: number, version: string, app = 'mf_catalog') {
  for (const origin of [site.url, other]) {
    await expect
      .poll(
        async () => {
          const answer = await request.get(`${origin}/remotes.json`, { headers: { cookie: `canaryBucket=${bucket}` } });
          const map = (await answer.json()) as Record<string, { manifest: string }>;
          return map[app]?.manifest ?? '';
        },
        { timeout: 5_000 },
      )
      .toContain(`/releases/${version}/`);
  }
}

/** A build folder with a release.json listing its files' digests, then one file changed: a tampered upload. */
function tamperedArchive(build: string): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'mf-catalog-tampered-'));
  cpSync(build, folder, { recursive: true });
  const list = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? list(join(dir, entry.name)) : [relative(folder, join(dir, entry.name))],
    );
  const files = Object.fromEntries(
    list(folder).map((file) => [
      file,
      `sha384-${createHash('sha384')
        .update(readFileSync(join(folder, file)))
        .digest('base64')}`,
    ]),
  );
  writeFileSync(join(folder, 'release.json'), JSON.stringify({ files }));
  writeFileSync(join(folder, 'remoteEntry.js'), `${readFileSync(join(folder, 'remoteEntry.js'), 'utf8')}\n;1`);
  const archive = join(tmpdir(), `tampered-${process.pid}.tgz`);
  // the system's tar, as a pipeline with curl alone would pack it
  execFileSync('tar', ['-czf', archive, '-C', folder, '.']);
  const bytes = readFileSync(archive);
  rmSync(archive, { force: true });
  rmSync(folder, { recursive: true, force: true });
  return bytes;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  postgres = await startPostgres();
  site = new Site({ basePort: 5300, releases: disks[0], env: { DATABASE_URL: postgres.url } });
  env = {
    ...process.env,
    RELEASES_DIR: releases,
    REMOTE_MF_CATALOG_URL: `${site.origin('mf_catalog')}/mf-manifest.json`,
    REMOTE_MF_ACCOUNT_URL: `${site.origin('mf_account')}/mf-manifest.json`,
    DATABASE_URL: postgres.url,
  };
  delete env.DEPLOYMENT_DATABASE_URL;
  delete env.DEPLOY_URL;
  delete env.DEPLOY_TOKEN;
  tokens.catalogue = await deployToken('create', '--team', 'catalogue', '--name', 'ci', '--apps', 'mf-catalog');
  tokens.account = await deployToken('create', '--team', 'account', '--name', 'ci', '--apps', 'mf-account');
  catalogueId = tokens.catalogue.split('_')[1] ?? '';
  await Promise.all(DEPLOY_PORTS.map(startDeployApi));
  await site.startAll();
  other = await site.startShellAt(5305, { RELEASES_DIR: disks[1] });
});
test.afterAll(async () => {
  await Promise.all(
    servers.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) resolve(null);
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  await site?.stopAll();
  await postgres?.stop();
  for (const folder of [releases, ...disks]) rmSync(folder, { recursive: true, force: true });
});

test('two teams deploy through the deploy API with their own tokens; both shell instances follow each move', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  // v1: the catalogue's build as CI tested it; v2: a changed build
  const v1 = await deploy(tokens.catalogue, 0, 'release', 'mf-catalog', join(repoRoot, 'mf-catalog', 'dist'));
  const next = mkdtempSync(join(tmpdir(), 'mf-catalog-next-'));
  cpSync(join(repoRoot, 'mf-catalog', 'dist'), next, { recursive: true });
  writeFileSync(join(next, 'NOTE.txt'), 'the next release\n');
  const v2 = await deploy(tokens.catalogue, 1, 'release', 'mf-catalog', next);
  rmSync(next, { recursive: true, force: true });
  expect(v1).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
  expect(v2).not.toBe(v1);

  expect(await deploy(tokens.catalogue, 0, 'promote', 'mf-catalog', v1)).toMatch(
    new RegExp(`mf-catalog: its build → ${v1} for every visitor \\(deployment \\d+\\)`),
  );
  await bothServe(request, 50, v1);

  // a canary judged by the canary judge, started on the other deploy API instance
  expect(await deploy(tokens.catalogue, 1, 'canary', 'mf-catalog', v2, '--share', '10')).toContain(
    `${v2} for 10% of visitors, ${v1} for the rest, judged by the canary judge`,
  );
  await bothServe(request, 5, v2);
  await bothServe(request, 50, v1);
  // a visitor in the canary's share loads the catalogue from v2's release on the second instance
  await page.context().addCookies([{ name: 'canaryBucket', value: '5', url: other }]);
  const manifestAsked = page.waitForRequest((asked) => asked.url().includes(`/releases/${v2}/mf-manifest.json`));
  await page.goto(other);
  await manifestAsked;

  // widened to everyone: promoted
  expect(await deploy(tokens.catalogue, 0, 'widen', 'mf-catalog', '100')).toMatch(
    new RegExp(`mf-catalog: ${v1} → ${v2} for every visitor`),
  );
  await bothServe(request, 50, v2);
  await bothServe(request, 95, v2);

  // the account team moves its own app meanwhile, with its own token
  const account = await deploy(tokens.account, 1, 'release', 'mf-account', join(repoRoot, 'mf-account', 'dist'));
  await deploy(tokens.account, 0, 'promote', 'mf-account', account);
  await bothServe(request, 50, account, 'mf_account');

  // the shell instances served all of it with nothing of the releases on their disks (a cache aside)
  for (const disk of disks) expect(readdirSync(disk).filter((name) => name !== '.cache')).toEqual([]);

  // the history says which team moved what
  const history = (await (
    await request.get(`${deployApis[1]}/v1/history?limit=5`, {
      headers: { authorization: `Bearer ${tokens.account}` },
    })
  ).json()) as { by: string; app: string; action: string }[];
  expect(history.map(({ by, app, action }) => `${by} ${action} ${app}`)).toEqual([
    'account/ci promote mf-account',
    'catalogue/ci promote mf-catalog',
    'catalogue/ci canary mf-catalog',
    'catalogue/ci promote mf-catalog',
  ]);
});

test('the catalogue’s token cannot move mf-account or the shell, nor upload a tampered release', async ({
  request,
}) => {
  const headers = { authorization: `Bearer ${tokens.catalogue}` };
  const before = await (await request.get(`${deployApis[0]}/v1/deployment`, { headers })).json();
  for (const [app, move, data] of [
    ['mf-account', 'rollback', {}],
    ['shell', 'rollback', {}],
    ['mf-account', 'canary', { version: '0.0.0-0000000000', share: 10 }],
  ] as const) {
    const refused = await request.post(`${deployApis[0]}/v1/apps/${app}/${move}`, { headers, data });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'app-out-of-scope',
      message: `the token catalogue/ci may move mf-catalog; not ${app}`,
      app,
      scope: ['mf-catalog'],
    });
  }

  const listed = async () =>
    (await (await request.get(`${deployApis[0]}/v1/apps/mf-catalog/releases`, { headers })).json()) as unknown[];
  const releasesBefore = await listed();
  expect(releasesBefore).toHaveLength(2);
  const tampered = await request.post(`${deployApis[1]}/v1/apps/mf-catalog/releases`, {
    headers: { ...headers, 'content-type': 'application/gzip' },
    data: tamperedArchive(join(repoRoot, 'mf-catalog', 'dist')),
  });
  expect(tampered.status()).toBe(422);
  expect(await tampered.json()).toMatchObject({
    code: 'release-digest-mismatch',
    files: { different: ['remoteEntry.js'], missing: [], extra: [] },
  });
  // nothing stored, nothing moved
  expect(await listed()).toEqual(releasesBefore);
  expect(await (await request.get(`${deployApis[0]}/v1/deployment`, { headers })).json()).toEqual(before);
});

test('a revoked token is refused at once by both deploy API instances', async ({ request }) => {
  const headers = { authorization: `Bearer ${tokens.catalogue}` };
  for (const api of deployApis) expect((await request.get(`${api}/v1/whoami`, { headers })).status()).toBe(200);
  expect(await deployToken('revoke', catalogueId)).toMatch(/revoked at .*: refused from now on/);
  for (const api of deployApis) {
    const refused = await request.post(`${api}/v1/apps/mf-catalog/rollback`, { headers, data: {} });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'token-revoked' });
  }
  // the other team's token still works
  const account = await request.get(`${deployApis[1]}/v1/whoami`, {
    headers: { authorization: `Bearer ${tokens.account}` },
  });
  expect(await account.json()).toMatchObject({ team: 'account', name: 'ci', apps: ['mf-account'] });
});

test('an edit in the deploy host’s checkout to the catalogue’s source does not change the gate’s answer for the account team', async () => {
  test.setTimeout(240_000);
  // a second release of the account team's app to move
  const next = mkdtempSync(join(tmpdir(), 'mf-account-next-'));
  cpSync(join(repoRoot, 'mf-account', 'dist'), next, { recursive: true });
  writeFileSync(join(next, 'NOTE.txt'), 'the next release\n');
  const v2 = await deploy(tokens.account, 0, 'release', 'mf-account', next);
  rmSync(next, { recursive: true, force: true });
  const canary = async () =>
    (await deploy(tokens.account, 1, 'canary', 'mf-account', v2, '--share', '10')).replace(
      /deployment \d+/,
      'deployment N',
    );

  const before = await canary();
  expect(before).toContain(`${v2} for 10% of visitors`);
  await deploy(tokens.account, 0, 'rollback', 'mf-account');

  // the catalogue's exposed module, changed in this checkout only (its team released nothing of it): a
  // type check of the shell against the checkout's sources would now fail with TS2322
  const file = join(repoRoot, 'mf-catalog', 'src', 'exposed', 'SearchButton.tsx');
  const source = readFileSync(file, 'utf8');
  const edited = source.replace(
    'export default function SearchButton() {',
    'export default function SearchButton(_changed: { onlyInThisCheckout: string }) {',
  );
  expect(edited).not.toBe(source);
  writeFileSync(file, edited);
  try {
    expect(await canary()).toBe(before);
  } finally {
    writeFileSync(file, source);
  }
  await deploy(tokens.account, 0, 'rollback', 'mf-account');
});
