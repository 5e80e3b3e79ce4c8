import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { catalogueSearchButton } from '../support/page';
import { repoRoot, Site } from '../support/site';
import { WorkCopy } from '../support/workCopy';

// A shell promotion strands no visitor: a page served with shell release A names A's files at A's own
// address (/releases/shell/<A>/main.js, its chunks beside it), so once B is promoted the open page
// still loads A's chunks, with A's digests, when it goes to a page whose code it has not loaded yet;
// the next page load is B's. Before, its chunks were asked at the root, which served B by then.
const releases = mkdtempSync(join(tmpdir(), 'lab-shell-promotion-'));
const site = new Site({ basePort: 5350, releases });
const workCopy = new WorkCopy('shell', 'promotion');
const env = { ...process.env, RELEASES_DIR: releases, DEPLOYED_BY: 'platform team' };
const MARK = 'Нова версія оболонки';

function npmRun(script: string, ...args: string[]): string {
  const output = execFileSync(process.execPath, [join(repoRoot, 'scripts', `${script}.mjs`), ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return output.trim().split('\n').at(-1) ?? '';
}

/** Shell B: its source with one visible change on the contacts page (so that page's chunk is B's own). */
function buildChangedShell(): string {
  workCopy.create(['public']);
  workCopy.edit(join('src', 'features', 'contacts', 'ContactsPage.tsx'), (source) =>
    source.replace(
      "{t('contacts.title')}\n      </h1>",
      `{t('contacts.title')}\n      </h1>\n      <p data-testid="shell-release">${MARK}</p>`,
    ),
  );
  const output = mkdtempSync(join(tmpdir(), 'shell-b-'));
  workCopy.build(output);
  return output;
}

let a = '';
let b = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  a = npmRun('release', 'shell', '--from', join(repoRoot, 'shell', 'dist'));
  b = npmRun('release', 'shell', '--from', buildChangedShell());
  npmRun('promote', 'shell', a);
  await site.startAll();
});
test.afterAll(async () => {
  await site.stopAll();
  rmSync(releases, { recursive: true, force: true });
  workCopy.remove();
});

/** What goes wrong in the page: console errors, uncaught errors, and files of the site that failed. */
function troubleOf(page: Page): string[] {
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => trouble.push(`error: ${error.message}`));
  page.on('requestfailed', (request) => {
    // (a new page load cancels the calls the page being left still had on their way)
    const error = request.failure()?.errorText ?? '';
    if (error !== 'net::ERR_ABORTED') trouble.push(`failed: ${request.url()} ${error}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) trouble.push(`${response.status()}: ${response.url()}`);
  });
  return trouble;
}

/** The shell's scripts the page asked for, by address. */
function shellScripts(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().startsWith(`${site.url}/`)) asked.push(request.url());
  });
  return asked;
}

/**
 * A visitor's page served with the shell at `base` ('/' for its build, else its release's address) while
 * `promote` makes B the live shell: the page then goes to a shell page and to a remote's page whose code
 * it has not loaded yet, and gets them from its own shell; its next page load is B's.
 */
async function acrossPromotion(page: Page, base: string, promote: () => void): Promise<void> {
  const trouble = troubleOf(page);
  const asked = shellScripts(page);
  const own = (url: string) =>
    base === '/' ? !url.startsWith(`${site.url}/releases/`) : url.startsWith(`${site.url}${base}`);
  await page.goto(site.url);
  // the app has started (the catalogue's own header button is mounted by the shell's code)
  await expect(catalogueSearchButton(page)).toBeVisible();
  expect(asked).toContain(`${site.url}${base}main.js`);

  promote();
  // the server pages with B now
  const next = await (await page.request.get(`${site.url}/contacts`)).text();
  expect(next).toContain(`/releases/shell/${b}/main.js`);

  // a shell page whose code this page has not loaded yet: its own shell's chunk, with its own text
  const before = asked.length;
  await page.getByRole('link', { name: 'Знайти відділення' }).click();
  await expect(page).toHaveURL(`${site.url}/contacts`);
  await expect(page.getByRole('heading', { level: 1, name: 'Контакти та відділення' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Не вдалося завантажити сторінку' })).toHaveCount(0);
  await expect(page.getByTestId('shell-release')).toHaveCount(0);
  const contactsChunk = asked.slice(before).find((url) => /\/page-contacts\.[0-9a-f]{8}\.js$/.test(url)) ?? '';
  expect(contactsChunk.startsWith(`${site.url}${base}page-contacts.`)).toBe(true);

  // a remote's page, back home and on to the catalogue: its code loads lazily too
  await page.goBack();
  await expect(page).toHaveURL(`${site.url}/`);
  await page.getByRole('link', { name: 'Обрати аналізи' }).click();
  await expect(page).toHaveURL(`${site.url}/analyzes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Каталог аналізів' })).toBeVisible();
  // every script of the site the page asked for was its own shell's: nothing refused, nothing failed
  expect(asked.filter((url) => !own(url))).toEqual([]);
  expect(trouble).toEqual([]);

  // a new page load gets shell B, its contacts page with it
  await page.goto(`${site.url}/contacts`);
  await expect(page.getByTestId('shell-release')).toHaveText(MARK);
  expect(asked).toContain(`${site.url}/releases/shell/${b}/main.js`);
  expect(trouble).toEqual([]);
}

test('a page open across a shell promotion keeps loading its own release’s files; the next page load is the new shell', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(b).not.toBe(a);
  await acrossPromotion(page, `/releases/shell/${a}/`, () => npmRun('promote', 'shell', b));
});

test('a page the shell’s build served keeps its chunks when a release is first promoted', async ({ page }) => {
  test.setTimeout(120_000);
  // back to the build: no shell release is live
  npmRun('rollback', 'shell');
  npmRun('rollback', 'shell');
  expect(await (await page.request.get(`${site.url}/contacts`)).text()).toContain('src="/main.js"');
  await acrossPromotion(page, '/', () => npmRun('promote', 'shell', b));
});
