import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { API_ORIGIN } from '../support/api';
import { setCity } from '../support/page';
import { shifted } from '../support/ports';
import { repoRoot, Site } from '../support/site';
import { WorkCopy } from '../support/workCopy';

// An integrator's laptop: the catalogue from its source with hot updates, the rest of the site from a
// deployment (its remotes.json), through the shell's own server in development, so that the server's
// first view, the page's head and the CSP are what production has.
const deployment = new Site({ basePort: 4700 });
// the catalogue's source as its team edits it: a copy, so that an edit can never stay behind in the
// repository's own source (a run stopped half-way, a build reading the same files meanwhile)
const source = new WorkCopy('mf-catalog', 'dev');
const PORTS = { shell: shifted(4750), catalog: shifted(4751), shellDev: shifted(4760) };
const dev = `http://localhost:${PORTS.shell}`;
let developing: ChildProcess | null = null;
let output = '';

test.beforeAll(async () => {
  test.setTimeout(420_000);
  await deployment.startAll();
  source.create();
  developing = spawn(
    process.execPath,
    [
      join(repoRoot, 'scripts', 'dev.mjs'),
      'mf-catalog',
      ...['--remotes', `${deployment.url}/remotes.json`, '--source', source.dir, '--no-install'],
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        API_URL: API_ORIGIN,
        PORT_SHELL: String(PORTS.shell),
        PORT_MF_CATALOG: String(PORTS.catalog),
        SHELL_DEV_PORT: String(PORTS.shellDev),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  developing.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  developing.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await expect
    .poll(() => output.includes(`Developing mf-catalog at ${dev}`) && output.includes('[shell] shell on'), {
      timeout: 400_000,
      intervals: [1000],
    })
    .toBe(true);
});
// a failed journey carries what the dev session printed (its compilations, the shell's server) in its report
test.afterEach(async ({ page: _page }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('npm run dev', { body: output, contentType: 'text/plain' });
  }
});
test.afterAll(async () => {
  if (developing && developing.exitCode === null) {
    const exited = new Promise((resolve) => developing?.once('exit', resolve));
    developing.kill('SIGTERM');
    await exited;
  }
  await deployment.stopAll();
  source.remove();
});

async function firstCategory(): Promise<string> {
  const response = await fetch(`${API_ORIGIN}/api/public/service/services/groups/enabled/tree/separated`);
  const { services } = (await response.json()) as { services: Array<{ slug: string }> };
  const slug = services[0]?.slug;
  if (!slug) throw new Error('no category');
  return slug;
}

test('npm run dev: one remote from source, the others from a deployment, through the shell’s server', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const path = `/analyzes/${await firstCategory()}`;

  // the server's first view and head, from the catalogue's development build (polled: a page asked for
  // while a remote's dev server was still compiling is served without, and the remote is asked again later)
  let response = await fetch(`${dev}${path}`);
  let html = '';
  await expect
    .poll(
      async () => {
        response = await fetch(`${dev}${path}`);
        html = await response.text();
        return /<h1[^>]*>[^<]+<\/h1>/.test(html);
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(true);
  expect(response.status).toBe(200);
  expect(html).toMatch(/<title data-head>[^<]+\| /);
  const map = JSON.parse(/<script type="application\/json" id="lab-remotes">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}');
  expect(map.mf_catalog.manifest).toBe(`http://localhost:${PORTS.catalog}/mf-manifest.json`);
  expect(map.mf_cart_checkout.manifest).toBe(`${deployment.origin('mf_cart_checkout')}/mf-manifest.json`);
  expect(map.mf_account.manifest).toBe(`${deployment.origin('mf_account')}/mf-manifest.json`);
  // the CSP of production, plus the dev servers and their sockets; still no inline script or eval
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain(`ws://localhost:${PORTS.shellDev}`);
  expect(csp).toContain(`ws://localhost:${PORTS.catalog}`);
  expect(csp).not.toContain("'unsafe-inline'");
  expect(csp).not.toContain("'unsafe-eval'");

  // what the page logs: the shell's and the catalogue's hot-update clients, any refusal or failed remote
  const console: string[] = [];
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
  await page.goto(`${dev}${path}`);
  // the first load's remotes are up (their clients have logged) before the count starts again
  await expect(page.getByRole('button', { name: 'Пошук аналізів' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.localStorage.setItem('cityShown', 'true'));
  console.length = 0;
  await page.reload();
  // the catalogue's page and header button from its dev server, the cart from the deployment
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Пошук аналізів' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Кошик/ })).toBeVisible();
  await expect.poll(() => console.filter((line) => line.includes('Hot Module Replacement enabled')).length).toBe(2);
  expect(console.filter((line) => /Content Security Policy|\[remote /.test(line))).toEqual([]);
});

test('npm run dev: an edited component is refreshed in place, its state kept; an edited style sheet too', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${dev}/`);
  await page.evaluate(() => window.localStorage.setItem('cityShown', 'true'));
  // no reload from here on: no new document (the router's own history entries are no reload), no load
  // event, and a mark left on the window stays
  const documents: string[] = [];
  page.on('domcontentloaded', () => documents.push(page.url()));
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const sameDocument = () => page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument);

  await page.getByRole('button', { name: 'Пошук аналізів' }).click();
  const dialog = page.getByRole('dialog', { name: 'Пошук' });
  const input = dialog.getByRole('combobox');
  await input.fill('феритин');
  await expect(dialog.getByRole('button', { name: 'Знайти' })).toBeEnabled();

  // the search panel's component (which holds the typed query) now labels its button with another text
  source.edit(join('src', 'features', 'search', 'SearchPanel.tsx'), (code) =>
    code.replace("{t('search.submit')}", "{t('search.dialogTitle')}"),
  );
  await expect(dialog.getByRole('button', { name: 'Пошук', exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByRole('button', { name: 'Знайти' })).toHaveCount(0);
  await expect(input).toHaveValue('феритин');
  expect(await sameDocument()).toBe(true);

  // a style sheet: the new rule applies, the page stays
  const panel = dialog.locator('[class*="SearchPanel-module__panel"]');
  await expect(panel).not.toHaveCSS('outline-color', 'rgb(1, 2, 3)');
  source.edit(
    join('src', 'features', 'search', 'SearchPanel.module.css'),
    (css) => `${css}\n.panel {\n  outline: 3px solid rgb(1, 2, 3);\n}\n`,
  );
  await expect(panel).toHaveCSS('outline-color', 'rgb(1, 2, 3)', { timeout: 60_000 });
  await expect(input).toHaveValue('феритин');
  expect(await sameDocument()).toBe(true);
  expect(documents).toEqual([]);
  expect(loads).toBe(0);
});

/** Marks the document: a reload (a new document) loses the mark; counts the loads and the dev server's reloads. */
async function watchReloads(page: Page) {
  const lines: string[] = [];
  page.on('console', (message) => lines.push(message.text()));
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  return {
    sameDocument: () => page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument === true),
    loads: () => loads,
    // webpack-dev-server's client says why it reloads before it does
    reloadsAsked: () => lines.filter((line) => /Reloading\.\.\./.test(line)),
  };
}

/**
 * Until the dev session has printed nothing for 3 s: the last test's edit has been rebuilt for the browser
 * and for the page server, so a new page does not load a remote entry that is being rewritten.
 */
async function settled() {
  let seen = output.length;
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (output.length !== seen) {
          seen = output.length;
          quietSince = Date.now();
        }
        return Date.now() - quietSince >= 3000;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(true);
}

/** A category page reached in the app from the catalogue (no new document). */
async function categoryInApp(page: Page) {
  await settled();
  // what the page throws from here on: a page loaded after an edit runs none of the edit's hot updates
  // (a remote's manifest listing them had the runtime load a stale one, which threw in the remote's runtime)
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // a visitor with a city chosen: no city dialog over the page (it makes the rest inert)
  await page.goto(`${dev}/`);
  const cities = (await (
    await fetch(`${API_ORIGIN}/api/public/user/branches/enabled/settlements?sort=top-branches-count`)
  ).json()) as { settlements: Array<{ id: number }> };
  await setCity(page, cities.settlements[0]?.id ?? 1);
  await page.goto(`${dev}/analyzes`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the catalogue's own page is up, not the server's first view of it (whose links load a new document)
  await expect(page.locator('main [data-page-preview]')).toHaveCount(0, { timeout: 30_000 });
  const reloads = await watchReloads(page);
  const slug = await firstCategory();
  // the catalogue's own link (the header's menu has one too, hidden)
  await page.getByRole('main').locator(`a[href$="/analyzes/${slug}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/analyzes/${slug}$`));
  await expect(page.getByRole('searchbox')).toBeVisible();
  expect(await reloads.sameDocument()).toBe(true);
  return { reloads, path: `/analyzes/${slug}`, errors };
}

test('npm run dev: after an in-app navigation, an edited style sheet of the page shown applies', async ({ page }) => {
  test.setTimeout(120_000);
  const { reloads, errors, path } = await categoryInApp(page);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).not.toHaveCSS('outline-color', 'rgb(4, 5, 6)');
  source.edit(
    join('src', 'features', 'catalogue', 'Category.module.css'),
    (css) => `${css}\n.heading {\n  outline: 3px solid rgb(4, 5, 6);\n}\n`,
  );
  await expect(heading).toHaveCSS('outline-color', 'rgb(4, 5, 6)', { timeout: 30_000 });
  expect(await reloads.sameDocument()).toBe(true);
  expect(reloads.loads()).toBe(0);
  expect(errors).toEqual([]);
  // and the server's first view of the page is drawn with it (its preview's style sheets, named without a
  // hash in development, are read again with the remote's build, not kept as first read)
  await expect
    .poll(async () => (await (await fetch(`${dev}${path}`)).text()).includes('rgb(4, 5, 6)'), {
      timeout: 60_000,
      intervals: [1000],
    })
    .toBe(true);
});

test('npm run dev: an edit of a page the shell’s server renders too never reloads the page', async ({ page }) => {
  test.setTimeout(180_000);
  const { reloads, path, errors } = await categoryInApp(page);
  const filter = page.getByRole('searchbox');
  await filter.fill('феритин');
  // the filter's label now says another text: the page (and its typed filter) stay, the page server's
  // module is rebuilt with it (the shell's server's first view says the new text)
  source.edit(join('src', 'features', 'catalogue', 'CategoryPage.tsx'), (code) =>
    code.replace("{t('filters.text')}", "{t('filters.label')}"),
  );
  await expect(page.getByText('Фільтри', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Назва або код', { exact: true })).toHaveCount(0);
  await expect
    .poll(async () => (await (await fetch(`${dev}${path}`)).text()).includes('Назва або код'), {
      timeout: 60_000,
      intervals: [1000],
    })
    .toBe(false);
  // one more edit after the page server's rebuild: applied in place too, nothing reloaded meanwhile
  const heading = page.getByRole('heading', { level: 1 });
  source.edit(
    join('src', 'features', 'catalogue', 'Category.module.css'),
    (css) => `${css}\n.heading {\n  outline: 3px solid rgb(7, 8, 9);\n}\n`,
  );
  await expect(heading).toHaveCSS('outline-color', 'rgb(7, 8, 9)', { timeout: 60_000 });
  await expect(filter).toHaveValue('феритин');
  expect(reloads.reloadsAsked()).toEqual([]);
  expect(await reloads.sameDocument()).toBe(true);
  expect(reloads.loads()).toBe(0);
  expect(errors).toEqual([]);
});

test('npm run dev: a syntax error fixed, the session recovers without a restart', async ({ page }) => {
  test.setTimeout(180_000);
  const { path } = await categoryInApp(page);
  const file = join('src', 'features', 'catalogue', 'CategoryPage.tsx');
  let original = '';
  source.edit(file, (code) => {
    original = code;
    return code.replace('export function CategoryPage() {', 'export function CategoryPage() {\n  const = ;');
  });
  // the dev server says so over the page
  const overlay = page.locator('#webpack-dev-server-client-overlay');
  await expect(overlay).toBeVisible({ timeout: 60_000 });
  source.edit(file, () => original);
  await expect(overlay).toBeHidden({ timeout: 60_000 });
  // the catalogue's pages are listed again (never an empty list), and a reload serves the page
  const pages = `http://localhost:${PORTS.catalog}/pages.json`;
  await expect
    .poll(async () => ((await (await fetch(pages)).json()) as { routes: unknown[] }).routes.length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  await expect
    .poll(async () => (await fetch(`${dev}${path}`)).status, { timeout: 30_000, intervals: [1000] })
    .toBe(200);
  // loaded again (the dev client may be reloading it meanwhile: a navigation it aborts is made again)
  await expect(async () => {
    await page.goto(`${dev}${path}`);
    await expect(page.getByRole('searchbox')).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/не знайдено|404/i);
  // the page mounts (its code, as pages.json lists it, loads): the category's filter takes a value
  await expect(page.locator('main [data-page-preview]')).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('searchbox').fill('феритин');
  await expect(page.getByRole('searchbox')).toHaveValue('феритин');
});
