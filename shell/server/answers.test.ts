/** @jest-environment node */
import { apiKeys, CATEGORY_PAGE_SIZE, SEARCH_PAGE_SIZE, SEARCH_PAGE_TYPES } from '@lab/api';
import { type PageRequest, primedAnswers, renderPrimedAnswers } from './answers';
import type { Fetch } from './pageData';

/** A fake API: answers by the path of the URL, 404 (null) for unknown ones, an error for `failing`. */
function fakeApi(
  answers: Record<string, unknown>,
  failing: string[] = [],
): Fetch & { asked: string[]; bodies: object[] } {
  const asked: string[] = [];
  const bodies: object[] = [];
  const get = async <T>(url: string, body?: object) => {
    const { pathname } = new URL(url, 'http://api');
    asked.push(pathname);
    if (body) bodies.push(body);
    if (failing.some((part) => pathname.includes(part))) throw new Error('HTTP 500');
    // the most specific part first: `infos/settlements` (a list) before `settlements` (the cities)
    const parts = Object.entries(answers).sort(([a], [b]) => b.length - a.length);
    const found = parts.find(([part]) => pathname.includes(part));
    return (found ? found[1] : null) as T | null;
  };
  return Object.assign(get, { asked, bodies });
}

/** A page request of a browser that has been here before (it carries a cookie). */
const at = (path: string, locale: 'ua' | 'ru' = 'ua', query = ''): PageRequest => ({
  path,
  locale,
  query,
  guest: false,
});

const settlements = { settlements: [{ id: 9, title: 'Київ', sourceId: 'kyiv' }], branchCount: 1 };
const menus = [{ type: 'header', items: [] }];
const tree = { services: [], packageServices: [] };
const service = { id: 5, slug: 'ferritin', title: 'Феритин' };

describe('the API answers put into the page', () => {
  it('gives every page the city list and the menus under the keys the hooks read', async () => {
    const answers = await primedAnswers(at('/', 'ru'), fakeApi({ settlements, menus }));
    expect(answers).toEqual([
      { key: apiKeys.settlements('ru'), data: settlements },
      { key: apiKeys.menus('ru'), data: menus },
    ]);
  });

  it('adds the group tree on catalogue pages and the analysis at the first city on an analysis page', async () => {
    const category = await primedAnswers(at('/analyzes/hematology', 'ua'), fakeApi({ settlements, menus, tree }));
    expect(category.map((answer) => answer.key)).toContainEqual(apiKeys.serviceGroupTree('ua'));
    const analysis = await primedAnswers(
      at('/analysis/ferritin', 'ua'),
      fakeApi({ settlements, menus, 'slug/': service }),
    );
    expect(analysis).toContainEqual({ key: apiKeys.serviceBySlug('ferritin', 9, 'ua'), data: service });
  });

  it("adds a category's first page at the first city, under the catalogue's key, asked for with its body", async () => {
    const hematology = {
      groupId: 3,
      slug: 'hematology',
      title: 'Гематологія',
      childNodes: [{ groupId: 31, slug: 'x', childNodes: [] }],
    };
    const list = { content: [], page: 0, totalPages: 1, totalElements: 0 };
    const api = fakeApi({
      settlements,
      menus,
      tree: { services: [hematology], packageServices: [] },
      'infos/settlements': list,
    });
    const answers = await primedAnswers(at('/analyzes/hematology', 'ua'), api);
    const filter = { settlementId: 9, groupIds: [3, 31] };
    expect(answers).toContainEqual({ key: apiKeys.serviceList(filter, CATEGORY_PAGE_SIZE, 0, 'ua'), data: list });
    expect(api.bodies).toContainEqual({ ...filter, sort: 'group', showOnSite: true });
  });

  it("gives a browser without cookies the guest's session, and nobody else a session", async () => {
    const guest = { canLogin: true };
    const first = await primedAnswers({ ...at('/cart'), guest: true }, fakeApi({ settlements, menus, '/info': guest }));
    expect(first).toContainEqual({ key: apiKeys.session(), data: guest });
    const back = await primedAnswers(at('/cart'), fakeApi({ settlements, menus, '/info': guest }));
    expect(back.map((answer) => answer.key[0])).not.toContain('session');
  });

  it("adds the search page's first answer for its query at the first city", async () => {
    const found = { totalCount: 1, groups: [] };
    const api = fakeApi({ settlements, menus, '/search/search': found });
    const answers = await primedAnswers(at('/search', 'ru', ' феритин '), api);
    expect(answers).toContainEqual({ key: [...apiKeys.search('феритин', 9, SEARCH_PAGE_TYPES, 'ru'), 0], data: found });
    expect(api.bodies).toContainEqual({
      query: 'феритин',
      settlementId: 9,
      types: [...SEARCH_PAGE_TYPES],
      page: 0,
      size: SEARCH_PAGE_SIZE,
    });
    const empty = await primedAnswers(
      at('/search', 'ru', '  '),
      fakeApi({ settlements, menus, '/search/search': found }),
    );
    expect(empty.map((answer) => answer.key[0])).toEqual(['settlements', 'menus']);
  });

  it('leaves out what failed or is missing, for the page to ask for and report itself', async () => {
    const answers = await primedAnswers(at('/analysis/nope', 'ua'), fakeApi({ settlements }, ['menus']));
    expect(answers.map((answer) => answer.key[0])).toEqual(['settlements']);
  });

  it('writes a JSON block that no answer can close', () => {
    const html = renderPrimedAnswers([{ key: ['menus', 'ua'], data: '</script><script>alert(1)</script>' }], 'x');
    expect(html.startsWith('<script type="application/json" id="x">')).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(renderPrimedAnswers([], 'x')).toBe('');
  });
});
