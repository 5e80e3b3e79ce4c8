/**
 * The API reads a page names as data: the SWR key its hook reads, and the endpoint call that answers it.
 * One definition for every party that asks for a page's data: its hook, the shell's server (the first
 * view's answers), a route's data list (@lab/pages) and the browser's early start (pageData.ts).
 */
import type { Locale } from '@lab/i18n';
import type { ServiceListFilter } from '../clients/areas/services';
import { serviceListBody } from '../clients/areas/services';
import { apiBase, CLIENT_PREFIXES } from '../clients/config';
import { queryString } from '../clients/http';
import { fillPath, send } from '../clients/send';
import type { SearchGroupType } from '../contract/search';
import { type EndpointKey, endpoints } from '../endpoints';
import { apiKeys } from './keys';
import type { ApiKey } from './swr';

/** One read: its key, its endpoint (docs/product.md#calls) and what the call carries. */
export type ApiRead = {
  key: ApiKey;
  endpoint: EndpointKey;
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, string | number | boolean>>;
  body?: object;
};

/** A search's groups, page and page size (the hook's defaults are the header dropdown's). */
export type SearchOptions = { types: readonly SearchGroupType[]; page?: number; size?: number };

export const reads = {
  settlements: (locale: Locale): ApiRead => ({
    key: apiKeys.settlements(locale),
    endpoint: 'settlementsList',
    query: { sort: 'top-branches-count', includePartners: true },
  }),
  menus: (locale: Locale): ApiRead => ({
    key: apiKeys.menus(locale),
    endpoint: 'menus',
    query: { types: 'header,footer' },
  }),
  session: (): ApiRead => ({ key: apiKeys.session(), endpoint: 'sessionInfo' }),
  serviceGroupTree: (locale: Locale): ApiRead => ({
    key: apiKeys.serviceGroupTree(locale),
    endpoint: 'serviceGroupTree',
  }),
  serviceBySlug: (slug: string, settlementId: number, locale: Locale): ApiRead => ({
    key: apiKeys.serviceBySlug(slug, settlementId, locale),
    endpoint: 'serviceBySlug',
    params: { slug },
    query: { settlementId },
  }),
  serviceList: (filter: ServiceListFilter, size: number, page: number, locale: Locale): ApiRead => ({
    key: apiKeys.serviceList(filter, size, page, locale),
    endpoint: 'serviceList',
    query: { page, size },
    body: serviceListBody(filter),
  }),
  /** One search as the hook asks for it (the page number is the key's last part). */
  search: (text: string, settlementId: number, { types, page = 0, size }: SearchOptions, locale: Locale): ApiRead => ({
    key: [...apiKeys.search(text, settlementId, types, locale), page],
    endpoint: 'search',
    body: { query: text, settlementId, types: [...types], page, ...(size ? { size } : {}) },
  }),
  /** One order's results (a registry), as `useRegistry` reads them. */
  registry: (registryId: number, locale: Locale): ApiRead => ({
    key: apiKeys.registry(registryId, locale),
    endpoint: 'registry',
    params: { id: registryId },
  }),
  order: (orderId: string, locale: Locale): ApiRead => ({
    key: apiKeys.order(orderId, locale),
    endpoint: 'orderGet',
    params: { orderId },
  }),
  /** The mobile app's store links (the same in every language). */
  mobileApp: (): ApiRead => ({ key: apiKeys.mobileApp(), endpoint: 'mobileApp' }),
  article: (type: string, locale: Locale): ApiRead => ({
    key: apiKeys.article(type, locale),
    endpoint: 'articleByType',
    params: { type },
  }),
  newsItem: (slug: string, locale: Locale): ApiRead => ({
    key: apiKeys.newsItem(slug, locale),
    endpoint: 'newsBySlug',
    params: { slug },
  }),
  document: (slug: string, locale: Locale): ApiRead => ({
    key: apiKeys.document(slug, locale),
    endpoint: 'documentBySlug',
    params: { slug },
  }),
};

/** The read's address on the site's own API (`/api/public/...?...`), as the browser asks for it. */
export function readPath({ endpoint, params, query }: ApiRead): string {
  const { client, path } = endpoints[endpoint];
  return `${CLIENT_PREFIXES[client]}${fillPath(path, params)}${queryString(query)}`;
}

/** The read's address where the API is (the page's setting, or the server's API_BASE). */
export const readUrl = (read: ApiRead): string => `${apiBase()}${readPath(read)}`;

/** Whether a read is a GET (the only kind a page's HTML may start, and the server may ask without a body). */
export const isGet = (read: Pick<ApiRead, 'endpoint'>): boolean => endpoints[read.endpoint]?.method === 'GET';

/** The read as the clients make it (the session cookie, the page's language, failures as ApiError). */
export function fetchRead<T>(read: ApiRead, signal?: AbortSignal): Promise<T> {
  const input = { params: read.params, query: read.query, body: read.body, signal };
  return send(read.endpoint, input as never) as Promise<T>;
}
