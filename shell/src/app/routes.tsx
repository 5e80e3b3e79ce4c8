import { FALLBACK_LOCALE, LOCALES, localeFromPath, setLocale } from '@lab/i18n';
import type { PageRoute } from '@lab/pages/routes';
import { createBrowserRouter, Outlet, type RouteObject, useLocation } from '@lab/router';
import { useEffect } from 'react';
import { Layout } from '../features/layout';
import { PageScroll } from '../features/navigation';
import { PageError } from '../features/not-found';
import { addCrumbs, patchRemoteRoutes, RemoteSlot, type RouteParents } from '../features/remotes';
import { HeadManager, RouteHead } from '../features/seo';
import { shellRoutes } from './pages';

/** Keeps i18next and <html lang> in step with the locale segment of the path. */
function LocaleFromPath() {
  const { pathname } = useLocation();
  useEffect(() => {
    void setLocale(localeFromPath(pathname));
  }, [pathname]);
  return null;
}

/** What every page has around its layout: locale, scroll, head, and the UTM capture. */
function Root() {
  return (
    <>
      <LocaleFromPath />
      <PageScroll />
      <RouteHead />
      <HeadManager />
      <Outlet />
      {/* once per page, renders nothing: stores the landing URL's utm_ parameters (docs/product.md#orders) */}
      <RemoteSlot remote="mf_cart_checkout" module="UtmCapture" variant="compact" order="after-page" />
    </>
  );
}

/**
 * The shell's own pages (pages.ts), relative to the locale, as the router mounts them; the remotes'
 * pages are patched in beside them when first needed (remoteRoutes.tsx), from the prefixes each
 * remote's build lists. A page that throws while rendering, or whose code does not load, shows its error
 * inside the layout (a remote's page has its own slot).
 */
function shellPages(scope: string, routes: readonly PageRoute[] = shellRoutes): RouteObject[] {
  return routes.map((route) => {
    // a page whose code did not come (offline, refused by its digest) says so in the layout: a route
    // whose `lazy` failed would draw no page at all, nor the layout around it, on a first visit
    const lazy = () => route.lazy().catch(() => ({ Component: PageError }));
    const common = { id: `${scope}${route.id}`, lazy, handle: route.handle, errorElement: <PageError /> };
    return route.index ? { ...common, index: true } : { ...common, path: route.path };
  });
}

const OTHER_LOCALES = LOCALES.filter((locale) => locale !== FALLBACK_LOCALE);

/** The remotes' subtrees go beside the shell's pages: bare (ua) and under each other locale. */
const PARENTS: RouteParents = [
  { id: 'site', locale: null },
  ...OTHER_LOCALES.map((locale) => ({ id: `locale-${locale}`, locale })),
];

/** The page's one router: a data router over the shell's routes, the remotes' added on navigation. */
export function createAppRouter() {
  addCrumbs(shellRoutes);
  return createBrowserRouter(
    [
      {
        id: 'root',
        element: <Root />,
        children: [
          {
            id: 'site',
            element: <Layout />,
            children: [
              ...OTHER_LOCALES.map((locale) => ({
                id: `locale-${locale}`,
                path: locale,
                children: shellPages(`${locale}:`),
              })),
              ...shellPages(''),
            ],
          },
        ],
      },
    ],
    { patchRoutesOnNavigation: patchRemoteRoutes(PARENTS) },
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The pattern of the page the router shows (`/analysis/:slug`), without the locale's prefix: what a
 * real-user report names, never the visited path with its identifiers.
 */
export function routePattern(matches: readonly { route: { id?: string; path?: string } }[]): string {
  const parts = matches
    .filter((match) => !match.route.id?.startsWith('locale-'))
    .map((match) => match.route.path ?? '')
    .filter((path) => path !== '' && path !== '/');
  return `/${parts.join('/')}`.replace(/\/{2,}/g, '/');
}

/** Resolves once the router has matched the first address (a remote's routes loaded if it needs them). */
export function whenRouterReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
