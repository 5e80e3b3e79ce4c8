/** /api/public/content/menus/...: header and footer menus. */
import type { MenuType } from '@lab/api/contract';
import type { FastifyInstance } from 'fastify';
import { invalidField } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';
import { csvValues } from '../../../repositories/sql';

const MENU_TYPES: readonly string[] = ['header', 'footer'] satisfies MenuType[];

export default async function menuRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'menus', async (request) => {
    const types = csvValues(request.query.types);
    if (types.some((type) => !MENU_TYPES.includes(type))) throw invalidField('types', 'validation-enum');
    return app.repos.content.menus(types.length > 0 ? (types as MenuType[]) : null, request.locale);
  });
}
