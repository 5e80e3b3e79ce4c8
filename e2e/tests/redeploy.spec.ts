import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { catalogueSearchButton } from '../support/page';
import { repoRoot, Site } from '../support/site';
import { WorkCopy } from '../support/workCopy';

// The catalogue team's deployment: a folder its static server serves, replaced on redeploy.
const deployment = mkdtempSync(join(tmpdir(), 'mf-catalog-deploy-'));
const site = new Site({ basePort: 3300, roots: { mf_catalog: deployment } });
const remoteDir = join(repoRoot, 'mf-catalog');
const workCopy = new WorkCopy('mf-catalog', 'redeploy');

test.beforeAll(async () => {
  cpSync(join(remoteDir, 'dist'), deployment, { recursive: true });
  await site.startAll();
});
test.afterAll(async () => {
  await site.stopAll();
  rmSync(deployment, { recursive: true, force: true });
  workCopy.remove();
});

/** Deploys a build: new files in, the manifest and entry replaced; the server keeps running. */
function deploy(build: string) {
  rmSync(deployment, { recursive: true, force: true });
  cpSync(build, deployment, { recursive: true });
  rmSync(build, { recursive: true, force: true });
}

/** Rebuilds the remote from a copy of its source with one visible change, as its team would. */
function rebuildCatalogWithChange(outputPath: string) {
  workCopy.create();
  workCopy.edit(join('src', 'exposed', 'SearchButton.tsx'), (source) =>
    source.replace(
      'return <SearchLauncher />;',
      'return (<><SearchLauncher /><span data-testid="catalog-release">Нова версія каталогу</span></>);',
    ),
  );
  workCopy.build(outputPath);
}

test('a remote rebuilt and redeployed is shown by the unchanged shell on reload', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(site.url);
  await expect(catalogueSearchButton(page)).toBeVisible();
  await expect(page.getByTestId('catalog-release')).toHaveCount(0);
  const shellMain = readFileSync(join(repoRoot, 'shell', 'dist', 'main.js'));

  const build = mkdtempSync(join(tmpdir(), 'mf-catalog-build-'));
  rebuildCatalogWithChange(build);
  deploy(build);

  await page.reload();
  await expect(page.getByTestId('catalog-release')).toHaveText('Нова версія каталогу');
  await expect(catalogueSearchButton(page)).toBeVisible();
  // the shell was neither rebuilt nor restarted
  expect(readFileSync(join(repoRoot, 'shell', 'dist', 'main.js')).equals(shellMain)).toBe(true);
});

// The catalogue team adds a page: one route object in its src/routes.ts and the page's component (and
// its texts), nothing in the shell. The route's handle names the crumb, the read the first render makes,
// the head with structured data and the heading; the unchanged shell serves it, first view included. The
// README's "Adding a page to a remote" shows this very change.
const PREPARATION_ROUTE = `
  {
    id: 'mf_catalog/preparation',
    path: 'analysis/:slug/preparation',
    lazy: () => import('./exposed/PreparationPage').then((page) => ({ Component: page.default })),
    handle: {
      ns: NS,
      crumbs: [{ path: '', labelKey: 'preparationPage.crumb' }],
      data: (context) => [serviceCall(context)].filter((call) => call !== null),
      head: (context) => {
        const found = service(context);
        if (!found) return { title: context.t('preparationPage.crumb') };
        const title = context.t('preparationPage.title', { title: found.title });
        const url = \`\${context.origin}\${localizePath(\`/analysis/\${found.slug}/preparation\`, context.locale)}\`;
        const about = { '@type': 'MedicalTest', name: found.title, sku: found.code };
        return {
          title,
          description: context.t('preparationPage.description', { title: found.title }),
          og: { title, url },
          structuredData: [{ '@context': 'https://schema.org', '@type': 'MedicalWebPage', name: title, url, about }],
        };
      },
      heading: (context) => {
        const found = service(context);
        return found ? context.t('preparationPage.title', { title: found.title }) : null;
      },
      notFound: (context) => service(context) === null,
      preview: true,
    },
  },
];`;

