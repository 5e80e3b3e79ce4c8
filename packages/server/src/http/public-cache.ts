/**
 * Public catalogue answers, cached on the server and validated over HTTP.
 *
 * An answer is keyed by everything it depends on: the route, the locale (from Accept-Language), the
 * path, query and body, and the catalogue's version (migration 005: statement triggers bump it in the
 * same transaction as any catalogue change). Answers showing a branch's open/closed state also carry
 * the minute. Every request reads the version (one primary-key row), so a committed price change is
 * never answered from a cache, on any instance. Misses of one key at once share one computation.
 *
 * GET answers get an ETag made of that key and `Cache-Control: public, max-age=0` with
 * `s-maxage` and `stale-while-revalidate`: the browser revalidates every time (a 304 costs the version
 * read), a CDN in front of the site may answer for CDN_FRESH_SECONDS and refresh in the background.
 * `Vary: Accept-Language`: the titles follow it. Errors (404, 400) are never cached.
 */
import { createHash } from 'node:crypto';
import type { RouteKey } from '@lab/api/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/database';
import type { Clock } from '../domain/kyiv-time';

/** How an answer depends on time: not at all, or by the minute (a branch's open/closed state). */
type Dependence = 'catalogue' | 'catalogue-and-minute';

/** The public routes whose answers are the catalogue's alone, and how they depend on time. */
export const PUBLIC_ANSWERS: Partial<Record<RouteKey, (request: FastifyRequest) => Dependence>> = {
  genders: () => 'catalogue',
  specializations: () => 'catalogue',
  settlementsList: () => 'catalogue',
  settlementBranches: () => 'catalogue-and-minute',
  serviceGroupTree: () => 'catalogue',
  serviceList: () => 'catalogue',
  serviceBySlug: () => 'catalogue',
  servicePreparation: () => 'catalogue',
  preparationRules: () => 'catalogue',
  serviceClientsBuy: () => 'catalogue',
  servicePackages: () => 'catalogue',
  servicesPopular: () => 'catalogue',
  serviceGenealogy: () => 'catalogue',
  serviceGenealogies: () => 'catalogue',
  search: (request) =>
    (request.body as { types?: readonly string[] } | undefined)?.types?.includes('branches')
      ? 'catalogue-and-minute'
      : 'catalogue',
};

/** How long a CDN may answer from its copy, and then while it refreshes it in the background. */
export const CDN_FRESH_SECONDS = 15;
export const CDN_STALE_SECONDS = 60;
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${CDN_FRESH_SECONDS}, stale-while-revalidate=${CDN_STALE_SECONDS}`;

export type CacheOutcome = 'hit' | 'miss' | 'joined' | 'not-modified';

export interface PublicCache {
  /** The catalogue's version now (read from the database on every call). */
  version(): Promise<string>;
  /** The serialized answer of a key: from the cache, from a computation under way, or computed now. */
  answer(key: string, compute: () => Promise<string>): Promise<{ body: string; outcome: CacheOutcome }>;
  /** Forgets every answer (tests, a restore). */
  clear(): void;
}

export function createPublicCache(db: Queryable, maxBytes: number): PublicCache {
  const answers = new LRUCache<string, string>({
    maxSize: Math.max(1, maxBytes),
    // UTF-16 length is close enough to the bytes held; keys count too
    sizeCalculation: (body, key) => body.length + key.length || 1,
  });
  const computing = new Map<string, Promise<string>>();
  return {
    async version() {
      const row = await db.one<{ version: string }>('SELECT version::text AS version FROM catalogue_version');
      return row.version;
    },
    async answer(key, compute) {
      const cached = answers.get(key);
      if (cached !== undefined) return { body: cached, outcome: 'hit' };
      const running = computing.get(key);
      if (running) return { body: await running, outcome: 'joined' };
      const computation = compute().then((body) => {
        answers.set(key, body);
        return body;
      });
      computing.set(key, computation);
      try {
        return { body: await computation, outcome: 'miss' };
      } finally {
        computing.delete(key);
      }
    },
    clear() {
      answers.clear();
    },
  };
}

/** The cache key of a request: everything a public answer depends on. */
export function answerKey(
  route: RouteKey,
  request: FastifyRequest,
  version: string,
  dependence: Dependence,
  clock: Clock,
): string {
  const minute = dependence === 'catalogue-and-minute' ? Math.floor(clock().getTime() / 60_000) : null;
  return JSON.stringify([route, version, minute, request.locale, request.params, request.query, request.body]);
}

/** A strong-enough validator for the key: weak, since a proxy may compress the bytes. */
export const entityTag = (key: string): string =>
  `W/"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;

/** Whether If-None-Match names the tag (a list, or `*`). */
export function notModified(request: FastifyRequest, tag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const strip = (value: string) => value.trim().replace(/^W\//, '');
  return header === '*' || header.split(',').some((candidate) => strip(candidate) === strip(tag));
}

/**
 * Wraps a public route's handler: answers 304 to a matching If-None-Match, else the cached or freshly
 * serialized body (the route's own response serializer, once per key and version).
 */
export function cachedHandler(
  route: RouteKey,
  dependence: (request: FastifyRequest) => Dependence,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> {
  return async (request, reply) => {
    const { publicCache, clock, metrics } = request.server;
    const version = await publicCache.version();
    const key = answerKey(route, request, version, dependence(request), clock);
    if (request.method === 'GET') {
      const tag = entityTag(key);
      reply.header('etag', tag).header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', 'Accept-Language');
      if (notModified(request, tag)) {
        metrics.publicCache.inc({ outcome: 'not-modified' });
        return reply.code(304).send();
      }
    }
    const { body, outcome } = await publicCache.answer(key, async () =>
      String(reply.serialize(await handler(request, reply))),
    );
    metrics.publicCache.inc({ outcome });
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
