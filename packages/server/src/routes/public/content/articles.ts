/** /api/public/content/articles/...: static pages (about, getapp ...) by type. */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';

export default async function articleRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'articleByType', async (request) => {
    const article = await app.repos.content.articleByType(request.params.type, request.locale);
    if (!article) throw notFound('article-not-found');
    return article;
  });
}
