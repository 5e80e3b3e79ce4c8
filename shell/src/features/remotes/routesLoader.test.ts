import type { PageRoute } from '@lab/pages/routes';
import { paramsAt, routeAt } from './routesLoader';

const NoPage = () => null;

const route = (path: string): PageRoute => ({
  id: `mf_test/${path}`,
  path,
  lazy: async () => ({ Component: NoPage }),
  handle: { ns: 'test' },
});

const routes = [route('analysis/:slug'), route('checkout/result'), route('account/*')];

describe('the landing page in a remote’s routes, before the router runs', () => {
  it('is the route that matches the segments, with its parameters', () => {
    const analysis = routeAt(routes, ['analysis', 'ferytyn%20test']);
    expect(analysis?.path).toBe('analysis/:slug');
    expect(paramsAt(analysis as PageRoute, ['analysis', 'ferytyn%20test'])).toEqual({ slug: 'ferytyn test' });
    const account = routeAt(routes, ['account', 'orders', '12']);
    expect(paramsAt(account as PageRoute, ['account', 'orders', '12'])).toEqual({ '*': 'orders/12' });
    expect(paramsAt(routeAt(routes, ['checkout', 'result']) as PageRoute, ['checkout', 'result'])).toEqual({});
    expect(routeAt(routes, ['checkout', 'result', 'x'])).toBeNull();
  });
});
