/**
 * Requests per minute per client address (RATE_LIMIT_MAX, 0 = off). Behind the shell's proxy the
 * address comes from X-Forwarded-For (see `trustProxy` in app.ts). Over the limit: 429 through the
 * error handler, with Retry-After.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';

export default fp(
  async (app: FastifyInstance) => {
    if (app.config.rateLimitMax <= 0) return;
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitMax,
      timeWindow: '1 minute',
      errorResponseBuilder: () => new AppError(429, 'rate-limited', 'rate-limited'),
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
