/** @jest-environment node */
import { apiKeys, CATEGORY_PAGE_SIZE } from '@lab/api';
import { primedAnswers, renderPrimedAnswers } from './answers';
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

const settlements = { settlements: [{ id: 9, title: 'Київ', sourceId: 'kyiv' }], branchCount: 1 };
const menus = [{ type: 'header', items: [] }];
const tree = { services: [], packageServices: [] };
const service = { id: 5, slug: 'ferritin', title: 'Феритин' };

describe('the API answers put into the page', () => {
  it('gives every page the city list and the menus under the keys the hooks read', async () => {
    const answers = await primedAnswers('/', 'ru', fakeApi({ settlements, menus }));
    expect(answers).toEqual([
      { key: apiKeys.settlements('ru'), data: settlements },
      { key: apiKeys.menus('ru'), data: menus },
    ]);
  });

  it('adds the group tree on catalogue pages and the analysis at the first city on an analysis page', async () => {
    const category = await primedAnswers('/analyzes/hematology', 'ua', fakeApi({ settlements, menus, tree }));
    expect(category.map((answer) => answer.key)).toContainEqual(apiKeys.serviceGroupTree('ua'));
    const analysis = await primedAnswers('/analysis/ferritin', 'ua', fakeApi({ settlements, menus, 'slug/': service }));
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
    const answers = await primedAnswers('/analyzes/hematology', 'ua', api);
    const filter = { settlementId: 9, groupIds: [3, 31] };
    expect(answers).toContainEqual({ key: apiKeys.serviceList(filter, CATEGORY_PAGE_SIZE, 0, 'ua'), data: list });
    expect(api.bodies).toContainEqual({ ...filter, sort: 'group', showOnSite: true });
  });

  it('leaves out what failed or is missing, for the page to ask for and report itself', async () => {
    const answers = await primedAnswers('/analysis/nope', 'ua', fakeApi({ settlements }, ['menus']));
    expect(answers.map((answer) => answer.key[0])).toEqual(['settlements']);
  });

  it('writes a JSON block that no answer can close', () => {
    const html = renderPrimedAnswers([{ key: ['menus', 'ua'], data: '</script><script>alert(1)</script>' }], 'x');
    expect(html.startsWith('<script type="application/json" id="x">')).toBe(true);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(renderPrimedAnswers([], 'x')).toBe('');
  });
});
