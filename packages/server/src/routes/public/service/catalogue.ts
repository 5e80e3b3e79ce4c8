/**
 * /api/public/service/services/... and /api/public/content/services/...: the catalogue of analyses and
 * packages: group trees, lists, the analysis/package page, preparation, related and popular services,
 * genealogy. Titles follow Accept-Language; prices are those of the `settlementId`.
 */
import type { FastifyInstance } from 'fastify';
import { invalidField, notFound } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';

/** The contract's PageSize default. */
const DEFAULT_SIZE = 20;

export default async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const { services, groups, settlements } = app.repos;

  const requireSettlement = async (settlementId: number) => {
    if (!(await settlements.exists(settlementId))) throw notFound('settlement-not-found');
  };
  const requireService = async (serviceId: number) => {
    if (!(await services.exists(serviceId))) throw notFound('service-not-found');
  };

  contractRoute(app, 'serviceGroupTree', async (request) => groups.tree(request.locale));

  contractRoute(app, 'serviceList', async (request) => {
    const { page = 0, size = DEFAULT_SIZE } = request.query;
    const { settlementId, groupIds, subgroupId, query, serviceIds, packageService, gender, priceSort } = request.body;
    if (query !== undefined && query.trim() === '') throw invalidField('query', 'search-query-empty');
    await requireSettlement(settlementId);
    if (subgroupId !== undefined && !(await groups.exists(subgroupId))) {
      throw invalidField('subgroupId', 'group-not-found');
    }
    return services.list(
      { settlementId, groupIds, subgroupId, query, serviceIds, packageService, gender, priceSort, page, size },
      request.locale,
    );
  });

  contractRoute(app, 'serviceBySlug', async (request) => {
    await requireSettlement(request.query.settlementId);
    const info = await services.bySlug(request.params.slug, request.query.settlementId, request.locale);
    if (!info) throw notFound('service-not-found');
    return info;
  });

  contractRoute(app, 'servicePreparation', async (request) => {
    const found = await services.preparation(request.params.id, request.locale);
    if (!found) throw notFound('service-not-found');
    return found;
  });

  contractRoute(app, 'preparationRules', async (request) => services.preparationRules(request.locale));

  contractRoute(app, 'serviceClientsBuy', async (request) => {
    const { settlementId, serviceId } = request.query;
    await requireSettlement(settlementId);
    await requireService(serviceId);
    return services.clientsBuy(serviceId, settlementId, request.locale);
  });

  contractRoute(app, 'servicePackages', async (request) => {
    await requireSettlement(request.query.settlementId);
    await requireService(request.params.id);
    return services.packagesOf(request.params.id, request.query.settlementId, request.locale);
  });

  contractRoute(app, 'servicesPopular', async (request) => {
    await requireSettlement(request.query.settlementId);
    return services.popular(request.query.settlementId, request.locale);
  });

  contractRoute(app, 'serviceGenealogy', async (request) => {
    const [genealogy] = await groups.genealogies([request.params.id], request.locale);
    if (!genealogy) throw notFound('service-not-found');
    return genealogy;
  });

  /** Unknown or hidden ids are left out of the answer (a batch lookup). */
  contractRoute(app, 'serviceGenealogies', async (request) => groups.genealogies(request.body.ids, request.locale));
}
