/**
 * /api/public/service/discounts/search/{code}: promo code check. A valid code answers the discount;
 * an unknown, expired or used-up code answers 404 `wrong-promo` with the localized wrong-promo message
 * (the client treats any 404 as "invalid or expired" and empties the stored promo).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors';
import { contractRoute } from '../../../http/contract-route';

export default async function discountRoutes(app: FastifyInstance): Promise<void> {
  contractRoute(app, 'discountByCode', async (request) => {
    const result = await app.repos.discounts.check(request.params.code);
    if (!result.ok) throw new AppError(404, 'wrong-promo', 'wrong-promo', 'code');
    return result.discount;
  });
}
