import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { catalogueSearchButton } from '../support/page';
import { repoRoot, Site } from '../support/site';
import { WorkCopy } from '../support/workCopy';

// The catalogue team's delivery: immutable releases, promotion, a canary share, rollback; every move
// is a change of releases/deployment.json, which the running shell reads on the next page.
const releases = mkdtempSync(join(tmpdir(), 'lab-releases-'));
const site = new Site({ basePort: 4800, releases });
const remoteDir = join(repoRoot, 'mf-catalog');
const workCopy = new WorkCopy('mf-catalog', 'release');
const env = {
  ...process.env,
  RELEASES_DIR: releases,
  REMOTE_MF_CATALOG_URL: `${site.origin('mf_catalog')}/mf-manifest.json`,
  DEPLOYED_BY: 'catalogue team',
};
const MARK = 'Нова версія каталогу';

/** One of the root's commands (npm run release / promote / rollback), as the team runs it. */
function npmRun(script: string, ...args: string[]): string {
  return execFileSync(process.execPath, [join(repoRoot, 'scripts', `${script}.mjs`), ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}
const lastLine = (output: string) => output.split('\n').at(-1) ?? '';

/** v2 of the catalogue: its source with one visible change, built by its team. */
function buildChangedCatalog(): string {
  workCopy.create();
  workCopy.edit(join('src', 'exposed', 'SearchButton.tsx'), (source) =>
    source.replace(
      'return <SearchLauncher />;',
      `return (<><SearchLauncher /><span data-testid="catalog-release">${MARK}</span></>);`,
    ),
  );
  const output = mkdtempSync(join(tmpdir(), 'mf-catalog-v2-'));
  workCopy.build(output);
  return output;
}

/** A visitor; with a bucket, the one its canary cookie holds. */
async function visitor(browser: Browser, bucket?: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  if (bucket !== undefined) await context.addCookies([{ name: 'canaryBucket', value: String(bucket), url: site.url }]);
  const page = await context.newPage();
  await page.goto(site.url);
  await page.evaluate(() => window.localStorage.setItem('cityShown', 'true'));
  return { context, page };
}

/** Which catalogue the page runs, once the header's search button (mf-catalog's own) is up. */
async function catalogueOf(page: Page): Promise<'v1' | 'v2'> {
  await expect(catalogueSearchButton(page)).toBeVisible();
  return (await page.getByTestId('catalog-release').count()) > 0 ? 'v2' : 'v1';
}

async function reloadAndCheck(page: Page, expected: 'v1' | 'v2') {
  await page.reload();
  expect(await catalogueOf(page)).toBe(expected);
}

async function liveManifests(page: Page): Promise<Record<string, string>> {
  const map = (await (await page.request.get(`${site.url}/remotes.json`)).json()) as Record<
    string,
    { manifest: string }
  >;
  return Object.fromEntries(Object.entries(map).map(([name, entry]) => [name, entry.manifest]));
}

let v1 = '';
let v2 = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // v1: the build CI tested, released as it is; v2: a changed build. Both live side by side.
  v1 = lastLine(npmRun('release', 'mf-catalog', '--from', join(remoteDir, 'dist')));
  v2 = lastLine(npmRun('release', 'mf-catalog', '--from', buildChangedCatalog()));
  await site.startAll();
});
test.afterAll(async () => {
  await site.stopAll();
  rmSync(releases, { recursive: true, force: true });
  workCopy.remove();
});

test('a remote released, canaried, promoted and rolled back by pointer, the shell and the others untouched', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  expect(v1).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
  expect(v2).not.toBe(v1);
  // the same build released again is the same release: nothing is overwritten
  expect(lastLine(npmRun('release', 'mf-catalog', '--from', join(remoteDir, 'dist')))).toBe(v1);
  const shellMain = readFileSync(join(repoRoot, 'shell', 'dist', 'main.js'));

  const a = await visitor(browser, 7);
  const b = await visitor(browser, 93);
  const before = await liveManifests(a.page);
  const others = Object.fromEntries(Object.entries(before).filter(([name]) => name !== 'mf_catalog'));

  npmRun('promote', 'mf-catalog', v1);
  await reloadAndCheck(a.page, 'v1');
  expect((await liveManifests(a.page)).mf_catalog).toBe(`${site.origin('mf_catalog')}/releases/${v1}/mf-manifest.json`);

  // a canary: half the visitors, each kept on its side over reloads
  npmRun('promote', 'mf-catalog', v2, '--canary', '50');
  await reloadAndCheck(a.page, 'v2');
  await reloadAndCheck(b.page, 'v1');
  await reloadAndCheck(a.page, 'v2');
  await reloadAndCheck(b.page, 'v1');
  // a new visitor is given a bucket on its first page and keeps it
  const c = await visitor(browser);
  const cookie = (await c.context.cookies(site.url)).find((candidate) => candidate.name === 'canaryBucket');
  expect(cookie?.value).toMatch(/^\d{1,2}$/);
  const side = Number(cookie?.value) < 50 ? 'v2' : 'v1';
  expect(await catalogueOf(c.page)).toBe(side);
  await reloadAndCheck(c.page, side);

  npmRun('promote', 'mf-catalog', v2);
  await reloadAndCheck(b.page, 'v2');
  await reloadAndCheck(a.page, 'v2');

  npmRun('rollback', 'mf-catalog');
  await reloadAndCheck(a.page, 'v1');
  await reloadAndCheck(b.page, 'v1');
  await reloadAndCheck(c.page, 'v1');

  // the shell was neither rebuilt nor restarted, and the other remotes were never moved
  expect(readFileSync(join(repoRoot, 'shell', 'dist', 'main.js')).equals(shellMain)).toBe(true);
  const after = await liveManifests(a.page);
  expect(Object.fromEntries(Object.entries(after).filter(([name]) => name !== 'mf_catalog'))).toEqual(others);

  const history = readFileSync(join(releases, 'history.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { by: string; app: string; action: string; version: string; at: string });
  expect(history.map(({ action, version }) => [action, version])).toEqual([
    ['promote', v1],
    ['canary', v2],
    ['promote', v2],
    ['rollback', v1],
  ]);
  for (const move of history) expect([move.by, move.app]).toEqual(['operator/catalogue team', 'mf-catalog']);
  for (const { context } of [a, b, c]) await context.close();
});
