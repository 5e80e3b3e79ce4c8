/** @jest-environment node */
// The shell's own pages as its server describes them: the same route table the browser's router mounts
// (src/app/pages.ts), read in the server's process through the protocol a remote's module answers.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiKeys } from '@lab/api';
import { describe as describePage } from './describe';
import type { ApiGet } from './fetch';
import { matchRequest } from './match';
import { shellPageFiles, startupAt } from './shellBuild';

/** A fake API by path; `null` for what it does not know (404). */
function fakeApi(answers: Record<string, unknown>): ApiGet & { asked: string[] } {
  const asked: string[] = [];
  const get = async <T>(url: string) => {
    const { pathname } = new URL(url, 'http://api');
    asked.push(pathname);
    const found = Object.entries(answers).find(([part]) => pathname.includes(part));
    return (found ? found[1] : null) as T | null;
  };
  return Object.assign(get, { asked });
}

const seo = { title: null, description: null, keyWords: null };
/** Remotes whose builds are not there: their prefixes are theirs, never the shell's content pages. */
const REMOTES = { mf_catalog: { manifest: undefined, routes: ['analyzes', 'analysis'] } };

async function described(
  path: string,
  api: ApiGet,
  primed = [] as { key: readonly [string, ...unknown[]]; data: unknown }[],
) {
  const match = await matchRequest(path, REMOTES);
  if (!match) return null;
  const request = { url: path, ...match, locale: 'ua' as const, origin: 'http://site', settlementId: 1, preview: true };
  return describePage(match.describe, { ...request, stored: {} }, api, primed);
}

beforeAll(() => {
  process.env.API_BASE = 'http://api';
});

describe("the shell's own pages, described from their routes", () => {
  it('gives a news item its head, heading and crumb name from its answer, which stays out of the HTML; a missing one not found', async () => {
    const api = fakeApi({ '/news/slug/flu': { title: 'Грип', summary: 'Щеплення', publishedAt: '2026-11-01', seo } });
    const page = await described('/news/flu', api);
    expect(page?.meta).toMatchObject({ title: 'Грип', description: 'Щеплення' });
    expect(page?.meta?.structuredData?.[0]).toMatchObject({ '@type': 'NewsArticle', headline: 'Грип' });
    expect(page?.heading).toBe('Грип');
    expect(page?.crumbs).toContainEqual({ pattern: '/news/:slug', label: 'Грип', id: 'news-item' });
    expect(page?.crumbs).toContainEqual({ pattern: '/news', label: 'Новини та акції' });
    expect(page?.answersStayOut).toBe(true);
    expect(await described('/news/none', api)).toMatchObject({ notFound: true, heading: null });
  });

  it('gives a document its crumb name, and a content page by its one slug; an unknown slug is not found', async () => {
    const api = fakeApi({
      '/documents/slug/license': { title: 'Ліцензія', seo: { ...seo, keyWords: 'ліцензія' } },
      '/type/about': { title: 'Про нас', seo },
      '/type/privacy-policy': { title: 'Політика', seo },
    });
    const licence = await described('/documents/license', api);
    expect(licence?.crumbs).toContainEqual({ pattern: '/documents/:slug', label: 'Ліцензія', id: 'document' });
    expect(licence?.meta).toMatchObject({ title: 'Ліцензія', keyWords: 'ліцензія' });
    expect((await described('/about', api))?.meta).toMatchObject({ title: 'Про нас' });
    expect((await described('/privacy-policy', api))?.meta).toMatchObject({ title: 'Політика' });
    expect(await described('/no-such-page', api)).toMatchObject({ notFound: true });
  });

  it('heads its own pages from its texts, the home page with its claim from the city list every page has', async () => {
    const api = fakeApi({});
    expect((await described('/contacts', api))?.meta).toMatchObject({ title: 'Контакти та відділення' });
    expect((await described('/contacts', api))?.heading).toBe('Контакти та відділення');
    const cities = { settlements: [{ id: 1 }, { id: 2 }], branchCount: 7 };
    const home = await described('/', api, [{ key: apiKeys.settlements('ua'), data: cities }]);
    expect(home).toMatchObject({
      meta: { organization: true },
      heading: 'Аналізи онлайн у 7 відділеннях у 2 містах України',
    });
  });

  it("asks nothing for a remote's prefix, the shell's list pages, or a deeper unknown path, which is no missing page", async () => {
    const api = fakeApi({});
    for (const path of ['/contacts', '/news', '/equipment', '/documents', '/404', '/a/b/c', '/']) {
      const page = await described(path, api);
      expect(page?.notFound).toBe(false);
    }
    expect(await described('/analysis/ferytyn', api)).toBeNull();
    expect(api.asked).toEqual([]);
  });

  it("preloads a page's own code as the shell's build lists it by route id (its pages.json)", async () => {
    const root = mkdtempSync(join(tmpdir(), 'shell-build-'));
    const contacts = { id: 'shell/contacts', path: 'contacts', scripts: ['page-contacts.1a2b3c4d.js'], styles: [] };
    const pages = { prefixes: [], routes: [{ id: 'shell/home', index: true, scripts: [], styles: [] }, contacts] };
    writeFileSync(join(root, 'pages.json'), JSON.stringify(pages));
    const match = await matchRequest('/contacts', REMOTES);
    expect(await shellPageFiles(root, match?.routes ?? [])).toEqual({
      scripts: ['/page-contacts.1a2b3c4d.js'],
      styles: [],
    });
    // a release's page names them at the release's own address
    expect(await shellPageFiles(root, match?.routes ?? [], '/releases/shell/1.0.0-aaaa/')).toEqual({
      scripts: ['/releases/shell/1.0.0-aaaa/page-contacts.1a2b3c4d.js'],
      styles: [],
    });
    expect(await shellPageFiles(root, ['shell/home'])).toEqual({ scripts: [], styles: [] });
    // the start-up files too, as startup.json lists them from the folder's root
    const built = { scripts: ['/main.js'], preloads: [{ href: '/lib.1a2b3c4d.js', as: 'script' as const }] };
    expect(startupAt({ ...built, integrity: true }, '/releases/shell/1.0.0-aaaa/')).toEqual({
      scripts: ['/releases/shell/1.0.0-aaaa/main.js'],
      preloads: [{ href: '/releases/shell/1.0.0-aaaa/lib.1a2b3c4d.js', as: 'script' }],
      integrity: true,
    });
    // a build without the list: nothing to preload, the router loads the page's code itself
    expect(await shellPageFiles(join(root, 'none'), ['shell/contacts'])).toEqual({ scripts: [], styles: [] });
  });
});
