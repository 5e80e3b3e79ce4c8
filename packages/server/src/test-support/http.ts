/**
 * Calls a contract route on a test app by its key, and checks replies against the contract's schema
 * (Fastify's serializer shapes replies but does not validate them).
 */
import { type RouteKey, routes } from '@lab/api/contract';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance } from 'fastify';
import { contractUrl } from '../http/contract-route';

export interface CallInput {
  readonly params?: Readonly<Record<string, string | number>>;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** An object is sent as JSON; a string as it is (with content-type application/json unless given). */
  readonly body?: unknown;
  /** 'ua', 'ru', or any Accept-Language value. */
  readonly language?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface CallResult {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string | string[] | number | undefined>;
}

export function routeUrl(key: RouteKey, input: Pick<CallInput, 'params' | 'query'> = {}): string {
  const path = contractUrl(key).replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = Object.entries(input.query ?? {})
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

export async function call(app: FastifyInstance, key: RouteKey, input: CallInput = {}): Promise<CallResult> {
  const route = routes[key];
  const headers: Record<string, string> = { ...input.headers };
  if (input.language) headers['accept-language'] = input.language;
  let payload: string | undefined;
  if (input.body !== undefined) {
    payload = typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await app.inject({ method: route.method, url: routeUrl(key, input), headers, payload });
  const type = String(response.headers['content-type'] ?? '');
  return {
    status: response.statusCode,
    body: type.includes('json') ? response.json() : response.body,
    headers: response.headers,
  };
}

/** Throws with the schema's complaints when a 200 body does not match the route's response schema. */
export function expectContract(key: RouteKey, body: unknown): void {
  const schema = routes[key].response;
  if (Value.Check(schema, body)) return;
  const errors = [...Value.Errors(schema, body)].slice(0, 5).map((error) => `${error.path}: ${error.message}`);
  throw new Error(`reply of ${key} breaks the contract:\n${errors.join('\n')}`);
}

/** A call that must succeed: checks 200 and the contract, returns the typed body. */
export async function ok<T = unknown>(app: FastifyInstance, key: RouteKey, input: CallInput = {}): Promise<T> {
  const result = await call(app, key, input);
  if (result.status !== 200) {
    throw new Error(`${key} answered ${result.status}: ${JSON.stringify(result.body)}`);
  }
  expectContract(key, result.body);
  return result.body as T;
}
