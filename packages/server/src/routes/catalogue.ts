/**
 * The routes of the catalogue, search and carts (issue "API server, part 1"), in one place so that
 * routes/index.ts needs a single line for them.
 */
import type { FastifyInstance } from 'fastify';
import userCartRoutes from './private/cart/carts';
import guestCartRoutes from './public/cart/carts';
import searchRoutes from './public/search/search';
import catalogueRoutes from './public/service/catalogue';

export default async function catalogueAreaRoutes(app: FastifyInstance): Promise<void> {
  // /api/public
  await app.register(catalogueRoutes);
  await app.register(searchRoutes);
  await app.register(guestCartRoutes);
  // /api/private (the session's user)
  await app.register(userCartRoutes);
}
