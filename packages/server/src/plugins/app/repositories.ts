/** The repositories over the instance's database: `app.repos.settlements.list(...)`. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRepositories, type Repositories } from '../../repositories';
import { createSearchHitsMemo } from '../../repositories/search';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    // the search memo holds (id, rank) rows: about 16 bytes each, within a quarter of the cache's bytes
    const cacheBytes = app.config.publicCacheBytes;
    const searchHits = cacheBytes > 0 ? createSearchHitsMemo(Math.floor(cacheBytes / 4 / 16)) : undefined;
    app.decorate('repos', createRepositories(app.db, { clock: app.clock, ...(searchHits ? { searchHits } : {}) }));
  },
  { name: 'repositories', dependencies: ['database', 'config'] },
);
