import type { Article, LabDocumentDetail, NewsArticle, SettlementsListResponse } from '@lab/api';
import { endpointUrl } from '@lab/api';
import type { Locale } from '@lab/i18n';
import { matchPath } from '@lab/router';
import type { PageMeta } from '@lab/ui';

/** What the server learns about a page from the API: its metadata, crumb labels, or that it is missing. */
export type PageData = { meta: PageMeta; crumbLabels: Record<string, string>; notFound?: boolean };

/** A call of the API: a GET, or a POST of `body`; its JSON answer, null for 404. */
export type Fetch = <T>(url: string, body?: object) => Promise<T | null>;

/** The API calls of one page request; each is made once (the head and the primed answers share them). */
export function apiFetcher(locale: Locale): Fetch {
  const answers = new Map<string, Promise<unknown>>();
  const call = async (url: string, body?: object): Promise<unknown> => {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: {
        'accept-language': locale,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  };
  return <T>(url: string, body?: object) => {
    const id = body ? `${url} ${JSON.stringify(body)}` : url;
    let answer = answers.get(id);
    if (!answer) {
      answer = call(url, body);
      answers.set(id, answer);
    }
    return answer as Promise<T | null>;
  };
}

/** The city list as the apps ask for it (spec section 7). */
export const settlementsUrl = () =>
  endpointUrl('settlementsList', undefined, { sort: 'top-branches-count', includePartners: 'true' });

let defaultSettlement: Promise<number | null> | null = null;

/** Prices on a crawled page are the first (largest) city's, as on a first visit (spec section 4). */
export function firstSettlementId(get: Fetch): Promise<number | null> {
  defaultSettlement ??= get<SettlementsListResponse>(settlementsUrl())
    .then((list) => list?.settlements[0]?.id ?? null)
    .catch(() => {
      defaultSettlement = null;
      return null;
    });
  return defaultSettlement;
}

const seoMeta = (
  title: string,
  seo: { title: string | null; description: string | null; keyWords: string | null },
  fallback?: string,
): PageMeta => ({
  title: seo.title ?? title,
  description: seo.description ?? fallback,
  keyWords: seo.keyWords ?? undefined,
});

const MISSING: PageData = { meta: {}, crumbLabels: {}, notFound: true };

type PageSource = (params: Readonly<Record<string, string | undefined>>, get: Fetch) => Promise<PageData>;

/**
 * The shell's own pages whose head and crumb come from the API, by their route's pattern
 * (shell/src/app/routes.tsx); a remote's pages are described by the remote (previews.ts).
 */
const SHELL_PAGES: readonly { pattern: string; source: PageSource }[] = [
  {
    pattern: '/news/:slug',
    source: async ({ slug = '' }, get) => {
      const item = await get<NewsArticle>(endpointUrl('newsBySlug', { slug }));
      if (!item) return MISSING;
      return { meta: seoMeta(item.title, item.seo, item.summary), crumbLabels: { 'news-item': item.title } };
    },
  },
  {
    pattern: '/documents/:slug',
    source: async ({ slug = '' }, get) => {
      const document = await get<LabDocumentDetail>(endpointUrl('documentBySlug', { slug }));
      if (!document) return MISSING;
      return { meta: seoMeta(document.title, document.seo), crumbLabels: { document: document.title } };
    },
  },
  {
    // the catch-all's content pages (about, getapp ...): one slug
    pattern: '/:type',
    source: async ({ type = '' }, get) => {
      const article = await get<Article>(endpointUrl('articleByType', { type }));
      return article ? { meta: seoMeta(article.title, article.seo), crumbLabels: {} } : MISSING;
    },
  },
];

/** First segments the shell routes to pages of its own that are no content page. */
const SHELL_ROUTES = new Set(['contacts', 'news', 'documents', 'equipment', '404']);

/**
 * The API data behind a page of the shell's own (a path without locale prefix) that crawlers should see
 * in the HTML head; `routed`: first segments the client routes to a remote (remotes.json), never looked
 * up as content pages.
 */
export async function pageData(
  path: string,
  locale: Locale,
  routed: ReadonlySet<string>,
  get = apiFetcher(locale),
): Promise<PageData | null> {
  const first = path.split('/')[1] ?? '';
  if (routed.has(first)) return null;
  for (const { pattern, source } of SHELL_PAGES) {
    const match = matchPath({ path: pattern, end: true }, path.replace(/\/+$/, '') || '/');
    if (!match) continue;
    if (pattern === '/:type' && (SHELL_ROUTES.has(first) || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(first))) return null;
    return source(match.params, get);
  }
  return null;
}
