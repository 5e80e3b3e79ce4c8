/**
 * Requests per minute per client address (RATE_LIMIT_MAX, 0 = off). Behind the shell's proxy the
 * address comes from X-Forwarded-For (see `trustProxy` in app.ts). Over the limit: 429 through the
 * error handler, with Retry-After.
 *
 * The counts live in the database (request_counters, migration 005), in fixed windows of a minute on
 * the app's clock, so that two or ten instances behind one address still allow the limit once: an
 * in-memory store would allow it once per instance. When the database cannot count, the request goes
 * on (skipOnError) and meets the database's own 503 if it needs it.
 */
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';

const WINDOW_MS = 60_000;

export default fp(
  async (app: FastifyInstance) => {
    if (app.config.rateLimitMax <= 0) return;
    // app.repos is decorated after this plugin: the store reads it per request
    class DatabaseStore implements FastifyRateLimitStore {
      incr(client: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
        const now = app.clock().getTime();
        const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
        app.repos.auth.countRequest(client, new Date(windowStart)).then(
          (current) => done(null, { current, ttl: windowStart + WINDOW_MS - now }),
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
        );
      }
      child(): FastifyRateLimitStore {
        return this;
      }
    }
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitMax,
      timeWindow: WINDOW_MS,
      store: DatabaseStore,
      skipOnError: true,
      errorResponseBuilder: () => new AppError(429, 'rate-limited', 'rate-limited'),
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
