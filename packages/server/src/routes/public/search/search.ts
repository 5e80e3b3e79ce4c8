/**
 * /api/public/search/search: analyses, packages, categories and branches matching a query (see
 * repositories/search.ts for how; the settlement is checked in the search's own statement). A blank
 * query answers 400 (docs/product.md#validation: an empty query cannot be submitted); longer than 100 characters,
 * 400 from the schema.
 */
import type { FastifyInstance } from 'fastify';
import { invalidField, notFound } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';

/** The contract's PageSize default. */
const DEFAULT_SIZE = 20;

export default async function searchRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'search', async (request) => {
    const { settlementId, query, types, page = 0, size = DEFAULT_SIZE } = request.body;
    if (query.trim() === '') throw invalidField('query', 'search-query-empty');
    const found = await app.repos.search.search({ settlementId, query, types, page, size }, request.locale);
    if (found === 'settlement-not-found') throw notFound(found);
    if (found === 'nothing-to-search') {
      // an unknown city answers 404 before a query of punctuation alone answers 400
      if (!(await app.repos.settlements.exists(settlementId))) throw notFound('settlement-not-found');
      throw invalidField('query', 'search-query-empty');
    }
    return found;
  });
}
