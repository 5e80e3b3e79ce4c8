export { type Api, api } from './api';
export type { SimilarFilter } from './areas/content';
export type { OrderListFilter, PatientRegistriesFilter } from './areas/results';
export { type ServiceListFilter, serviceListBody } from './areas/services';
export { sendVitalsBeacon } from './beacon';
export { API_TIMEOUT_MS, apiBase, apiTimeoutMs, CLIENT_PREFIXES, clientBaseUrl, currentLocale } from './config';
export { ApiError, isApiError, toApiError } from './errors';
export { ensureGuestCart } from './guest-cart';
export { type ApiRequest, apiCallTally, clients } from './http';
export {
  endpointUrl,
  fillPath,
  type RouteBody,
  type RouteInput,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  send,
  upload,
} from './send';
