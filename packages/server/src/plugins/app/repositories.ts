/** The repositories over the instance's database: `app.repos.settlements.list(...)`. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRepositories, type Repositories } from '../../repositories';
import { createCatalogueMemo } from '../../repositories/catalogue-memo';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    // the memo holds (id, rank or flags) rows: about 16 bytes each; search hits and listings each
    // within an eighth of the cache's bytes
    const cacheBytes = app.config.publicCacheBytes;
    const catalogueMemo = cacheBytes > 0 ? createCatalogueMemo(Math.floor(cacheBytes / 8 / 16)) : undefined;
    app.decorate(
      'repos',
      createRepositories(app.db, { clock: app.clock, ...(catalogueMemo ? { catalogueMemo } : {}) }),
    );
  },
  { name: 'repositories', dependencies: ['database', 'config'] },
);
