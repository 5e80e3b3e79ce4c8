/**
 * Routes of the laboratory's results intake (`/api/lis`), registered from the contract's `lisRoutes`
 * table as `contractRoute` does for the storefront's calls: Ajv validates params and body, the 200 reply is
 * serialized by its schema, errors are ErrorBody; OpenAPI lists them under their own tag with the
 * API-key security scheme (plugins/external/swagger.ts).
 */
import { ErrorBody, type LisRouteKey, lisRoutes } from '@lab/api/contract';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface, RouteHandlerMethod } from 'fastify';

export const LIS_PREFIX = '/api/lis';
/** The OpenAPI security scheme of the LIS's API key. */
export const LIS_SECURITY = 'lisApiKey';
/** The header that carries the key. */
export const LIS_KEY_HEADER = 'x-api-key';

type LisRoutes = typeof lisRoutes;
type Part<R, Name extends string> = R extends { readonly [P in Name]: infer S extends TSchema } ? Static<S> : unknown;

export interface LisGeneric<K extends LisRouteKey> extends RouteGenericInterface {
  Params: Part<LisRoutes[K], 'params'>;
  Body: Part<LisRoutes[K], 'body'>;
  Reply: Static<LisRoutes[K]['response']>;
}

export function lisUrl(key: LisRouteKey): string {
  return LIS_PREFIX + lisRoutes[key].path;
}

export function lisRoute<K extends LisRouteKey>(
  app: FastifyInstance,
  key: K,
  handler: (request: FastifyRequest<LisGeneric<K>>, reply: FastifyReply) => Promise<Static<LisRoutes[K]['response']>>,
): void {
  const route: { method: 'GET' | 'POST'; summary: string; params?: TSchema; body?: TSchema; response: TSchema } =
    lisRoutes[key];
  app.route({
    method: route.method,
    url: lisUrl(key),
    schema: {
      operationId: key,
      summary: route.summary,
      tags: ['lis'],
      security: [{ [LIS_SECURITY]: [] }],
      ...(route.params ? { params: route.params } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: { 200: route.response, '4xx': ErrorBody, '5xx': ErrorBody },
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
