/** /api/public/content/articles/...: static pages (about, getapp ...) by type. */
import type { FastifyInstance } from 'fastify';
import { HOME_VISIT_TERMS_MARK, homeVisitTermsHtml } from '../../../domain/home-visit-page';
import { notFound } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';
import { homeVisitTerms } from './home-visits';

export default async function articleRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'articleByType', async (request) => {
    const article = await app.repos.content.articleByType(request.params.type, request.locale);
    if (!article) throw notFound('article-not-found');
    // the home-visit page's terms come from the data checkout uses, never from the article's own text
    if (!article.content.includes(HOME_VISIT_TERMS_MARK)) return article;
    const terms = homeVisitTermsHtml(await homeVisitTerms(app, request.locale), request.locale);
    return { ...article, content: article.content.replace(HOME_VISIT_TERMS_MARK, terms) };
  });
}
