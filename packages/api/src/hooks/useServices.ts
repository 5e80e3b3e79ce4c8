import { useLocale } from '@lab/i18n';
import { useCallback, useRef } from 'react';
import useSWRInfinite from 'swr/infinite';
import { api } from '../clients/api';
import type { ServiceListFilter } from '../clients/areas/services';
import type { ApiError } from '../clients/errors';
import type { Page } from '../contract/common';
import type { ServiceCard, ServiceGroupTreeResponse, ServiceInfo } from '../contract/services';
import { apiKeys } from './keys';
import { type PagedList, pagedList } from './paged';
import { type ApiRead, fetchRead, reads } from './reads';
import { type ApiResponse, STATIC_DATA, useApiSWR } from './swr';

export function useServiceGroupTree(): ApiResponse<ServiceGroupTreeResponse> {
  const locale = useLocale();
  const read = reads.serviceGroupTree(locale);
  return useApiSWR(read.key, () => fetchRead<ServiceGroupTreeResponse>(read), STATIC_DATA);
}

/** The analysis/package page; prices are the city's, so no request until it is known. */
export function useServiceBySlug(slug: string | null, settlementId: number | null): ApiResponse<ServiceInfo> {
  const locale = useLocale();
  const read = slug && settlementId != null ? reads.serviceBySlug(slug, settlementId, locale) : null;
  return useApiSWR(read?.key ?? null, () => fetchRead<ServiceInfo>(read as ApiRead));
}

/** The packages a service is part of (docs/product.md#entities "isPartOfPackets"); `serviceId` null skips. */
export function useServicePackages(serviceId: number | null, settlementId: number | null): ApiResponse<ServiceCard[]> {
  const locale = useLocale();
  return useApiSWR(
    serviceId != null && settlementId != null ? apiKeys.servicePackages(serviceId, settlementId, locale) : null,
    ([, id, city]) => api.services.packages(id, city),
  );
}

export function usePopularServices(settlementId: number | null): ApiResponse<ServiceCard[]> {
  const locale = useLocale();
  return useApiSWR(settlementId == null ? null : apiKeys.popularServices(settlementId, locale), ([, id]) =>
    api.services.popular(id),
  );
}

/**
 * Catalogue list of one city: by groups, text or ids; `filter` null skips. Pages append; a request
 * for another filter (or page size) cancels the pending one (docs/product.md#lists).
 */
/** `initialPages`: how many pages to load at once (a list whose address says "show more" was pressed). */
export function useServiceList(
  filter: ServiceListFilter | null,
  pageSize = 20,
  initialPages = 1,
): PagedList<ServiceCard> {
  const locale = useLocale();
  const pending = useRef<{ list: string; controller: AbortController } | null>(null);
  /** One controller per list: its pages share it, the next list's first request aborts it. */
  const signalFor = useCallback((listFilter: ServiceListFilter, listSize: number) => {
    const list = JSON.stringify([listFilter, listSize]);
    if (pending.current?.list !== list) {
      pending.current?.controller.abort();
      pending.current = { list, controller: new AbortController() };
    }
    return pending.current.controller.signal;
  }, []);
  const { data, size, setSize, isLoading, isValidating, error, mutate } = useSWRInfinite<Page<ServiceCard>, ApiError>(
    (page, previous: Page<ServiceCard> | null) => {
      if (!filter || (previous && previous.page >= previous.totalPages - 1)) return null;
      return apiKeys.serviceList(filter, pageSize, page, locale);
    },
    ([, listFilter, listSize, page]: ReturnType<typeof apiKeys.serviceList>) =>
      fetchRead<Page<ServiceCard>>(
        reads.serviceList(listFilter, listSize, page, locale),
        signalFor(listFilter, listSize),
      ),
    // loading more asks for the next page only, not the first one again
    { revalidateFirstPage: false, initialSize: initialPages },
  );
  return pagedList(data, size, setSize, isLoading, isValidating, error, mutate);
}
