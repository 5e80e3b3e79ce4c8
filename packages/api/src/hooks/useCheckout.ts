/** Checkout reads: the free home-visit hours, one order by its client-generated id, and its plan. */
import { useLocale } from '@lab/i18n';
import type { SWRConfiguration } from 'swr';
import { api } from '../clients/api';
import type { ApiError } from '../clients/errors';
import type { HomeVisitSlotsResponse, HomeVisitTermsResponse, Order } from '../contract/orders';
import type { OrderPlan } from '../contract/visit';
import { apiKeys } from './keys';
import { type ApiRead, fetchRead, reads } from './reads';
import { type ApiResponse, useApiSWR } from './swr';

/**
 * A nurse's arrival times on a day in a city (`GET /order/home-visit/slots`, signed-in users); no
 * request until both the city and a date are known.
 */
export function useHomeVisitSlots(
  settlementId: number | null,
  date: string | null,
): ApiResponse<HomeVisitSlotsResponse> {
  return useApiSWR(settlementId == null || !date ? null : apiKeys.homeVisitSlots(settlementId, date), ([, city, day]) =>
    api.orders.homeVisitSlots(city, day),
  );
}

/** Where a nurse comes, at what price and hours (`GET /order/home-visit/terms`, public). */
export function useHomeVisitTerms(): ApiResponse<HomeVisitTermsResponse> {
  const locale = useLocale();
  return useApiSWR(apiKeys.homeVisitTerms(locale), () => api.orders.homeVisitTerms());
}

/**
 * One order of the signed-in user by its id (the payment return page). `config.refreshInterval` polls
 * while a payment is being confirmed.
 */
export function useOrder(orderId: string | null, config?: SWRConfiguration<Order, ApiError>): ApiResponse<Order> {
  const locale = useLocale();
  const read = orderId ? reads.order(orderId, locale) : null;
  return useApiSWR(read?.key ?? null, () => fetchRead<Order>(read as ApiRead), config);
}

/**
 * Where, when, how to prepare and when results come for one of the signed-in user's orders (the
 * confirmation and the account's order card); no request while `orderId` is null.
 */
export function useOrderPlan(orderId: string | null): ApiResponse<OrderPlan> {
  const locale = useLocale();
  return useApiSWR(orderId ? apiKeys.orderPlan(orderId, locale) : null, ([, id]) => api.orders.plan(id));
}
