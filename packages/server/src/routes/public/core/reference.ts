/** /api/public/core/...: reference lists of the registration and doctor forms. */
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../../http/contract-route';

export default async function referenceRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'genders', async (request) => app.repos.reference.genders(request.locale));
  contractRoute(app, 'specializations', async (request) => app.repos.reference.specializations(request.locale));
}
