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
  const response = useSWR<T, ApiError>(key, fetcher as BareFetcher<T>, config);
  // SWR reads its fields lazily (a field nobody reads re-renders nobody): the getters keep that
  return {
    get data() {
      return response.data;
    },
    get error() {
      return response.error;
    },
    get isValidating() {
      return response.isValidating;
    },
    get isLoading() {
      return loadingWithout(response.isLoading, response.data);
    },
    mutate: response.mutate,
  };
}

/**
 * Loading means nothing to show yet. SWR also reports it on the first render of data it already has
 * (cached, or primed by the server) while it revalidates: the page would flash its skeleton over it.
 */
export function loadingWithout(isLoading: boolean, data: unknown): boolean {
  return isLoading && data === undefined;
}

/** Reference data changes rarely: no refetch on focus or reconnect. */
export const STATIC_DATA: SWRConfiguration = { revalidateOnFocus: false, revalidateOnReconnect: false };
