import { useLocale } from '@lab/i18n';
import { api } from '../clients/api';
import type { Branch, SettlementsListResponse } from '../contract/settlements';
import { apiKeys } from './keys';
import { fetchRead, reads } from './reads';
import { type ApiResponse, STATIC_DATA, useApiSWR } from './swr';

export function useSettlements(): ApiResponse<SettlementsListResponse> {
  const locale = useLocale();
  const read = reads.settlements(locale);
  return useApiSWR(read.key, () => fetchRead<SettlementsListResponse>(read), STATIC_DATA);
}

/** Branches of one city; no request while the city is unknown. */
export function useSettlementBranches(settlementId: number | null): ApiResponse<Branch[]> {
  const locale = useLocale();
  return useApiSWR(
    settlementId == null ? null : apiKeys.settlementBranches(settlementId, locale),
    ([, id]) => api.settlements.branches(id),
    STATIC_DATA,
  );
}
