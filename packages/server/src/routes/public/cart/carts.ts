/**
 * /api/public/cart/carts...: a guest's anonymous cart, known by the id the browser stores
 * (docs/product.md#guest-or-signed-in: created when missing, or when the stored one no longer exists: GET answers 404 then).
 * A signed-in user's cart id is not addressable here. Logic: repositories/carts.ts.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors';
import { cartOptions, cartOrThrow } from '../../../http/cart-result';
import { contractRoute } from '../../../http/contract-route';

export default async function guestCartRoutes(app: FastifyInstance): Promise<void> {
  const { carts } = app.repos;
  const percent = () => app.config.onlineDiscountPercent;

  // with services: created and filled in one call (a first "add to cart"), priced in the settlement; a
  // refused service answers its error and leaves no cart behind
  contractRoute(app, 'cartGuestCreate', async (request) => {
    const { serviceIds } = request.body;
    if (!serviceIds) return carts.create();
    const { settlementId } = request.query;
    if (settlementId == null) throw new AppError(400, 'validation-error', 'validation-required', 'settlementId');
    return cartOrThrow(await carts.createWith(serviceIds, cartOptions({ settlementId }, request, percent())));
  });

  contractRoute(app, 'cartGuestGet', async (request) => {
    const options = cartOptions(request.query, request, percent());
    return cartOrThrow(await carts.get({ cartId: request.params.cartId }, options));
  });

  contractRoute(app, 'cartGuestAdd', async (request) => {
    const options = cartOptions(request.query, request, percent());
    return cartOrThrow(await carts.add({ cartId: request.params.cartId }, request.body.serviceIds, options));
  });

  contractRoute(app, 'cartGuestRemove', async (request) => {
    const options = cartOptions(request.query, request, percent());
    return cartOrThrow(await carts.remove({ cartId: request.params.cartId }, request.body.serviceIds, options));
  });
}
