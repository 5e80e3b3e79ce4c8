/** /api/public/content/news...: news and promotions, one page at a time, and "similar" lists. */
import type { NewsType } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { invalidField, notFound } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';
import { csvIds, csvValues } from '../../../repositories/sql';

const NEWS_TYPES: readonly string[] = ['news', 'promotion'] satisfies NewsType[];
/** The contract's PageSize default. */
const DEFAULT_SIZE = 20;

export default async function newsRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'newsList', async (request) => {
    const { page = 0, size = DEFAULT_SIZE, types, excludeIds } = request.query;
    const typeList = csvValues(types);
    if (typeList.some((type) => !NEWS_TYPES.includes(type))) throw invalidField('types', 'validation-enum');
    return app.repos.content.newsList(
      {
        page,
        size,
        types: typeList as NewsType[],
        excludeIds: csvIds(excludeIds, 'excludeIds'),
        direction: request.query['sort-direction'] ?? 'desc',
      },
      request.locale,
    );
  });

  contractRoute(app, 'newsBySlug', async (request) => {
    const item = await app.repos.content.newsBySlug(request.params.slug, request.locale);
    if (!item) throw notFound('news-not-found');
    // a promotion's days, value and scope are its code's, never a second copy in its text
    return { ...item, promo: await app.repos.discounts.termsOfNews(item.id, request.locale) };
  });
}
