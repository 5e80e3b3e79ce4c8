// The page contract: a page is a React Router route object whose `handle` says what the page is (its
// crumbs, head and heading) and the one list of API reads its first render makes, each marked public or
// personal. The shell's browser router mounts the objects as they are; the shell's server describes a
// page from the same objects (describe.ts: through a remote's server module, or in its own process for
// the shell's pages); the browser's early start and the router's loader start the list's personal reads
// (@lab/api startPageData); the page's hooks read the same keys. Types and pure helpers only: a
// browser build imports this without React's server renderer.
import type { ApiKey, ApiRead, StoredValues } from '@lab/api';
import type { Locale, TFunction } from '@lab/i18n';
import { matchRoutes, type RouteObject } from '@lab/router';
import type { PageMeta } from '@lab/ui';
import type { ComponentType } from 'react';

/** What a page's handle is told of the request: on the server from the answers it has, in the browser from SWR's cache. */
export type PageContext = {
  /** the route's parameters (`slug` ...) */
  params: Readonly<Record<string, string | undefined>>;
  /** the address's query */
  query: URLSearchParams;
  locale: Locale;
  /** the site's origin, for the page's absolute addresses */
  origin: string;
  /** the city whose prices the page shows (a first visit's on the server, the stored one in the browser), null when unknown */
  settlementId: number | null;
  /** an answer by its key: undefined while not asked for (or failed), null when the API said 404 */
  answer<T>(key: ApiKey): T | null | undefined;
  /** the page's own texts in the page's locale (the handle's namespace) */
  t: TFunction;
};

/**
 * One API read a page's first render makes. `public`: the same for every visitor, so the shell's server
 * asks for it and the first view carries the answer; `personal`: the visitor's, asked by the browser with
 * the page's code (a signed-in visitor's HTML starts it before any script), never by the server.
 */
export type DataCall = ApiRead & { access: 'public' | 'personal' };

export const publicRead = (read: ApiRead): DataCall => ({ ...read, access: 'public' });
export const personalRead = (read: ApiRead): DataCall => ({ ...read, access: 'personal' });

/** A crumb of the route; `path` is relative to the route's (`''`: the route itself). */
export type PageCrumb = {
  path: string;
  /** the label's key in the handle's namespace */
  labelKey: string;
  /** marks a label the page replaces with a real name (useBreadcrumbLabel) */
  id?: string;
  /** that real name from the page's data, for the server's first view */
  label?: (context: PageContext) => string | null | undefined;
  /**
   * The crumbs before this one when it is the page's own, in place of its address's: a page that lives
   * under another's address but belongs elsewhere (the confirmation after paying is under /checkout,
   * whose crumb would lead to an emptied checkout; it belongs with the orders).
   */
  parents?: readonly CrumbParent[];
};

/** A crumb put before a page's own (PageCrumb.parents): an absolute link and its label's key. */
export type CrumbParent = { link: string; labelKey: string };

/** What a route says of its page, read by the browser and the shell's server alike. */
export type PageHandle = {
  /** the i18n namespace of the labels and texts */
  ns: string;
  crumbs?: readonly PageCrumb[];
  /**
   * The reads the page's first render makes, public and personal. Asked again with each round's answers
   * on the server (a category needs the tree before its list).
   */
  data?: (context: PageContext) => readonly DataCall[];
  /** title, description, structured data: what the page's head says, from its data */
  head?: (context: PageContext) => PageMeta | null;
  /** the page's heading, for the server's first view */
  heading?: (context: PageContext) => string | null | undefined;
  /** the page does not exist (a slug the API does not know): the server answers 404 */
  notFound?: (context: PageContext) => boolean;
  /** whether a first visit's HTML may carry the page rendered (nothing personal on it) */
  preview?: boolean;
  /**
   * whether a signed-in visitor's HTML may carry the page drawn from their own personal reads (the
   * server asks for them with the visitor's cookies; the HTML is private to the visitor): a page whose
   * states each draw differently (an order's results: awaiting, partial, ready, corrected)
   */
  visitorsView?: boolean;
  /**
   * The public answers describe the page (its head, its crumb) but stay out of the HTML: a content page's
   * body is HTML of its own that no first view draws (the shell's article, news and document pages)
   */
  answersStayOut?: boolean;
};

/** A route of the site, relative to the locale: a React Router route object. */
export type PageRoute = {
  /** unique in the whole site: the owner's name first (`mf_catalog/category`, `shell/news-item`) */
  id: string;
  path?: string;
  index?: true;
  /** the page's component, loaded when the route is first shown */
  lazy: () => Promise<{ Component: ComponentType }>;
  handle: PageHandle;
  /** the pages under this one (its component shows them in an Outlet) */
  children?: readonly PageRoute[];
};

/** A remote's `./routes` module. */
export type PageRoutesModule = { routes: readonly PageRoute[] };

/** The full pattern of a crumb of a route under `parent` (`account` + `orders` = `/account/orders`). */
export function crumbPattern(routePath: string, crumbPath: string): string {
  const base = routePath.replace(/\/?\*$/, '');
  return `/${[base, crumbPath].filter(Boolean).join('/')}`;
}

