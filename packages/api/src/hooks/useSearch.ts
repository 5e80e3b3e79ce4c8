import { useLocale } from '@lab/i18n';
import { api } from '../clients/api';
import type { SearchGroupType, SearchResponse } from '../contract/search';
import { apiKeys } from './keys';
import { type ApiResponse, useApiSWR } from './swr';

/** What the header's dropdown searches. */
export const DROPDOWN_SEARCH_TYPES: readonly SearchGroupType[] = ['services', 'service-packages', 'service-groups'];

export type SearchOptions = { types?: readonly SearchGroupType[]; page?: number; size?: number };

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
  const key =
    text && settlementId != null ? ([...apiKeys.search(text, settlementId, types, locale), page] as const) : null;
  return useApiSWR(
    key,
    ([, searchText, id]) =>
      api.search.query({ query: searchText, settlementId: id, types: [...types], page, ...(size ? { size } : {}) }),
    { keepPreviousData: true },
  );
}
