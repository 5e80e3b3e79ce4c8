/**
 * Registers routes by their key in the contract's route table (`@lab/api/contract (src/contract/routes.ts)`):
 * the URL, method and schemas all come from there, so the server cannot drift from the clients.
 * Fastify validates params/querystring/body with Ajv and serializes the 200 reply with the response
 * schema; errors (4xx/5xx) are always the contract's ErrorBody. Handlers are typed from the same
 * schemas: a handler returning the wrong shape does not compile.
 *
 *   contractRoute(app, 'genders', async (request) => app.repos.reference.genders(request.locale));
 */

import {
  type ClientKind,
  ErrorBody,
  type Route,
  type RouteKey,
  type Routes,
  routes,
  summaries,
} from '@lab/api/contract';
import type { Static, TSchema } from '@sinclair/typebox';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import fp from 'fastify-plugin';
import { cachedHandler, PUBLIC_ANSWERS } from './public-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Keys of the contract routes registered so far (shared by every encapsulation context). */
    contractRoutes: Set<RouteKey>;
  }
}

/** The OpenAPI security scheme of the session cookie (plugins/external/swagger.ts). */
export const SESSION_SECURITY = 'session';

export const CLIENT_PREFIX: Readonly<Record<ClientKind, string>> = {
  public: '/api/public',
  private: '/api/private',
  app: '/api/app',
};

type Part<R, Name extends string> = R extends { readonly [P in Name]: infer S extends TSchema } ? Static<S> : unknown;

/** What a handler returns: the contract's 200 body, or bytes for `binary` (photo, PDF) routes. */
export type ContractReply<K extends RouteKey> = Routes[K] extends { readonly binary: true }
  ? Buffer | NodeJS.ReadableStream
  : Static<Routes[K]['response']>;

export interface ContractGeneric<K extends RouteKey> extends RouteGenericInterface {
  Params: Part<Routes[K], 'params'>;
  Querystring: Part<Routes[K], 'querystring'>;
  Body: Part<Routes[K], 'body'>;
  Reply: ContractReply<K>;
}

export type ContractRequest<K extends RouteKey> = FastifyRequest<ContractGeneric<K>>;
export type ContractHandler<K extends RouteKey> = (
  request: ContractRequest<K>,
  reply: FastifyReply,
) => Promise<ContractReply<K>>;

/** Per-route extras: hooks (authentication), rate-limit settings in `config`, body size. */
export interface ContractRouteOptions {
  readonly onRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  readonly preHandler?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  readonly config?: Record<string, unknown>;
  readonly bodyLimit?: number;
}

export function contractUrl(key: RouteKey): string {
  const route = routes[key];
  return CLIENT_PREFIX[route.client] + route.path;
}

/** The Fastify schema of a route: the table's parts plus ErrorBody for every failure. */
export function contractSchema(key: RouteKey): FastifySchema & Record<string, unknown> {
  const route: Route<RouteKey> & { params?: TSchema; querystring?: TSchema; body?: TSchema } = routes[key];
  const binaryType = (route.response as { contentMediaType?: string }).contentMediaType ?? 'image/*';
  const ok =
    'binary' in route && route.binary
      ? {
          description:
            binaryType === 'application/pdf'
              ? 'A PDF document'
              : binaryType === 'application/fhir+json'
                ? 'A FHIR R4 Bundle (JSON)'
                : 'Image bytes',
          content: { [binaryType]: { schema: route.response } },
        }
      : route.response;
  return {
    operationId: key,
    summary: summaries[key],
    tags: [route.client],
    // the private client's calls need the session cookie (swagger.ts declares the scheme); the others none
    security: route.client === 'private' ? [{ [SESSION_SECURITY]: [] }] : [],
    ...(route.params ? { params: route.params } : {}),
    ...(route.querystring ? { querystring: route.querystring } : {}),
    ...(route.body ? { body: route.body } : {}),
    ...('multipart' in route && route.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response: { 200: ok, '4xx': ErrorBody, '5xx': ErrorBody },
  };
}

export function contractRoute<K extends RouteKey>(
  app: FastifyInstance,
  key: K,
  handler: ContractHandler<K>,
  options: ContractRouteOptions = {},
): void {
  if (app.contractRoutes.has(key)) throw new Error(`Contract route "${key}" is registered twice`);
  app.contractRoutes.add(key);
  const route = routes[key];
  // a public catalogue answer is cached and validated (http/public-cache.ts) unless the cache is off
  const refresh = app.hasDecorator('publicCache') ? PUBLIC_ANSWERS[key] : undefined;
  app.route({
    method: route.method,
    url: contractUrl(key),
    schema: contractSchema(key),
    ...options,
    // The contract types are checked at the call site (ContractHandler<K>); Fastify's own generic
    // reply typing cannot express "the Static of this route's response schema".
    handler: (refresh !== undefined
      ? cachedHandler(key, refresh, handler as unknown as Parameters<typeof cachedHandler>[2])
      : handler) as unknown as RouteHandlerMethod,
  });
}

/** Decorates the root instance with the set of registered contract routes (register it first). */
export const contractRoutesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('contractRoutes', new Set<RouteKey>());
  },
  { name: 'contract-routes' },
);
