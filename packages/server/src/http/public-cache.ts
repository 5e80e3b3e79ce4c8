/**
 * Public catalogue answers, cached on the server and validated over HTTP.
 *
 * An answer is keyed by everything it depends on: the route, the locale (from Accept-Language), the
 * path, query and body, and the catalogue's version (migration 005: statement triggers bump it in the
 * same transaction as any catalogue change). Every request reads the version (one primary-key row), so
 * a committed price change is never answered from a cache, on any instance. Misses of one key at once
 * share one computation. A branch's open/closed state is the one part that follows the clock: answers
 * showing it are kept as values and get the state computed again, from the schedule they hold, each
 * time they are served.
 *
 * GET answers get an ETag made of that key (and the minute, where the state shows) and
 * `Cache-Control: public, max-age=0` with `s-maxage` and `stale-while-revalidate`: the browser
 * revalidates every time (a 304 costs the version read), a CDN in front of the site may answer for
 * CDN_FRESH_SECONDS and refresh in the background. `Vary: Accept-Language`: the titles follow it.
 * Errors (404, 400) are never cached.
 */
import { createHash } from 'node:crypto';
import type { Branch, RouteKey, SearchResponse } from '@lab/api/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/database';
import { branchStatus } from '../domain/branch-status';
import { catalogueVersion } from '../repositories/catalogue-version';

/** How a cached answer is brought up to the present when it is served (null: it is the catalogue's alone). */
type Refresh = ((answer: unknown, now: Date) => unknown) | null;

const withStatus = <T extends Branch>(branch: T, now: Date): T => ({
  ...branch,
  status: branchStatus(branch.schedule, now),
});

const branchesNow: Refresh = (answer, now) => (answer as Branch[]).map((branch) => withStatus(branch, now));

const searchNow: Refresh = (answer, now) => {
  const found = answer as SearchResponse;
  if (!found.groups.some((group) => group.type === 'branches')) return found;
  return {
    ...found,
    groups: found.groups.map((group) =>
      group.type !== 'branches'
        ? group
        : {
            ...group,
            items: {
              ...group.items,
              content: group.items.content.map((entry) =>
                'branch' in entry ? { branch: withStatus(entry.branch, now) } : entry,
              ),
            },
          },
    ),
  };
};

/** The public routes whose answers are the catalogue's, and how each is brought up to the present. */
export const PUBLIC_ANSWERS: Partial<Record<RouteKey, Refresh>> = {
  genders: null,
  specializations: null,
  settlementsList: null,
  settlementBranches: branchesNow,
  serviceGroupTree: null,
  serviceList: null,
  serviceBySlug: null,
  servicePreparation: null,
  preparationRules: null,
  serviceClientsBuy: null,
  servicePackages: null,
  servicesPopular: null,
  serviceGenealogy: null,
  serviceGenealogies: null,
  search: searchNow,
};

/** How long a CDN may answer from its copy, and then while it refreshes it in the background. */
const CDN_FRESH_SECONDS = 15;
const CDN_STALE_SECONDS = 60;
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${CDN_FRESH_SECONDS}, stale-while-revalidate=${CDN_STALE_SECONDS}`;

export type CacheOutcome = 'hit' | 'miss' | 'joined' | 'not-modified';

/** A cached answer: serialized, or (when it is refreshed as it is served) the value with its size. */
export type Cached = { readonly body: string } | { readonly answer: unknown; readonly size: number };

export interface PublicCache {
  /** The catalogue's version now (read from the database on every call). */
  version(): Promise<string>;
  /** The answer of a key: from the cache, from a computation under way, or computed now. */
  answer(key: string, compute: () => Promise<Cached>): Promise<{ cached: Cached; outcome: CacheOutcome }>;
}

export function createPublicCache(db: Queryable, maxBytes: number): PublicCache {
  const answers = new LRUCache<string, Cached>({
    maxSize: Math.max(1, maxBytes),
    // UTF-16 length is close enough to the bytes held; keys count too
    sizeCalculation: (cached, key) => ('body' in cached ? cached.body.length : cached.size) + key.length,
  });
  const computing = new Map<string, Promise<Cached>>();
  return {
    version: () => catalogueVersion(db),
    async answer(key, compute) {
      const cached = answers.get(key);
      if (cached !== undefined) return { cached, outcome: 'hit' };
      const running = computing.get(key);
      if (running) return { cached: await running, outcome: 'joined' };
      const computation = compute().then((value) => {
        answers.set(key, value);
        return value;
      });
      computing.set(key, computation);
      try {
        return { cached: await computation, outcome: 'miss' };
      } finally {
        computing.delete(key);
      }
    },
  };
}

/** The cache key of a request: everything a public answer depends on but the clock. */
export function answerKey(route: RouteKey, request: FastifyRequest, version: string): string {
  return JSON.stringify([route, version, request.locale, request.params, request.query, request.body]);
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
 * Wraps a public route's handler: answers 304 to a matching If-None-Match, else the cached answer (or
 * the handler's, cached), serialized by the route's own response serializer.
 */
export function cachedHandler(
  route: RouteKey,
  refresh: Refresh,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> {
  return async (request, reply) => {
    const { publicCache, clock, metrics } = request.server;
    const key = answerKey(route, request, await publicCache.version());
    const now = clock();
    if (request.method === 'GET') {
      // where the state of a branch shows, the tag changes with the minute (the state's resolution)
      const tag = entityTag(refresh ? `${key}@${Math.floor(now.getTime() / 60_000)}` : key);
      reply.header('etag', tag).header('cache-control', PUBLIC_CACHE_CONTROL).header('vary', 'Accept-Language');
      if (notModified(request, tag)) {
        metrics.publicCache.inc({ outcome: 'not-modified' });
        return reply.code(304).send();
      }
    }
    const { cached, outcome } = await publicCache.answer(key, async () => {
      const answer = await handler(request, reply);
      const body = String(reply.serialize(answer));
      return refresh ? { answer, size: body.length } : { body };
    });
    metrics.publicCache.inc({ outcome });
    const body = 'body' in cached ? cached.body : String(reply.serialize(refresh?.(cached.answer, now)));
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
