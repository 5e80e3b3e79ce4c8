/** useSWR typed for the API: array keys, ApiError as the error type. */
import useSWR, { type BareFetcher, type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiError } from '../clients/errors';

export type ApiKey = readonly [string, ...unknown[]];
export type ApiResponse<T> = SWRResponse<T, ApiError>;

/** `key` null skips the request (missing argument, not signed in). */
export function useApiSWR<K extends ApiKey, T>(
  key: K | null,
  fetcher: (key: K) => Promise<T>,
  config?: SWRConfiguration<T, ApiError>,
): ApiResponse<T> {
  // SWR calls the fetcher with the key itself when the key is an array (SWR 2)
  return useSWR<T, ApiError>(key, fetcher as BareFetcher<T>, config);
}

/** Reference data changes rarely: no refetch on focus or reconnect. */
export const STATIC_DATA: SWRConfiguration = { revalidateOnFocus: false, revalidateOnReconnect: false };
