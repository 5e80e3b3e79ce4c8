import type { Locale } from '@lab/i18n';
import { useLocale } from '@lab/i18n';
import { api } from '../clients/api';
import type { SearchBody, SearchGroupType, SearchResponse } from '../contract/search';
import { apiKeys } from './keys';
import { type ApiResponse, useApiSWR } from './swr';

/** What the header's dropdown searches. */
export const DROPDOWN_SEARCH_TYPES: readonly SearchGroupType[] = ['services', 'service-packages', 'service-groups'];

/** The search page's groups, in the page's order, and its hits per group and per "show more". */
export const SEARCH_PAGE_TYPES: readonly SearchGroupType[] = [
  'services',
  'service-packages',
  'service-groups',
  'branches',
];
export const SEARCH_PAGE_SIZE = 10;

export type SearchOptions = { types?: readonly SearchGroupType[]; page?: number; size?: number };

/**
 * One search as the hook asks for it: its SWR key and the request's body. The shell's server puts the
 * search page's first answer into the HTML under the same key (shell/server/answers.ts).
 */
export function searchRequest(
  text: string,
  settlementId: number,
  { types = DROPDOWN_SEARCH_TYPES, page = 0, size }: SearchOptions,
  locale: Locale,
) {
  const body: SearchBody = { query: text, settlementId, types: [...types], page, ...(size ? { size } : {}) };
  return { key: [...apiKeys.search(text, settlementId, types, locale), page] as const, body };
}

/**
 * Live search; pass the debounced query (500 ms, spec section 9). An empty query skips the request,
 * and a newer query's answer replaces an older one's even if the older arrives later.
 */
export function useSearch(
  query: string,
  settlementId: number | null,
  { types = DROPDOWN_SEARCH_TYPES, page = 0, size }: SearchOptions = {},
): ApiResponse<SearchResponse> {
  const locale = useLocale();
  const text = query.trim();
  const request =
    text && settlementId != null ? searchRequest(text, settlementId, { types, page, size }, locale) : null;
  // SWR calls the fetcher only for a key, that is with a request
  return useApiSWR(request?.key ?? null, () => api.search.query(request?.body as SearchBody), {
    keepPreviousData: true,
  });
}
