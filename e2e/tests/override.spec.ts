import { expect, type Page, test } from '@playwright/test';
import { Site } from '../support/site';

// The live site, and a team's build of mf-catalog served from another origin on this machine (its own
// `npm run dev` or a preview release would be there): localhost is on the default allow-list.
const site = new Site({ basePort: 5000 });
const team = new Site({ basePort: 5050 });
const teamManifest = () => `${team.origin('mf_catalog')}/mf-manifest.json`;
const BANNER = 'Цей браузер завантажує не опубліковану збірку';

test.beforeAll(async () => {
  await site.startAll();
  await team.start('mf_catalog');
});
test.afterAll(async () => {
  await Promise.all([site.stopAll(), team.stopAll()]);
});

/** The origins a page asks anything of, from now on. */
function origins(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (request) => seen.add(new URL(request.url()).origin));
  return seen;
}

test('a team tries its build in one browser: its remote comes from the team’s origin, with a banner and a stop link; another browser keeps the deployment', async ({
  browser,
}) => {
  const tryingContext = await browser.newContext();
  const trying = await tryingContext.newPage();
  const errors: string[] = [];
  trying.on('pageerror', (error) => errors.push(error.message));
  const tryingAsked = origins(trying);

  await trying.goto(`${site.url}/__override?mf_catalog=${encodeURIComponent(teamManifest())}`);
  await expect(trying.getByRole('heading', { level: 1 })).toHaveText('Спробувати збірку в цьому браузері');
  await expect(trying.getByRole('listitem')).toHaveText(`mf_catalog з ${teamManifest()}`);
  await trying.getByRole('button', { name: 'Увімкнути' }).click();
  await expect(trying).toHaveURL(`${site.url}/`);

  const banner = trying.getByRole('status').filter({ hasText: BANNER });
  await expect(banner).toContainText(teamManifest());
  // the catalogue is the team's build: its page works, loaded from the team's origin only
  const catalogue = await trying.goto(`${site.url}/analyzes/hematology`);
  await expect(trying.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toBeVisible();
  expect(tryingAsked.has(team.origin('mf_catalog'))).toBe(true);
  expect(tryingAsked.has(site.origin('mf_catalog'))).toBe(false);
  // the page's policy admits the team's origin and not the catalogue's deployed one; only this browser's
  // cache may keep the page
  const policy = (await catalogue?.allHeaders())?.['content-security-policy'] ?? '';
  expect(policy).toContain(team.origin('mf_catalog'));
  expect(policy).not.toContain(site.origin('mf_catalog'));
  expect((await catalogue?.allHeaders())?.['cache-control']).toContain('private');
  expect((await catalogue?.allHeaders())?.vary).toContain('cookie');
  expect(errors).toEqual([]);

  // another browser meanwhile: the deployment, no banner, nothing from the team's origin
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const otherAsked = origins(other);
  const page = await other.goto(`${site.url}/analyzes/hematology`);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(other.getByText(BANNER)).toHaveCount(0);
  expect(otherAsked.has(site.origin('mf_catalog'))).toBe(true);
  expect(otherAsked.has(team.origin('mf_catalog'))).toBe(false);
  expect((await page?.allHeaders())?.['content-security-policy']).not.toContain(team.origin('mf_catalog'));
  expect((await page?.allHeaders())?.['cache-control']).not.toContain('private');

  // "stop": the trying browser is back on the deployment
  await banner.getByRole('link', { name: 'Зупинити' }).click();
  await expect(trying).toHaveURL(`${site.url}/`);
  await expect(trying.getByText(BANNER)).toHaveCount(0);
  const map = await (await trying.request.get(`${site.url}/remotes.json`)).json();
  expect(map.mf_catalog.manifest).toBe(`${site.origin('mf_catalog')}/mf-manifest.json`);
  await Promise.all([tryingContext.close(), otherContext.close()]);
});

test('a forged cookie, an origin off the allow-list and a javascript: URL are refused', async ({ browser }) => {
  const context = await browser.newContext();
  // a cookie this server did not sign, naming the team's build: ignored
  const payload = Buffer.from(
    JSON.stringify({ remotes: { mf_catalog: teamManifest() }, until: Date.now() + 3_600_000 }),
  ).toString('base64url');
  await context.addCookies([{ name: 'labOverride', value: `${payload}.forged`, url: site.url }]);
  const page = await context.newPage();
  const asked = origins(page);
  const response = await page.goto(`${site.url}/analyzes/hematology`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
  expect(asked.has(team.origin('mf_catalog'))).toBe(false);
  expect((await response?.allHeaders())?.['content-security-policy']).not.toContain(team.origin('mf_catalog'));
  const map = await (await page.request.get(`${site.url}/remotes.json`)).json();
  expect(map.mf_catalog.manifest).toBe(`${site.origin('mf_catalog')}/mf-manifest.json`);

  for (const [url, says] of [
    ['https://cdn.example.net/mf-catalog/mf-manifest.json', 'не входить до дозволених'],
    ['javascript:alert(1)', 'дозволені лише адреси http і https'],
  ] as const) {
    const refused = await page.goto(`${site.url}/__override?mf_catalog=${encodeURIComponent(url)}`);
    expect(refused?.status()).toBe(400);
    expect((await refused?.allHeaders())?.['set-cookie']).toBeUndefined();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Підміну збірки не ввімкнено');
    await expect(page.getByRole('main')).toContainText(says);
    // the page lists the allowed origins, and never runs the URL it was given
    await expect(page.getByRole('main')).toContainText('http://localhost:*');
    await expect(page.getByRole('link')).toHaveCount(0);
  }
  // a confirmation this server did not issue sets nothing
  const posted = await page.request.post(`${site.url}/__override`, {
    form: { mf_catalog: teamManifest(), token: '1.forged' },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(403);
  expect(posted.headers()['set-cookie']).toBeUndefined();
  await context.close();
});
