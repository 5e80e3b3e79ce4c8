import { useLocale } from '@lab/i18n';
import useSWRInfinite from 'swr/infinite';
import { api } from '../clients/api';
import type { OrderListFilter, PatientRegistriesFilter } from '../clients/areas/results';
import type { ApiError } from '../clients/errors';
import type { Page } from '../contract/common';
import type { Order } from '../contract/orders';
import type {
  AnalysisDynamics,
  CustomerType,
  NotificationSettings,
  Registry,
  RegistrySummary,
} from '../contract/results';
import type { SharesResponse } from '../contract/shares';
import { apiKeys } from './keys';
import { type PagedList, pagedList } from './paged';
import { type ApiResponse, useApiSWR } from './swr';

/** My orders (patient) or my referrals (doctor), appending pages; `customerType` null skips. */
export function useOrders(
  customerType: CustomerType | null,
  filter: Omit<OrderListFilter, 'page'> = {},
): PagedList<Order> {
  const locale = useLocale();
  const { data, size, setSize, isLoading, isValidating, error, mutate } = useSWRInfinite<Page<Order>, ApiError>(
    (page, previous: Page<Order> | null) => {
      if (!customerType || (previous && previous.page >= previous.totalPages - 1)) return null;
      return apiKeys.orders(customerType, filter, page, locale);
    },
    ([, type, listFilter, page]: ReturnType<typeof apiKeys.orders>) =>
      api.results.orders(type, { ...listFilter, page }),
  );
  return pagedList(data, size, setSize, isLoading, isValidating, error, mutate);
}

/** One order's results. */
export function useRegistry(registryId: number | null): ApiResponse<Registry> {
  const locale = useLocale();
  return useApiSWR(registryId == null ? null : apiKeys.registry(registryId, locale), ([, id]) =>
    api.results.registry(id),
  );
}

/** The signed-in user's results-ready SMS switch (personal data); `enabled` false skips (guests). */
export function useNotificationSettings(enabled: boolean): ApiResponse<NotificationSettings> {
  return useApiSWR(enabled ? apiKeys.notificationSettings() : null, () => api.results.notifications());
}

/** The owner's results links and whether sharing is on (the account); `enabled` false skips (guests). */
export function useResultShares(enabled: boolean): ApiResponse<SharesResponse> {
  const locale = useLocale();
  return useApiSWR(enabled ? apiKeys.resultShares(locale) : null, () => api.results.shares());
}

/** One indicator over time for a patient (table or chart). */
export function useAnalysisDynamics(
  patientId: number | null,
  analysisId: number | null,
): ApiResponse<AnalysisDynamics> {
  const locale = useLocale();
  return useApiSWR(
    patientId == null || analysisId == null ? null : apiKeys.analysisDynamics(patientId, analysisId, locale),
    ([, patient, analysis]) => api.results.dynamics(patient, analysis),
  );
}

/** Default page size of a patient's history (docs/product.md#constants: patient referral default size 20). */
export const PATIENT_REGISTRIES_PAGE_SIZE = 20;

/**
 * One patient's results history as their doctor (or the owner, for a ward) sees it, appending pages;
 * `patientId` null skips. Pages are 20 long unless the filter says otherwise.
 */
export function usePatientRegistries(
  patientId: number | null,
  filter: PatientRegistriesFilter = {},
): PagedList<RegistrySummary> {
  const locale = useLocale();
  const { data, size, setSize, isLoading, isValidating, error, mutate } = useSWRInfinite<
    Page<RegistrySummary>,
    ApiError
  >(
    (page, previous: Page<RegistrySummary> | null) => {
      if (patientId == null || (previous && previous.page >= previous.totalPages - 1)) return null;
      return apiKeys.patientRegistries(patientId, { size: PATIENT_REGISTRIES_PAGE_SIZE, ...filter }, page, locale);
    },
    ([, id, listFilter, page]: ReturnType<typeof apiKeys.patientRegistries>) =>
      api.results.patientRegistries(id, { ...listFilter, page }),
  );
  return pagedList(data, size, setSize, isLoading, isValidating, error, mutate);
}
