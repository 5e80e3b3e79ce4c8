/** /api/public/content/documents...: licences and certificates (docs/product.md#constants: 8 a page by default). */
import type { DocumentType } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { invalidField, notFound } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';
import { csvIds, csvValues } from '../../../repositories/sql';

const DOCUMENT_TYPES: readonly string[] = ['licence', 'certificate'] satisfies DocumentType[];
const DEFAULT_SIZE = 8;

export default async function documentRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'documentsList', async (request) => {
    const { page = 0, size = DEFAULT_SIZE, types, excludeIds } = request.query;
    const typeList = csvValues(types);
    if (typeList.some((type) => !DOCUMENT_TYPES.includes(type))) throw invalidField('types', 'validation-enum');
    return app.repos.content.documentsList(
      { page, size, types: typeList as DocumentType[], excludeIds: csvIds(excludeIds, 'excludeIds') },
      request.locale,
    );
  });

  contractRoute(app, 'documentBySlug', async (request) => {
    const document = await app.repos.content.documentBySlug(request.params.slug, request.locale);
    if (!document) throw notFound('document-not-found');
    return document;
  });
}
