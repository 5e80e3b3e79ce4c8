/** Checkout reads: the free home-visit hours and one order by its client-generated id. */
import { useLocale } from '@lab/i18n';
import type { SWRConfiguration } from 'swr';
import { api } from '../clients/api';
import type { ApiError } from '../clients/errors';
import type { HomeVisitSlotsResponse, Order } from '../contract/orders';
import { apiKeys } from './keys';
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

/**
 * One order of the signed-in user by its id (the payment return page). `config.refreshInterval` polls
 * while a payment is being confirmed.
 */
export function useOrder(orderId: string | null, config?: SWRConfiguration<Order, ApiError>): ApiResponse<Order> {
  const locale = useLocale();
  return useApiSWR(orderId ? apiKeys.order(orderId, locale) : null, ([, id]) => api.orders.get(id), config);
}
