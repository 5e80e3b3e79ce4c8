/** /api/app/order/default/configuration: the payment type the checkout preselects. */
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../../http/contract-route';

export default async function configurationRoutes(app: FastifyInstance): Promise<void> {
  // The online discount (ONLINE_DISCOUNT_PERCENT, app.config.onlineDiscountPercent) has no field in the
  // contract's AppConfiguration yet; the cart and order code read it from app.config.
  contractRoute(app, 'appConfiguration', async () => ({ systemPaymentType: app.config.systemPaymentType }));
}
