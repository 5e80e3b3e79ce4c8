import { initI18n, setLocale } from '@lab/i18n';
import type { PageRoute } from '@lab/pages/routes';
import { createMemoryRouter, Outlet, RouterProvider } from '@lab/router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../app/i18n';
import { ContentRoute } from '../content';
import { forgetPageCode } from './pageCode';
import { resetPageFirst } from './pageFirst';
import { loadExposed, registerRemotesOnce } from './registry';
import {
  forgetRemoteRoutes,
  patchRemoteRoutes,
  type RouteParents,
  routerStarted,
  useRouteCrumbs,
} from './remoteRoutes';

jest.mock('./registry', () => ({ loadExposed: jest.fn(), registerRemotesOnce: jest.fn() }));
jest.mock('../content', () => {
  // the real catch-all, without the article lookup it falls back to
  const actual = jest.requireActual('../content/ContentRoute');
  return { ContentRoute: actual.ContentRoute };
});
jest.mock('../city', () => ({ CityFromPath: ({ otherwise }: { otherwise: React.ReactNode }) => otherwise }));
jest.mock('./../content/ArticlePage', () => ({ ArticlePage: () => <h1>Стаття</h1> }));

// jsdom has no Fetch API; a data router makes a Request per navigation and reads its url and signal
if (typeof globalThis.Request === 'undefined') {
  globalThis.Request = class {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal | undefined;
    constructor(url: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(url);
      this.method = init.method ?? 'GET';
      this.signal = init.signal;
    }
  } as unknown as typeof Request;
}

const load = loadExposed as jest.MockedFunction<typeof loadExposed>;
const registered = registerRemotesOnce as jest.MockedFunction<typeof registerRemotesOnce>;

function CategoryPage() {
  return <h1>Категорія з каталогу</h1>;
}

/** A route with pages under it, and its pages. */
function Section() {
  return <Outlet />;
}
function SectionHome() {
  return <h1>Головна розділу</h1>;
}
function SectionPage() {
  return <h1>Сторінка розділу</h1>;
}

const catalogueRoutes: PageRoute[] = [
  {
    id: 'mf_catalog/category',
    path: 'analyzes/:slug',
    lazy: async () => ({ Component: CategoryPage }),
    handle: { ns: 'catalog', crumbs: [{ path: '', labelKey: 'crumbs.category', id: 'category' }] },
  },
];

function Crumbs() {
  return (
    <p data-testid="crumbs">
      {useRouteCrumbs()
        .map((crumb) => crumb.pattern)
        .join(' ')}
    </p>
  );
}

const PARENTS: RouteParents = [
  { id: 'site', locale: null },
  { id: 'locale-ru', locale: 'ru' },
];

function site(path: string) {
  const page = (scope: string) => [
    { id: `${scope}news`, path: 'news', element: <h1>Новини</h1> },
    { id: `${scope}*`, path: '*', element: <ContentRoute /> },
  ];
  return createMemoryRouter(
    [
      {
        id: 'site',
        element: (
          <>
            <Crumbs />
            <Outlet />
          </>
        ),
        children: [{ id: 'locale-ru', path: 'ru', children: page('ru:') }, ...page('')],
      },
    ],
    { initialEntries: [path], patchRoutesOnNavigation: patchRemoteRoutes(PARENTS) },
  );
}

beforeAll(async () => {
  initI18n('ua');
  await setLocale('ua');
});

beforeEach(() => {
  forgetRemoteRoutes();
  forgetPageCode();
  resetPageFirst();
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  registered.mockResolvedValue({
    mf_catalog: { manifest: 'http://cdn/catalog/mf-manifest.json', routes: ['analyzes', 'analysis'] },
  });
});

