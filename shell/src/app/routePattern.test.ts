import { routePattern } from './routes';

describe('the route pattern a real-user report names', () => {
  it('joins the matched routes’ paths, without the locale prefix or identifiers', () => {
    const analysis = [
      { route: { id: 'root' } },
      { route: { id: 'site' } },
      { route: { id: 'locale-ru', path: 'ru' } },
      { route: { id: 'ru:mf_catalog/service', path: 'analysis/:slug' } },
    ];
    expect(routePattern(analysis)).toBe('/analysis/:slug');
    expect(
      routePattern([{ route: { id: 'root' } }, { route: { id: 'site' } }, { route: { id: 'home', path: '/' } }]),
    ).toBe('/');
    expect(routePattern([{ route: { id: 'site' } }, { route: { id: 'account', path: 'account/*' } }])).toBe(
      '/account/*',
    );
  });
});
