import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { API_ORIGIN, OPS_ORIGIN } from '../support/api';
import { axeViolations, WCAG_AA } from '../support/axe';
import { shifted } from '../support/ports';
import { repoRoot } from '../support/site';

// The teams' console (docs/releases.md "The teams' console"): the catalogue team signs in with its token,
// reads its canary's figures and chart from real beacons, sees that it may move mf-catalog only, and rolls
// the canary back through the confirmation; the history says who, from and to which release, and why.
const releases = mkdtempSync(join(tmpdir(), 'lab-console-releases-'));
const DEPLOY_PORT = shifted(4160);
const CONSOLE = `http://127.0.0.1:${DEPLOY_PORT}/console`;
/** Where the journey's screenshots go, to be looked at (SHOTS_DIR, as the other journeys); none without it. */
const SHOTS = process.env.SHOTS_DIR;
const shot = (name: string) => (SHOTS ? join(SHOTS, name) : undefined);
const env = { ...process.env, RELEASES_DIR: releases, DEPLOYED_BY: 'catalogue release manager' };

/** One of the root's commands, as a team (or the operator: deploy-token) runs it; its last line. */
function npmRun(script: string, ...args: string[]): string {
  const file = script === 'deploy-token' ? 'packages/deploy/src/token-cli.mjs' : `scripts/${script}.mjs`;
  const output = execFileSync(process.execPath, [join(repoRoot, file), ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return output.trim().split('\n').at(-1) ?? '';
}

/** The catalogue's build with a note of this run: a release of its own (another content hash). */
function release(note: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'mf-catalog-console-'));
  cpSync(join(repoRoot, 'mf-catalog', 'dist'), copy, { recursive: true });
  writeFileSync(join(copy, 'NOTE.txt'), `${note} of ${releases}\n`);
  const version = npmRun('release', 'mf-catalog', '--from', copy);
  rmSync(copy, { recursive: true, force: true });
  return version;
}

