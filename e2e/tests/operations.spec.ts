import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { API_ORIGIN, OPS_ORIGIN } from '../support/api';
import { repoRoot, Site } from '../support/site';

// What a team reads after a release: real visitors' vitals and remote failures per remote release. The
// catalogue runs a canary; two visitors on either side load a page and leave it; the aggregate on the
// API's operations port shows both releases side by side, and the failure of a remote that was down.
const releases = mkdtempSync(join(tmpdir(), 'lab-ops-releases-'));
const site = new Site({ basePort: 4950, releases });
const env = {
  ...process.env,
  RELEASES_DIR: releases,
  REMOTE_MF_CATALOG_URL: `${site.origin('mf_catalog')}/mf-manifest.json`,
};

function npmRun(script: string, ...args: string[]): string {
  const output = execFileSync(process.execPath, [join(repoRoot, 'scripts', `${script}.mjs`), ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return output.trim().split('\n').at(-1) ?? '';
}

type ReleaseRow = {
  remote: string;
  version: string;
  route: string | null;
  pageViews: number;
  failures: number;
  p75: Record<'LCP' | 'INP' | 'CLS' | 'TTFB' | 'FCP', number | null>;
};

async function aggregate(page: Page): Promise<ReleaseRow[]> {
  const answer = await page.request.get(`${OPS_ORIGIN}/ops/vitals?minutes=30`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { releases: ReleaseRow[] }).releases;
}

/** A visitor on one side of the canary opens the catalogue, uses it, and leaves: the page is hidden. */
async function visitAndLeave(browser: Browser, bucket: number): Promise<void> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'canaryBucket', value: String(bucket), url: site.url }]);
  const page = await context.newPage();
  await page.goto(site.url);
  await page.evaluate(() => window.localStorage.setItem('cityShown', 'true'));
  await page.goto(`${site.url}/analyzes`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the app's own page, not the server's first view: its monitoring runs from here (on a loaded machine
  // the first view can be left before the app has started, and then no beacon goes out)
  await expect(page.getByRole('contentinfo')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Пошук аналізів' }).click(); // an interaction: INP
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  // leaving hides the page: the beacon goes out as it unloads
  await page.goto('about:blank');
  await context.close();
}

let stable = '';
let canary = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // the same code with a note of this run beside it: releases of their own, as rebuilds of the next
  // commits would be (the build released as it is has the version every other journey releases too,
  // and the operations port counts the page views of a version whichever journey made them)
  const release = (note: string) => {
    const copy = mkdtempSync(join(tmpdir(), 'mf-catalog-next-'));
    cpSync(join(repoRoot, 'mf-catalog', 'dist'), copy, { recursive: true });
    writeFileSync(join(copy, 'NOTE.txt'), `${note} of ${releases}\n`);
    const version = npmRun('release', 'mf-catalog', '--from', copy);
    rmSync(copy, { recursive: true, force: true });
    return version;
  };
  stable = release('the stable release');
  canary = release('the canary');
  npmRun('promote', 'mf-catalog', stable);
  npmRun('promote', 'mf-catalog', canary, '--canary', '50');
  await site.startAll();
});
test.afterAll(async () => {
  await site.stopAll();
  rmSync(releases, { recursive: true, force: true });
});

test('real visitors’ vitals and a remote’s failure reach the aggregate per remote release, canary beside stable', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  expect(canary).not.toBe(stable);
  // the account remote is down for the second visitor: its profile menu fails to load
  await visitAndLeave(browser, 10); // the canary's side
  await site.stop('mf_account');
  await visitAndLeave(browser, 90); // the stable side

  let rows: ReleaseRow[] = [];
  await expect
    .poll(
      async () => {
        rows = await aggregate(page);
        const counted = (version: string) =>
          (rows.find((row) => row.version === version && row.route === null)?.pageViews ?? 0) >= 1;
        // each leaving visitor's beacon has come in (on a loaded machine it can take seconds)
        return [counted(canary), counted(stable)];
      },
      { timeout: 45_000 },
    )
    .toEqual([true, true]);
  const perRelease = (version: string) =>
    rows.find((row) => row.remote === 'mf_catalog' && row.version === version && row.route === null);
  for (const version of [canary, stable]) {
    const row = perRelease(version);
    expect(row?.pageViews).toBeGreaterThanOrEqual(1);
    expect(row?.p75.LCP).toBeGreaterThan(0);
    expect(row?.p75.TTFB).toBeGreaterThan(0);
    expect(row?.failures).toBe(0);
  }
  // the catalogue page by its pattern, never by its address
  expect(rows.some((row) => row.version === canary && row.route === '/analyzes')).toBe(true);
  // the remote that was down: its failure counted for its release
  const account = rows.find((row) => row.remote === 'mf_account' && row.route === null && row.failures > 0);
  expect(account).toBeDefined();

  // the table a team reads: one row per release, the canary beside the stable
  const table = await page.request.get(`${OPS_ORIGIN}/ops`);
  const html = await table.text();
  expect(html).toContain(canary);
  expect(html).toContain(stable);
  // and none of it through the public site
  // (the site's page at /ops is its not-found page; its inline remotes map names the visitor's releases)
  expect(await (await page.request.get(`${site.url}/ops`)).text()).not.toContain('Real-user vitals per remote release');
  expect((await page.request.get(`${site.url}/api/ops/vitals`)).status()).toBe(404);
  expect((await page.request.get(`${API_ORIGIN}/metrics`)).status()).toBe(404);
});
