/** The repositories over the instance's database: `app.repos.settlements.list(...)`. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRepositories, type Repositories } from '../../repositories';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('repos', createRepositories(app.db, { clock: app.clock }));
  },
  { name: 'repositories', dependencies: ['database', 'config'] },
);
