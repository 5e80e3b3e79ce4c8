import { initI18n } from '@lab/i18n';
import type { PageContext, PageRoute } from '@lab/pages/routes';
import { startLanding } from './landing';

const NoPage = () => null;

beforeAll(() => initI18n('ua'));

/** Routes whose data lists and code record what the page's first script asked of them. */
function routes(asked: string[]): PageRoute[] {
  const route = (id: string, path: string | undefined, children?: PageRoute[]): PageRoute => ({
    id,
    ...(path === undefined ? { index: true as const } : { path }),
    lazy: async () => {
      asked.push(`code ${id}`);
      return { Component: NoPage };
    },
    handle: {
      ns: 'test',
      data: ({ params, query, locale }: PageContext) => {
        asked.push(`data ${id} ${JSON.stringify(params)} ${query.get('orderId')} ${locale}`);
        return [];
      },
    },
    ...(children && { children }),
  });
  return [
    route('mf_test/result', 'checkout/result'),
    route('mf_test/account', 'account', [route('mf_test/home', undefined), route('mf_test/results', 'results/:id')]),
  ];
}

describe("the landing page's start, before the router runs", () => {
  it("reads the data lists of the routes React Router's matcher finds, parent first, and asks for their code", async () => {
    const asked: string[] = [];
    await startLanding('mf_test', routes(asked), {
      pathname: '/account/results/12',
      search: '',
      landed: '/ru/account/results/12',
    });
    expect(asked).toEqual([
      'data mf_test/account {"id":"12"} null ru',
      'data mf_test/results {"id":"12"} null ru',
      'code mf_test/account',
      'code mf_test/results',
    ]);
  });

  it("tells a page its address's query, and starts nothing where no route matches", async () => {
    const asked: string[] = [];
    await startLanding('mf_test', routes(asked), {
      pathname: '/checkout/result',
      search: '?orderId=7',
      landed: '/checkout/result',
    });
    expect(asked).toEqual(['data mf_test/result {} 7 ua', 'code mf_test/result']);
    const none: string[] = [];
    await startLanding('mf_test', routes(none), { pathname: '/checkout/result/x', search: '', landed: '/' });
    expect(none).toEqual([]);
  });
});
