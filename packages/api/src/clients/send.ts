/**
 * One typed request function over the route table: the contract is imported as types only, the
 * method/client/path come from the schema-free endpoint list.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { Routes } from '../contract/routes';
import { type Endpoint, type EndpointKey, endpoints } from '../endpoints';
import { clientBaseUrl } from './config';
import { type ApiCall, clients, queryString } from './http';

type Part<R, Name extends string> = R extends { readonly [P in Name]: infer S extends TSchema } ? Static<S> : undefined;

export type RouteParams<K extends EndpointKey> = Part<Routes[K], 'params'>;
export type RouteQuery<K extends EndpointKey> = Part<Routes[K], 'querystring'>;
export type RouteBody<K extends EndpointKey> = Part<Routes[K], 'body'>;
export type RouteResponse<K extends EndpointKey> = Static<Routes[K]['response']>;

/** A part is required when its schema has a required field, optional when all are, absent when none. */
type Field<Name extends string, T> = [T] extends [undefined]
  ? { readonly [P in Name]?: undefined }
  : Partial<T> extends T
    ? { readonly [P in Name]?: T }
    : { readonly [P in Name]: T };

export type RouteInput<K extends EndpointKey> = Field<'params', RouteParams<K>> &
  Field<'query', RouteQuery<K>> &
  Field<'body', RouteBody<K>> & { readonly signal?: AbortSignal };

type PathParams = Readonly<Record<string, string | number>>;
type LooseInput = { params?: PathParams; query?: object; body?: unknown; signal?: AbortSignal };

/** `/wards/:id/photo` + `{ id: 5 }` -> `/wards/5/photo`. */
export function fillPath(path: string, params: PathParams = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

const methodOf = (endpoint: Endpoint) => endpoint.method.toLowerCase() as ApiCall['method'];

export async function send<K extends EndpointKey>(key: K, input: RouteInput<K>): Promise<RouteResponse<K>> {
  const endpoint: Endpoint = endpoints[key];
  const { params, query, body, signal } = input as LooseInput;
  return clients[endpoint.client].request<RouteResponse<K>>({
    method: methodOf(endpoint),
    url: fillPath(endpoint.path, params),
    params: query,
    // a JSON POST always carries a body: Fastify rejects an empty one sent as application/json
    data: body ?? (endpoint.method === 'POST' ? {} : undefined),
    signal,
  });
}

/** An absolute URL of a GET call, for `<img src>` (photos are bytes, not JSON). */
export function endpointUrl<K extends EndpointKey>(
  key: K,
  params?: RouteParams<K>,
  query?: Readonly<Record<string, string | number>>,
): string {
  const endpoint: Endpoint = endpoints[key];
  return `${clientBaseUrl(endpoint.client)}${fillPath(endpoint.path, params as PathParams | undefined)}${queryString(query)}`;
}

/**
 * The bytes of a `binary` call (the results PDF) as a Blob; a failure carries only its status. A POST's
 * body carries what must not be in the URL (a shared link's code).
 */
export async function fetchBlob<K extends EndpointKey>(
  key: K,
  params?: RouteParams<K>,
  body?: RouteBody<K>,
): Promise<Blob> {
  const endpoint: Endpoint = endpoints[key];
  return clients[endpoint.client].request<Blob>({
    method: methodOf(endpoint),
    url: fillPath(endpoint.path, params as PathParams | undefined),
    ...(body !== undefined && { data: body }),
    responseType: 'blob',
  });
}

/** multipart/form-data upload of one file in the field the endpoint names. */
export async function upload<K extends EndpointKey>(
  key: K,
  file: Blob,
  params?: RouteParams<K>,
): Promise<RouteResponse<K>> {
  const endpoint: Endpoint = endpoints[key];
  const form = new FormData();
  form.append(endpoint.multipart ?? 'file', file);
  // sent as it is: the browser writes its type and boundary
  return clients[endpoint.client].request<RouteResponse<K>>({
    method: methodOf(endpoint),
    url: fillPath(endpoint.path, params as PathParams | undefined),
    data: form,
  });
}
