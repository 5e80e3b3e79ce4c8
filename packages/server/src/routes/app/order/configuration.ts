/**
 * /api/app/order/default/configuration: the payment type the checkout preselects and the online-payment
 * discount in percent.
 */
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../../http/contract-route';

export default async function configurationRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'appConfiguration', async () => ({
    systemPaymentType: app.config.systemPaymentType,
    // ONLINE_DISCOUNT_PERCENT: the cart applies it (domain/pricing.ts); the site shows it in its texts
    onlineDiscountPercent: app.config.onlineDiscountPercent,
  }));
}
