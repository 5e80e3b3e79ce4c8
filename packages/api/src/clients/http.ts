/** The three axios clients of spec section 7. */
import axios, { type AxiosInstance } from 'axios';
import type { ClientKind } from '../endpoints';
import { apiTimeoutMs, clientBaseUrl, currentLocale } from './config';
import { toApiError } from './errors';

function createClient(kind: ClientKind): AxiosInstance {
  const client = axios.create({
    baseURL: clientBaseUrl(kind),
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    // the session is an HttpOnly cookie, also when the API is on another origin
    withCredentials: true,
  });
  client.interceptors.request.use((config) => {
    // per request: the window overrides and the language may change after this module loads
    config.baseURL = clientBaseUrl(kind);
    // 0 means "none" (axios); a deployment may set one per page
    config.timeout = apiTimeoutMs();
    config.headers.set('Accept-Language', currentLocale());
    return config;
  });
  client.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiError(error)));
  return client;
}

export const appClient: AxiosInstance = createClient('app');
export const publicClient: AxiosInstance = createClient('public');
export const privateClient: AxiosInstance = createClient('private');

export const clients: Readonly<Record<ClientKind, AxiosInstance>> = {
  app: appClient,
  public: publicClient,
  private: privateClient,
};
