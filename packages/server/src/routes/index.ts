/**
 * All routes, one plugin per URL area (folders mirror `/api/<client>/<area>/...`). A new area is one
 * file with `contractRoute(app, '<route key>', handler)` calls, registered here.
 */
import type { FastifyInstance } from 'fastify';
import accountRoutes from './accounts';
import orderConfigurationRoutes from './app/order/configuration';
import vitalsRoutes from './app/vitals';
import catalogueAreaRoutes from './catalogue';
import healthRoutes from './health';
import articleRoutes from './public/content/articles';
import documentRoutes from './public/content/documents';
import equipmentRoutes from './public/content/equipment';
import homeVisitRoutes from './public/content/home-visits';
import menuRoutes from './public/content/menus';
import mobileAppRoutes from './public/content/mobile-app';
import newsRoutes from './public/content/news';
import referenceRoutes from './public/core/reference';
import discountRoutes from './public/service/discounts';
import branchRoutes from './public/user/branches';

export default async function routes(app: FastifyInstance): Promise<void> {
  // /api/health, /api/ready
  await app.register(healthRoutes);
  // /api/public
  await app.register(branchRoutes);
  await app.register(menuRoutes);
  await app.register(articleRoutes);
  await app.register(homeVisitRoutes);
  await app.register(mobileAppRoutes);
  await app.register(newsRoutes);
  await app.register(documentRoutes);
  await app.register(equipmentRoutes);
  await app.register(referenceRoutes);
  await app.register(discountRoutes);
  // /api/app
  await app.register(orderConfigurationRoutes);
  await app.register(vitalsRoutes);
  // accounts, sign-in, orders, payments, results (/api/public, /api/private, /api/sandbox, /api/dev)
  await app.register(accountRoutes);
  // catalogue, search, carts (/api/public, /api/private)
  await app.register(catalogueAreaRoutes);
}
