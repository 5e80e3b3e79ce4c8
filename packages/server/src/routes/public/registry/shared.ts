/**
 * /api/public/registry/shared/{token}: a recipient reads shared results with the link's code, without
 * the owner's session (and without one of their own): the order's results read-only, and its PDF. The
 * code travels in the body, never in the URL (no log keeps it). Wrong codes are limited and every try
 * audited (auth/share-access.ts).
 */
import type { FastifyInstance } from 'fastify';
import { openShare } from '../../../auth/share-access';
import { resultsPdf } from '../../../domain/results-pdf';
import { notFound } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';
import { requestOrigin } from '../../../plugins/app/auth';

export default async function sharedResultsRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'sharedResults', async (request, reply) => {
    const share = await openShare(app, request, request.params.token, request.body.code, 'shared-results-read');
    const registry = await app.repos.results.registry(
      share.registryId,
      { userId: share.ownerUserId, doctorId: null },
      request.locale,
    );
    if (!registry) throw notFound('registry-not-found');
    void reply.header('cache-control', 'private, no-store');
    return { registry, expiresAt: share.expiresAt };
  });

  contractRoute(app, 'sharedResultsPdf', async (request, reply) => {
    const { token } = request.params;
    const share = await openShare(app, request, token, request.body.code, 'shared-results-pdf');
    const scope = { userId: share.ownerUserId, doctorId: null };
    const [registry, order, details] = await Promise.all([
      app.repos.results.registry(share.registryId, scope, request.locale),
      app.repos.orders.get({ registryId: share.registryId }, scope, request.locale),
      app.repos.results.pdfDetails(share.registryId),
    ]);
    if (!registry || !order || !details) throw notFound('registry-not-found');
    const pdf = await resultsPdf({
      registry,
      order,
      details,
      resultsUrl: `${requestOrigin(request)}/shared/${token}`,
      shared: true,
      locale: request.locale,
    });
    void reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="results-${registry.number}.pdf"`)
      .header('cache-control', 'private, no-store');
    return pdf;
  });
}