describe("the remotes' pages in the shell's router", () => {
  it("loads a remote's routes when a path under its prefix is first asked for, bare and under /ru", async () => {
    load.mockResolvedValue({ routes: catalogueRoutes } as never);
    render(<RouterProvider router={site('/ru/analyzes/hematology')} />);
    expect(await screen.findByRole('heading', { name: 'Категорія з каталогу' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_catalog', 'routes', false);
    expect(screen.getByTestId('crumbs')).toHaveTextContent('/analyzes/:slug');
  });

  it("reads a page's data list when the router matches it, before the page's code is asked for", async () => {
    const order: string[] = [];
    const data = jest.fn(({ params, query }: { params: { slug?: string }; query: URLSearchParams }) => {
      order.push(`data ${params.slug} ${query.get('page')}`);
      return [];
    });
    const withData: PageRoute[] = catalogueRoutes.map((route) => ({
      ...route,
      // a page of its own: the slot keeps one lazy component per page (RemoteSlot.tsx)
      id: 'mf_catalog/category-with-data',
      lazy: async () => {
        order.push('page code');
        return { Component: CategoryPage };
      },
      handle: { ...route.handle, data },
    }));
    load.mockResolvedValue({ routes: withData } as never);
    render(<RouterProvider router={site('/analyzes/hematology?page=2')} />);
    expect(await screen.findByRole('heading', { name: 'Категорія з каталогу' })).toBeInTheDocument();
    expect(order).toEqual(['data hematology 2', 'page code']);
  });

  it('shows the page when its data list throws', async () => {
    const throwing: PageRoute[] = catalogueRoutes.map((route) => ({
      ...route,
      handle: {
        ...route.handle,
        data: () => {
          throw new Error('a remote bug');
        },
      },
    }));
    load.mockResolvedValue({ routes: throwing } as never);
    render(<RouterProvider router={site('/analyzes/hematology')} />);
    expect(await screen.findByRole('heading', { name: 'Категорія з каталогу' })).toBeInTheDocument();
  });

  it("mounts a route's pages as its child routes, shown in its Outlet, with their crumbs", async () => {
    const account: PageRoute[] = [
      {
        id: 'mf_catalog/account',
        path: 'analysis',
        lazy: async () => ({ Component: Section }),
        handle: { ns: 'catalog', crumbs: [{ path: '', labelKey: 'crumbs.parent' }] },
        children: [
          {
            id: 'mf_catalog/home',
            index: true,
            lazy: async () => ({ Component: SectionHome }),
            handle: { ns: 'catalog' },
          },
          {
            id: 'mf_catalog/orders',
            path: 'orders/:id',
            lazy: async () => ({ Component: SectionPage }),
            handle: { ns: 'catalog', crumbs: [{ path: '', labelKey: 'crumbs.child' }] },
          },
        ],
      },
    ];
    load.mockResolvedValue({ routes: account } as never);
    render(<RouterProvider router={site('/analysis/orders/7')} />);
    expect(await screen.findByRole('heading', { name: 'Сторінка розділу' })).toBeInTheDocument();
    expect(screen.getByTestId('crumbs')).toHaveTextContent('/analysis /analysis/orders/:id');
  });

  it("on a navigation, waits for the next page's code under the address being left, then draws it at once", async () => {
    let arrive: () => void = () => {};
    const slow: PageRoute[] = catalogueRoutes.map((route) => ({
      ...route,
      id: 'mf_catalog/category-slow',
      lazy: () =>
        new Promise((resolve) => {
          arrive = () => resolve({ Component: CategoryPage });
        }),
    }));
    load.mockResolvedValue({ routes: slow } as never);
    const router = site('/news');
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Новини' })).toBeInTheDocument();
    routerStarted();
    act(() => {
      void router.navigate('/analyzes/hematology');
    });
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    // the page being left is drawn as it was, under its own address, while the next page's code is on its way
    expect(router.state.location.pathname).toBe('/news');
    expect(screen.getByRole('heading', { name: 'Новини' })).toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'Категорія з каталогу' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/analyzes/hematology');
  });

  it("leaves the shell's own pages alone: no remote is loaded for them", async () => {
    render(<RouterProvider router={site('/news')} />);
    expect(await screen.findByRole('heading', { name: 'Новини' })).toBeInTheDocument();
    render(<RouterProvider router={site('/about-us')} />);
    expect(await screen.findByRole('heading', { name: 'Стаття' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it("shows a dead remote's fallback in the page, not a missing page, and its retry asks again", async () => {
    load.mockRejectedValueOnce(new Error('remote down')).mockResolvedValueOnce({ routes: catalogueRoutes } as never);
    render(<RouterProvider router={site('/analyzes/hematology')} />);
    const fallback = await screen.findByRole('alert');
    expect(fallback).toHaveTextContent('Цей розділ тимчасово недоступний');
    expect(fallback).toHaveAttribute('data-remote-fallback', 'mf_catalog');
    await act(async () => userEvent.click(screen.getByRole('button', { name: 'Спробувати ще раз' })));
    expect(await screen.findByRole('heading', { name: 'Категорія з каталогу' })).toBeInTheDocument();
    // the second load forces the remote's registration anew (a redeployed manifest)
    expect(load).toHaveBeenLastCalledWith('mf_catalog', 'routes', true);
  });
});