/** Every route of a tree with its full path (`account/orders`), parents first. */
export function flatRoutes(routes: readonly PageRoute[], parent = ''): { route: PageRoute; path: string }[] {
  return routes.flatMap((route) => {
    const path = [parent, route.path ?? ''].filter(Boolean).join('/');
    return [{ route, path }, ...flatRoutes(route.children ?? [], path)];
  });
}

/** A route of a tree by its id. */
export const routeById = (routes: readonly PageRoute[], id: string): PageRoute | undefined =>
  flatRoutes(routes).find(({ route }) => route.id === id)?.route;

/** Every crumb of a tree of routes, with its full pattern. */
export function crumbsOf(routes: readonly PageRoute[]): { pattern: string; crumb: PageCrumb; ns: string }[] {
  return flatRoutes(routes).flatMap(({ route, path }) =>
    (route.handle.crumbs ?? []).map((crumb) => ({
      pattern: crumbPattern(path, crumb.path),
      crumb,
      ns: route.handle.ns,
    })),
  );
}

/** What a match needs of a route: the route objects, or their outline as a remote's build lists them. */
export type RouteOutline = { id: string; path?: string; index?: true; children?: readonly RouteOutline[] };

/** A page matched: the ids of its routes, parent first, and the parameters of the address. */
export type PageMatch = { routes: string[]; params: Record<string, string | undefined> };

/**
 * The routes of the page at `pathname` (without the locale), as React Router matches them: the one
 * matcher of the shell's server, the page's first script and the browser's router.
 */
export function matchPage(routes: readonly RouteOutline[], pathname: string): PageMatch | null {
  const matches = matchRoutes(routes as unknown as RouteObject[], pathname);
  const last = matches?.at(-1);
  if (!matches || !last) return null;
  return { routes: matches.map((match) => match.route.id ?? ''), params: { ...last.params } };
}

/** Where a remote deploys its server module, relative to its manifest. */
export const PAGE_SERVER_FILE = 'server/pages.js';

/** Where a remote's build lists its pages, relative to its manifest (packages/config PagesPlugin). */
export const PAGES_FILE = 'pages.json';

/**
 * pages.json: the first path segments the remote's pages are under, and each route (its id, path and
 * the scripts and style sheets of its page's code, the chunks it shares included), as its build found
 * them in its routes module.
 */
export type PagesManifest = {
  prefixes: string[];
  routes: PageFilesEntry[];
};

export type PageFilesEntry = RouteOutline & {
  scripts: string[];
  styles: string[];
  children?: PageFilesEntry[];
};

/** What the shell's server asks a page's server module about one page (matched already: `routes`). */
export type PageRequest = {
  /** the address without the locale prefix, with its query (`/search?query=...`) */
  url: string;
  /** the ids of the matched routes, parent first, and the parameters of the match */
  routes: readonly string[];
  params: Readonly<Record<string, string | undefined>>;
  locale: Locale;
  origin: string;
  settlementId: number | null;
  /** what the page's reads answered so far; `data` null: the API said 404 */
  answers: readonly { key: ApiKey; data: unknown }[];
  /** render the page's HTML (a first visit, without cookies); otherwise its frame, where it has one */
  preview: boolean;
  /**
   * the visitor is signed in: a page with `visitorsView` names its personal reads as calls too (the
   * server makes them with the visitor's cookies) and is drawn from their answers
   */
  signedIn?: boolean;
  /** a first visit's stored values (the city whose prices the answers carry) */
  stored: Partial<StoredValues>;
  /** no more rounds of reads: describe the page with what there is */
  final?: boolean;
};

/** A crumb as the server shows it: full pattern, label in the page's locale. */
export type PageCrumbLabel = {
  pattern: string;
  label: string;
  id?: string;
  parents?: { link: string; label: string }[];
};

export type DescribedPage = {
  kind: 'page';
  notFound: boolean;
  meta: PageMeta | null;
  heading: string | null;
  /** every crumb of the module's routes (the trail takes those on the path) */
  crumbs: PageCrumbLabel[];
  html: string | null;
  /** `html` is the page's frame (render.tsx PageFrames): nothing of the visitor, for every visitor */
  frame?: boolean;
  /** `html` is the page drawn from the signed-in visitor's own reads (PageHandle.visitorsView): for them only */
  visitors?: boolean;
  /** the page's personal reads, for a signed-in visitor's HTML to start */
  personal?: DataCall[];
  /** the public answers stay out of the HTML (PageHandle.answersStayOut) */
  answersStayOut?: boolean;
};

/** More reads to make first, the page, or null: no such route in this module. */
export type PageResult = { kind: 'calls'; calls: DataCall[] } | DescribedPage | null;

/** A page's server module: the shell's own in its process, a remote's sandboxed. */
export type PageServerModule = {
  describePage: (request: PageRequest) => PageResult | Promise<PageResult>;
};
