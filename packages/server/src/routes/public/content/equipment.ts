/** /api/public/content/equipments/enabled: the laboratory's analysers. */
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../../http/contract-route';

export default async function equipmentRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'equipment', async (request) => app.repos.content.equipment(request.locale));
}
