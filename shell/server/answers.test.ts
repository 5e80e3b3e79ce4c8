/** @jest-environment node */
import { apiKeys } from '@lab/api';
import { primedAnswers, renderPrimedAnswers } from './answers';
import type { Fetch } from './pageData';

/** A fake API: answers by the path of the URL, 404 (null) for unknown ones, an error for `failing`. */
function fakeApi(answers: Record<string, unknown>, failing: string[] = []): Fetch & { asked: string[] } {
  const asked: string[] = [];
  const get = async <T>(url: string) => {
    const { pathname } = new URL(url, 'http://api');
    asked.push(pathname);
    if (failing.some((part) => pathname.includes(part))) throw new Error('HTTP 500');
    const found = Object.entries(answers).find(([part]) => pathname.includes(part));
    return (found ? found[1] : null) as T | null;
  };
  return Object.assign(get, { asked });
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
