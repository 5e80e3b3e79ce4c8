/** @jest-environment node */
import { apiKeys } from '@lab/api';
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
const at = (path: string, locale: 'ua' | 'ru' = 'ua'): PageRequest => ({ path, locale, guest: false });

const settlements = { settlements: [{ id: 9, title: 'Київ', sourceId: 'kyiv' }], branchCount: 1 };
const menus = [{ type: 'header', items: [] }];

describe('the API answers put into the page', () => {
  it('gives every page the city list and the menus under the keys the hooks read', async () => {
    const answers = await primedAnswers(at('/', 'ru'), fakeApi({ settlements, menus }));
    expect(answers).toEqual([
      { key: apiKeys.settlements('ru'), data: settlements },
      { key: apiKeys.menus('ru'), data: menus },
    ]);
  });

  it("asks nothing of a remote's own: a remote's page names its calls in its route (previews.ts)", async () => {
    const api = fakeApi({ settlements, menus, tree: { services: [], packageServices: [] } });
    const answers = await primedAnswers(at('/analyzes/hematology', 'ua'), api);
    expect(answers.map((answer) => answer.key[0])).toEqual(['settlements', 'menus']);
  });

  it("gives a browser without cookies the guest's session, and nobody else a session", async () => {
    const guest = { canLogin: true };
    const first = await primedAnswers({ ...at('/cart'), guest: true }, fakeApi({ settlements, menus, '/info': guest }));
    expect(first).toContainEqual({ key: apiKeys.session(), data: guest });
    const back = await primedAnswers(at('/cart'), fakeApi({ settlements, menus, '/info': guest }));
    expect(back.map((answer) => answer.key[0])).not.toContain('session');
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
