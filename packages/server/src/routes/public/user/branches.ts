/** /api/public/user/branches/...: settlements (cities) and their branches. */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';

export default async function branchRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'settlementsList', async (request) => {
    const { sort, includePartners = true } = request.query;
    const rows = await app.repos.settlements.list(request.locale, { includePartners, sort });
    return {
      settlements: rows.map(({ id, title, sourceId, lat, lon }) => ({ id, title, sourceId, lat, lon })),
      branchCount: rows.reduce((sum, row) => sum + row.branchCount, 0),
    };
  });

  contractRoute(app, 'settlementNearest', async (request) => {
    const id = await app.repos.settlements.nearest(request.body, request.query.includePartners ?? true);
    if (id === null) throw notFound('settlement-not-found');
    return { id };
  });

  contractRoute(app, 'settlementBranches', async (request) => {
    const { id } = request.params;
    if (!(await app.repos.settlements.exists(id))) throw notFound('settlement-not-found');
    return app.repos.settlements.branches(id, request.locale, request.query.includePartners ?? true);
  });
}
