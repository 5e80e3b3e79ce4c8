import { FALLBACK_LOCALE, LOCALES, localeFromPath, setLocale } from '@lab/i18n';
import { createBrowserRouter, Outlet, type RouteObject, useLocation } from '@lab/router';
import { type ReactElement, useEffect } from 'react';
import { ContactsPage } from '../features/contacts';
import { ArticlePage, ContentRoute } from '../features/content';
import { DocumentPage, DocumentsPage } from '../features/documents';
import { EquipmentPage } from '../features/equipment';
import { HomePage } from '../features/home';
import { Layout } from '../features/layout';
import { PageScroll } from '../features/navigation';
import { NewsItemPage, NewsListPage } from '../features/news';
import { NotFoundPage, PageError } from '../features/not-found';
import { patchRemoteRoutes, RemoteSlot, type RouteParents } from '../features/remotes';
import { HeadManager } from '../features/seo';

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
      <HeadManager />
      <Outlet />
      {/* once per page, renders nothing: stores the landing URL's utm_ parameters (spec section 4) */}
      <RemoteSlot remote="mf_cart_checkout" module="UtmCapture" variant="compact" order="after-page" />
    </>
  );
}

/**
 * The shell's own pages of spec section 2, relative to the locale; the remotes' pages are patched in
 * beside them when first needed (remoteRoutes.tsx), from the prefixes remotes.json gives each remote.
 */
function shellPages(scope: string): RouteObject[] {
  // a page that throws while rendering shows its error inside the layout (a remote's page has its own slot)
  const page = (path: string, element: ReactElement): RouteObject => ({
    id: `${scope}${path}`,
    path,
    element,
    errorElement: <PageError />,
  });
  return [
    { id: `${scope}home`, index: true, element: <HomePage />, errorElement: <PageError /> },
    page('contacts', <ContactsPage />),
    page('news', <NewsListPage />),
    page('news/:slug', <NewsItemPage />),
    page('documents', <DocumentsPage />),
    page('documents/:slug', <DocumentPage />),
    page('equipment', <EquipmentPage />),
    page('about', <ArticlePage type="about" />),
    page('getapp', <ArticlePage type="getapp" />),
    page('404', <NotFoundPage />),
    // content pages by slug, a remote that could not be loaded, and the not-found view for the rest
    page('*', <ContentRoute />),
  ];
}

const OTHER_LOCALES = LOCALES.filter((locale) => locale !== FALLBACK_LOCALE);

/** The remotes' subtrees go beside the shell's pages: bare (ua) and under each other locale. */
const PARENTS: RouteParents = [
  { id: 'site', locale: null },
  ...OTHER_LOCALES.map((locale) => ({ id: `locale-${locale}`, locale })),
];

/** The page's one router: a data router over the shell's routes, the remotes' added on navigation. */
export function createAppRouter() {
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