const PREPARATION_PAGE = `import '../i18n';
import { useServiceBySlug, useStored } from '@lab/api';
import { useTranslation } from '@lab/i18n';
import { useParams } from '@lab/router';
import { Link, Skeleton, useBreadcrumbLabel } from '@lab/ui';

/** Route /analysis/{slug}/preparation: how to prepare for one analysis. */
export default function PreparationPage() {
  const { t } = useTranslation('catalog');
  const { slug = '' } = useParams<{ slug: string }>();
  const { data: service } = useServiceBySlug(slug || null, useStored('cityId'));
  useBreadcrumbLabel('service', service?.title);
  if (!service) return <Skeleton height={36} width="60%" />;
  return (
    <section>
      <h1>{t('preparationPage.title', { title: service.title })}</h1>
      <p>{t('preparationPage.description', { title: service.title })}</p>
      <Link to={\`/analysis/\${slug}\`}>{service.title}</Link>
    </section>
  );
}
`;

const PREPARATION_TEXTS = {
  ua: {
    crumb: 'Підготовка',
    title: 'Підготовка до аналізу: {{title}}',
    description: 'Як підготуватися до аналізу «{{title}}»: що можна їсти й пити, коли прийти.',
  },
  ru: {
    crumb: 'Подготовка',
    title: 'Подготовка к анализу: {{title}}',
    description: 'Как подготовиться к анализу «{{title}}»: что можно есть и пить, когда прийти.',
  },
};

/** The catalogue with one page more, built as its team would: a route object, its component and its texts. */
function rebuildCatalogWithPage(outputPath: string) {
  workCopy.create();
  workCopy.edit(join('src', 'routes.ts'), (source) => {
    const withPage = `${source.replace(/\n\];\s*$/, PREPARATION_ROUTE)}\n`;
    expect(withPage).toContain("id: 'mf_catalog/preparation'");
    return withPage;
  });
  writeFileSync(join(workCopy.dir, 'src', 'exposed', 'PreparationPage.tsx'), PREPARATION_PAGE);
  for (const locale of ['ua', 'ru'] as const) {
    const file = join(workCopy.dir, 'src', 'i18n', `${locale}.json`);
    const texts = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...texts, preparationPage: PREPARATION_TEXTS[locale] }, null, 2));
  }
  workCopy.build(outputPath);
}

/** The JSON-LD blocks of a page's HTML. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(([, json = '']) =>
    JSON.parse(json),
  );
}

test('a page added to the catalogue alone is served by the unchanged shell: crumb, head, structured data, preview', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const address = `${site.url}/analysis/ferytyn/preparation`;
  const shellMain = readFileSync(join(repoRoot, 'shell', 'dist', 'main.js'));
  // before: the catalogue has no such page
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: /не знайдено/i })).toBeVisible();

  const build = mkdtempSync(join(tmpdir(), 'mf-catalog-build-'));
  rebuildCatalogWithPage(build);
  deploy(build);

  // the shell's server reads a remote's build again within its refresh time (remoteBuilds.ts)
  let html = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(address, { headers: { cookie: '' } });
        html = await response.text();
        return response.status() === 200 && html.includes('Підготовка до аналізу: Феритин');
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(true);
  // the first view: its title, a preview of the page, and the trail with the analysis's real name
  expect(html).toMatch(/<title[^>]*>Підготовка до аналізу: Феритин/);
  expect(html).toMatch(/data-page-preview[^>]*>[\s\S]*<h1[^>]*>Підготовка до аналізу: Феритин<\/h1>/);
  const data = structuredData(html);
  expect(data).toContainEqual(
    expect.objectContaining({ '@type': 'MedicalWebPage', about: expect.objectContaining({ name: 'Феритин' }) }),
  );
  const trail = data.find((block) => block['@type'] === 'BreadcrumbList') as
    | { itemListElement: { name: string }[] }
    | undefined;
  expect(trail?.itemListElement.map((item) => item.name)).toEqual(['Головна', 'Феритин', 'Підготовка']);

  // the browser: the page, its crumbs and title from the same route
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: 'Підготовка до аналізу: Феритин' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Навігаційний ланцюжок' });
  await expect(crumbs.getByRole('link', { name: 'Феритин' })).toBeVisible();
  await expect(crumbs.getByText('Підготовка')).toBeVisible();
  await expect(page).toHaveTitle(/Підготовка до аналізу: Феритин/);
  // and in Russian, through the same route under the locale's prefix
  await page.goto(`${site.url}/ru/analysis/ferytyn/preparation`);
  await expect(page.getByRole('heading', { level: 1, name: /Подготовка к анализу:/ })).toBeVisible();
  // the shell was neither rebuilt nor restarted
  expect(readFileSync(join(repoRoot, 'shell', 'dist', 'main.js')).equals(shellMain)).toBe(true);
});
