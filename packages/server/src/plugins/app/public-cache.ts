/**
 * `app.publicCache`: the cache of public catalogue answers (http/public-cache.ts), one per instance;
 * not decorated when PUBLIC_CACHE_MB is 0, and then contractRoute leaves the handlers as they are.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPublicCache, type PublicCache } from '../../http/public-cache';

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    if (app.config.publicCacheBytes <= 0) return;
    app.decorate('publicCache', createPublicCache(app.db, app.config.publicCacheBytes));
  },
  { name: 'public-cache', dependencies: ['database', 'config'] },
);
