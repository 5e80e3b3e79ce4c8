// A remote's pages as data: React Router route objects for its subtree, each with a `handle` that says
// what the page is (its crumbs, head, heading) and what its first render reads. The shell's browser
// router mounts them as they are; the shell's server asks the remote's server module (index.tsx) about
// a page, which answers from the same objects. Types and pure helpers only: the browser build of a
// remote imports this without React's server renderer.
import type { ApiKey, StoredValues } from '@lab/api';
import type { Locale, TFunction } from '@lab/i18n';
import type { PageMeta } from '@lab/ui';
import type { ComponentType } from 'react';

/** What a page definition is told of the request: on the server from the primed answers. */
export type PageContext = {
  /** the route's parameters (`slug` ...) */
  params: Readonly<Record<string, string | undefined>>;
  /** the address's query */
  query: URLSearchParams;
  locale: Locale;
  /** the site's origin, for the page's absolute addresses */
  origin: string;
  /** the city whose prices the page shows (a first visit's), null when unknown */
  settlementId: number | null;
  /** an answer by its key: undefined while not asked for (or failed), null when the API said 404 */
  answer<T>(key: ApiKey): T | null | undefined;
  /** the remote's own texts in the page's locale (the handle's namespace) */
  t: TFunction;
};

/** One API call a page's first render makes: its SWR key and the request that answers it. */
export type PrimeCall = { key: ApiKey; url: string; body?: object };

/** A crumb of the route's subtree; `path` is relative to the route's (`''`: the route itself). */
export type PageCrumb = {
  path: string;
  /** the label's key in the handle's namespace */
  labelKey: string;
  /** marks a label the page replaces with a real name (useBreadcrumbLabel) */
  id?: string;
  /** that real name from the page's data, for the server's first view */
  label?: (context: PageContext) => string | null | undefined;
};

/** What a route says of its page, read by the shell in the browser and on the server. */
export type PageHandle = {
  /** the i18n namespace of the labels */
  ns: string;
  crumbs?: readonly PageCrumb[];
  /** the calls the first render makes; asked again with each round's answers (a category needs the tree first) */
  prime?: (context: PageContext) => readonly PrimeCall[];
  /** title, description, structured data: the page declares the same through usePageMeta */
  head?: (context: PageContext) => PageMeta | null;
  /** the page's heading, for the server's first view */
  heading?: (context: PageContext) => string | null | undefined;
  /** the page does not exist (a slug the API does not know): the server answers 404 */
  notFound?: (context: PageContext) => boolean;
  /** whether a first visit's HTML may carry the page rendered (nothing personal on it) */
  preview?: boolean;
  /**
   * In the browser, when the router matches the page: starts what its first render asks for and the
   * server does not prime (a personal answer), in parallel with the page's code (@lab/api `preloadOrder`)
   */
  preload?: (context: PreloadContext) => void;
  /**
   * The GETs of a personal answer that `preload` starts (the server asks for nothing of a visitor's):
   * the shell's server has a signed-in visitor's page start them from its HTML, before any script,
   * and @lab/api hands their answers to the client's first request for the same address
   */
  personal?: (context: PageContext) => readonly PrimeCall[];
};

/** What a route's `preload` is told of the address the router matched. */
export type PreloadContext = {
  params: Readonly<Record<string, string | undefined>>;
  query: URLSearchParams;
};

/** A route of a remote's subtree, relative to the locale: a React Router route object. */
export type PageRoute = {
  /** unique in the whole site: the remote's name first (`mf_catalog/category`) */
  id: string;
  path: string;
  /** the page's component, loaded when the route is first shown */
  lazy: () => Promise<{ Component: ComponentType }>;
  handle: PageHandle;
};

/** A remote's `./routes` module. */
export type PageRoutesModule = { routes: readonly PageRoute[] };

/** The full pattern of a crumb of a route (`account/*` + `orders` = `/account/orders`). */
export function crumbPattern(routePath: string, crumbPath: string): string {
  const base = routePath.replace(/\/?\*$/, '');
  return `/${[base, crumbPath].filter(Boolean).join('/')}`;
}

/** Where a remote deploys its server module, relative to its manifest. */
export const PAGE_SERVER_FILE = 'server/preview.js';

/** What the shell's server asks a remote's server module about one page. */
export type RemotePageRequest = {
  /** the address without the locale prefix, with its query (`/search?query=...`) */
  url: string;
  locale: Locale;
  origin: string;
  settlementId: number | null;
  /** what the module's calls answered so far; `data` null: the API said 404 */
  answers: readonly { key: ApiKey; data: unknown }[];
  /** render the page's HTML (a first visit, without cookies); otherwise its frame, where it has one */
  preview: boolean;
  /** a first visit's stored values (the city whose prices the answers carry) */
  stored: Partial<StoredValues>;
  /** no more rounds of calls: describe the page with what there is */
  final?: boolean;
};

/** A crumb as the server shows it: full pattern, label in the page's locale. */
export type RemotePageCrumb = { pattern: string; label: string; id?: string };

export type RemotePage = {
  kind: 'page';
  route: string;
  notFound: boolean;
  meta: PageMeta | null;
  heading: string | null;
  /** every crumb of the remote's subtree (the trail takes those on the path) */
  crumbs: RemotePageCrumb[];
  html: string | null;
  /** `html` is the page's frame (index.tsx PageFrames): nothing of the visitor, for every visitor */
  frame?: boolean;
  /** the page's personal GETs (its handle's `personal`), for a signed-in visitor's HTML to start */
  personal?: PrimeCall[];
};

/** More calls to make first, the page, or null: no route of this remote at the address. */
export type RemotePageResult = { kind: 'calls'; calls: PrimeCall[] } | RemotePage | null;

export type RemoteServerModule = {
  describePage: (request: RemotePageRequest) => RemotePageResult | Promise<RemotePageResult>;
};
