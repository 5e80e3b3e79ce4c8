/**
 * The three clients of docs/product.md#calls, over the browser's fetch and the few lines below: a base per
 * client, JSON in and out, the session cookie, Accept-Language, a timeout. An HTTP library for this
 * (axios: about 19 KB gzipped) would weigh on every page's start-up (docs/performance.md).
 */
import type { ClientKind } from '../endpoints';
import { apiTimeoutMs, clientBaseUrl, currentLocale } from './config';
import { ApiError, failureOf } from './errors';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The reason a client aborts a call with when its time is up: a timeout, not the caller's cancel. */
const TIMEOUT = Symbol('timeout');

/** One call as the client sends it: what a transport carries, and what tests see. */
export type ApiRequest = {
  method: Method;
  /** the client's base (backend path and prefix), read per request: later overrides apply */
  baseURL: string;
  /** the path under the base */
  url: string;
  /** the query string's values (none left out but undefined and null) */
  params?: object;
  /** the body: a JSON text, or a form as it is */
  data?: string | FormData;
  headers: Headers;
  /** milliseconds before the call fails as a timeout; 0: never (docs/product.md#errors) */
  timeout: number;
  /** the caller's signal */
  signal?: AbortSignal;
  /** `blob`: the answer's bytes (the results PDF); `json` otherwise */
  responseType: 'json' | 'blob';
};

/** A server's answer, any status: `data` is the parsed JSON (or text), or the Blob asked for. */
export type ApiAnswer = { status: number; data: unknown; headers: Headers };

/**
 * What carries a request: fetch by default, a stand-in in tests (test/fakeAdapter.ts). It rejects when
 * no answer arrives, and stops when `signal` aborts (the caller's, or the timeout's).
 */
export type Transport = (request: ApiRequest, signal: AbortSignal) => Promise<ApiAnswer>;

/** The query string of `params`: each value as text, an array as the key repeated. */
export function queryString(params: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response, responseType: ApiRequest['responseType']): Promise<unknown> {
  if (responseType === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // a proxy's HTML page: no error body (errors.ts)
  }
}

const fetchTransport: Transport = async (request, signal) => {
  const url = `${request.baseURL}${request.url}${queryString(request.params)}`;
  const response = await fetch(url, {
    method: request.method.toUpperCase(),
    headers: request.headers,
    body: request.data ?? null,
    // the session is an HttpOnly cookie, also when the API is on another origin
    credentials: 'include',
    signal,
  });
  return { status: response.status, data: await readBody(response, request.responseType), headers: response.headers };
};

let transport: Transport = fetchTransport;

/**
 * The page's calls of the API so far and how many failed on the server's side or on the way (a 5xx, no
 * answer, a timeout; not a 4xx, which is the API saying no): the page's real-user report carries them,
 * and the canary judge compares a canary's failed share with the stable release's.
 */
const tally = { calls: 0, errors: 0 };

export function apiCallTally(): Readonly<{ calls: number; errors: number }> {
  return { ...tally };
}

/** Tests answer from a handler instead of the network (test/fakeAdapter.ts); `null` restores fetch. */
export function setTransport(next: Transport | null): void {
  transport = next ?? fetchTransport;
}

export type ApiCall = {
  method: Method;
  url: string;
  params?: object;
  /** a JSON body (serialized here), or a form sent as it is */
  data?: unknown;
  signal?: AbortSignal;
  responseType?: ApiRequest['responseType'];
};

/** One client: its base and prefix (docs/product.md#calls), JSON with Accept-Language, failures as ApiError. */
export type ApiClient = { request<T>(call: ApiCall): Promise<T> };

function createClient(kind: ClientKind): ApiClient {
  return {
    async request<T>({ method, url, params, data, signal, responseType = 'json' }: ApiCall): Promise<T> {
      const form = typeof FormData !== 'undefined' && data instanceof FormData;
      const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLocale() });
      // a form's type and boundary are the browser's to write
      if (!form) headers.set('Content-Type', 'application/json');
      const request: ApiRequest = {
        method,
        baseURL: clientBaseUrl(kind),
        url,
        params,
        data: form ? (data as FormData) : data === undefined ? undefined : JSON.stringify(data),
        headers,
        timeout: apiTimeoutMs(),
        signal,
        responseType,
      };
      // one signal for the caller's abort and the timeout, told apart by the reason
      const controller = new AbortController();
      const abort = () => controller.abort(signal?.reason);
      if (signal?.aborted) abort();
      signal?.addEventListener('abort', abort, { once: true });
      const timer = request.timeout > 0 ? setTimeout(() => controller.abort(TIMEOUT), request.timeout) : undefined;
      tally.calls += 1;
      try {
        const answer = await transport(request, controller.signal);
        if (answer.status >= 200 && answer.status < 300) return answer.data as T;
        if (answer.status >= 500) tally.errors += 1;
        throw failureOf(answer);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (controller.signal.aborted && controller.signal.reason !== TIMEOUT) {
          // the caller's cancel: no failure of the API's
          tally.calls -= 1;
          throw new ApiError(0, 'canceled', 'Request canceled');
        }
        tally.errors += 1;
        if (controller.signal.aborted) throw failureOf('timeout');
        throw failureOf('network');
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
      }
    },
  };
}

export const clients: Readonly<Record<ClientKind, ApiClient>> = {
  app: createClient('app'),
  public: createClient('public'),
  private: createClient('private'),
};
