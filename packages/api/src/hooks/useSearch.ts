import { useLocale } from '@lab/i18n';
import type { SearchGroupType, SearchResponse } from '../contract/search';
import { fetchRead, reads, type SearchOptions } from './reads';
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

/**
 * Live search; pass the debounced query (500 ms, docs/product.md#constants). An empty query skips the request,
 * and a newer query's answer replaces an older one's even if the older arrives later.
 */
export function useSearch(
  query: string,
  settlementId: number | null,
  { types = DROPDOWN_SEARCH_TYPES, page = 0, size }: Partial<SearchOptions> = {},
): ApiResponse<SearchResponse> {
  const locale = useLocale();
  const text = query.trim();
  const read = text && settlementId != null ? reads.search(text, settlementId, { types, page, size }, locale) : null;
  // SWR calls the fetcher only for a key, that is with a read
  return useApiSWR(read?.key ?? null, () => fetchRead<SearchResponse>(read as NonNullable<typeof read>), {
    keepPreviousData: true,
  });
}