/** `count` visitors' page views of a catalogue release, the first `failed` of them with its slot failed. */
async function pageViews(version: string, count: number, failed: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const answer = await fetch(`${API_ORIGIN}/api/app/vitals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({
        pageViewId: randomUUID(),
        route: '/analyzes',
        locale: 'ua',
        remotes: { mf_catalog: version },
        vitals: [
          { name: 'LCP', value: 1400 + (index % 8) * 50 },
          { name: 'INP', value: 80 + (index % 4) * 20 },
        ],
        failures: index < failed ? [{ remote: 'mf_catalog', version, kind: 'chunk', module: './routes' }] : [],
        api: { calls: 4, errors: 0 },
      }),
    });
    expect(answer.status).toBe(200);
  }
}

let deployApi: ChildProcess;
let stable = '';
let canary = '';
let token = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stable = release('the stable release');
  canary = release('the canary');
  npmRun('promote', 'mf-catalog', stable);
  npmRun('canary', 'mf-catalog', canary, '--share', '10');
  token = npmRun('deploy-token', 'create', '--team', 'catalogue', '--name', 'ci', '--apps', 'mf-catalog');
  await pageViews(stable, 60, 0);
  await pageViews(canary, 20, 5);
  deployApi = spawn(process.execPath, [join(repoRoot, 'packages/deploy/src/cli.mjs')], {
    cwd: repoRoot,
    env: { ...env, DEPLOY_PORT: String(DEPLOY_PORT), OPS_URL: OPS_ORIGIN },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect.poll(async () => (await fetch(CONSOLE).catch(() => null))?.status, { timeout: 30_000 }).toBe(200);
});

test.afterAll(async () => {
  if (deployApi && deployApi.exitCode === null) {
    const exited = new Promise((resolve) => deployApi.once('exit', resolve));
    deployApi.kill('SIGTERM');
    await exited;
  }
  rmSync(releases, { recursive: true, force: true });
});

const card = (page: Page, app: string) =>
  page
    .getByRole('list', { name: 'Застосунки' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: app, exact: true }) });

async function noSeriousViolations(page: Page): Promise<void> {
  const serious = (await axeViolations(page, { tags: WCAG_AA })).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

// its steps (three looks at 1280 and 360 px with axe) and the compatibility gate take about a minute on a
// loaded two-core machine
test.setTimeout(120_000);
test('the catalogue team reads its canary’s figures and chart, and rolls it back through the confirmation', async ({
  page,
}) => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  await page.goto(CONSOLE);
  await expect(page.getByRole('heading', { level: 1, name: 'Консоль релізів' })).toBeVisible();

  // a mistyped token is refused, and the refusal is announced
  const field = page.getByLabel('Токен команди');
  await field.fill(`${token}x`);
  await page.getByRole('button', { name: 'Увійти' }).click();
  await expect(page.getByRole('alert')).toHaveText('Такого токена немає. Перевірте, чи скопіювали його повністю.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(token);
  await field.press('Enter');
  await expect(page.getByText('Ви увійшли як catalogue/ci. Можете рухати: mf-catalog.')).toBeVisible();
  // kept in the tab, never in a cookie
  expect(await page.evaluate(() => sessionStorage.getItem('consoleToken'))).toBe(token);
  expect(await page.context().cookies()).toEqual([]);

  // the live release and the canary's share; the moves offered for mf-catalog only
  const catalog = card(page, 'mf-catalog');
  await expect(catalog).toContainText(stable);
  await expect(catalog).toContainText(`${canary} · 10 % відвідувачів`);
  await expect(catalog.getByRole('button', { name: 'Розширити до 50 %' })).toBeVisible();
  await expect(catalog.getByRole('button', { name: 'Випустити для всіх' })).toBeVisible();
  await expect(catalog.getByRole('button', { name: 'Відкотити' })).toBeVisible();
  for (const name of ['Розширити до 50 %', 'Випустити для всіх', 'Відкотити']) {
    await expect(page.getByRole('button', { name })).toHaveCount(1);
  }
  await expect(card(page, 'shell')).toContainText('Лише перегляд');
  // an app still served from its build is listed too, read only for this token
  await expect(card(page, 'mf-account')).toContainText('Лише перегляд');

  // the judge's figures, from the visitors' beacons: 5 failed of 20 against none of 60
  const figures = page.getByRole('region', { name: 'Суддя канарок: mf-catalog' });
  await expect(figures.getByRole('row', { name: /Збої слота/ })).toContainText('25,0 % (5 з 20)');
  await expect(figures.getByRole('row', { name: /Збої слота/ })).toContainText('0,0 % (0 з 60)');
  await expect(page.getByText('Вердикт: Чекає: замало даних, щоб судити')).toBeVisible();

  // the chart: three plots, and the same figures as a table
  const charts = page.getByRole('region', { name: 'Показники за останні 6 год' });
  await expect(charts.locator('figure canvas')).toHaveCount(3);
  await charts.getByText('Ті самі дані таблицею').click();
  await expect(charts.getByRole('row', { name: new RegExp(`${canary} \\(канарка\\)`) })).toContainText('20');

  await noSeriousViolations(page);
  await page.screenshot({ path: shot('console-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(catalog.getByRole('button', { name: 'Відкотити' })).toBeVisible();
  // on a phone nothing is wider than the screen: the charts follow the layout's width
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await noSeriousViolations(page);
  await page.screenshot({ path: shot('console-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // the confirmation keeps the focus inside and gives it back when cancelled
  const rollback = catalog.getByRole('button', { name: 'Відкотити' });
  await rollback.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Відкотити: mf-catalog' });
  await expect(dialog).toContainText(
    `Канарку mf-catalog ${canary} буде завершено: усі відвідувачі отримають ${stable}.`,
  );
  for (let step = 0; step < 4; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await noSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(rollback).toBeFocused();
  await expect(catalog).toContainText(`${canary} · 10 %`);

  // confirmed, with a reason: the canary ends and the history says so
  await rollback.click();
  await dialog.getByLabel('Причина (для історії)').fill('збої слота вчетверо частіші');
  await page.screenshot({ path: shot('console-confirm-1280.png') });
  await dialog.getByRole('button', { name: 'Відкотити' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText(/^Готово: mf-catalog — відкат, розгортання \d+\.$/);
  await expect(catalog).toContainText('Канарки немає');
  const newest = page.getByRole('region', { name: 'Історія' }).getByRole('row').nth(1);
  for (const text of ['catalogue/ci', 'mf-catalog', 'відкат', `${canary} → ${stable}`, 'збої слота вчетверо частіші']) {
    await expect(newest).toContainText(text);
  }

  // the release it ended is offered again, as a judged canary at the judge's first share
  const another = page.getByRole('region', { name: 'Випустити інший реліз mf-catalog' });
  await expect(another.getByLabel('Реліз')).toHaveValue(canary);
  await expect(another.getByLabel('Канарці: 10 % відвідувачів, далі вирішує суддя канарок')).toBeChecked();
  // on a phone with a release listed in the form, nothing is wider than the screen (the option's text of a
  // release once sized the form's column: 472 px)
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = await another.getByLabel('Реліз').boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  await noSeriousViolations(page);
  await page.screenshot({ path: shot('console-release-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await another.getByRole('button', { name: 'Випустити…' }).click();
  const start = page.getByRole('dialog', { name: 'Почати канарку 10 %: mf-catalog' });
  await expect(start).toContainText(`10 % відвідувачів отримають mf-catalog ${canary}, решта — ${stable}`);
  await start.getByRole('button', { name: 'Почати канарку 10 %' }).click();
  // a start passes the compatibility gate first (the shell's type check: seconds on a loaded machine)
  await expect(page.getByRole('status')).toHaveText(/^Готово: mf-catalog — канарка, розгортання \d+\.$/, {
    timeout: 60_000,
  });
  await expect(catalog).toContainText(`${canary} · 10 % відвідувачів · судить суддя канарок`);
  await expect(newest).toContainText('канарка 10 %');

  // the English console
  await page.getByLabel('Мова').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Release console' })).toBeVisible();
  await expect(page.getByText('Signed in as catalogue/ci. May move: mf-catalog.')).toBeVisible();
  // every app but mf-catalog (its canary started again above) has none
  await expect(page.getByRole('list', { name: 'Apps' }).getByText('No canary')).toHaveCount(4);
  await noSeriousViolations(page);
  await page.screenshot({ path: shot('console-en-1280.png'), fullPage: true });
});
