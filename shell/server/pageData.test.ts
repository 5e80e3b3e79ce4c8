/** @jest-environment node */
import { type Fetch, pageData } from './pageData';

/** A fake API by path; `null` for what it does not know (404). */
function fakeApi(answers: Record<string, unknown>): Fetch & { asked: string[] } {
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
const ROUTED = new Set(['analyzes', 'analysis', 'search', 'cart', 'checkout', 'account']);

describe("the API data of the shell's own pages", () => {
  it('gives a news item its title, description and crumb name, and a missing one not found', async () => {
    const api = fakeApi({ '/news/slug/flu': { title: 'Грип', summary: 'Щеплення', seo } });
    expect(await pageData('/news/flu', 'ua', ROUTED, api)).toEqual({
      meta: { title: 'Грип', description: 'Щеплення', keyWords: undefined },
      crumbLabels: { 'news-item': 'Грип' },
    });
    expect(await pageData('/news/none', 'ua', ROUTED, api)).toMatchObject({ notFound: true });
  });

  it('gives a document its crumb name, and a content page by its one slug', async () => {
    const api = fakeApi({
      '/documents/slug/license': { title: 'Ліцензія', seo },
      '/type/about/': { title: 'Про нас', seo },
    });
    expect(await pageData('/documents/license', 'ua', ROUTED, api)).toMatchObject({
      crumbLabels: { document: 'Ліцензія' },
    });
    expect(await pageData('/about/', 'ua', ROUTED, api)).toMatchObject({ meta: { title: 'Про нас' } });
    expect(await pageData('/no-such-page', 'ua', ROUTED, api)).toMatchObject({ notFound: true });
  });

  it("asks nothing for a remote's prefix, the shell's list pages, or a deeper unknown path", async () => {
    const api = fakeApi({});
    for (const path of ['/analyzes', '/analysis/ferytyn', '/cart', '/contacts', '/news', '/equipment', '/a/b/c', '/']) {
      expect(await pageData(path, 'ua', ROUTED, api)).toBeNull();
    }
    expect(api.asked).toEqual([]);
  });
});
