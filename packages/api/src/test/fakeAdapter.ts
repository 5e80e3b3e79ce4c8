/** A hand-written axios adapter for tests: records each request and answers from a handler. */
import {
  type AxiosAdapter,
  AxiosError,
  AxiosHeaders,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { clients } from '../clients/http';

export type Reply = { status: number; data: unknown } | { networkError: true } | { timedOut: true };
export type Handler = (request: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

export function ok(data: unknown): Reply {
  return { status: 200, data };
}

/** Installs `handler` as the adapter of all three clients; returns the recorded requests. */
export function installAdapter(handler: Handler): InternalAxiosRequestConfig[] {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const reply = await handler(config);
    if ('networkError' in reply) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    // what axios' XHR adapter throws when config.timeout passes
    if ('timedOut' in reply) {
      throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ECONNABORTED, config, {});
    }
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: reply.status < 400 ? 'OK' : 'Error',
      headers: new AxiosHeaders(),
      config,
      request: {},
    };
    if (reply.status >= 400) {
      throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_REQUEST', config, {}, response);
    }
    return response;
  };
  for (const client of Object.values(clients) as AxiosInstance[]) client.defaults.adapter = adapter;
  return requests;
}

/** The JSON body a request sent. */
export function bodyOf(request: InternalAxiosRequestConfig): unknown {
  return typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
}
