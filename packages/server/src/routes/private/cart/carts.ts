/**
 * /api/private/cart/carts...: the signed-in user's cart (the session's user; the auth plugin refuses
 * guests with 401), and the merge of a guest cart into it after sign-in. Logic: repositories/carts.ts.
 */
import type { FastifyInstance } from 'fastify';
import { cartOptions, cartOrThrow } from '../../../http/cart-result';
import { contractRoute } from '../../../http/contract-route';
import { requireUser } from '../../../plugins/app/auth';

export default async function userCartRoutes(app: FastifyInstance): Promise<void> {
  const { carts } = app.repos;
  const percent = () => app.config.onlineDiscountPercent;

  contractRoute(app, 'cartGet', async (request) => {
    const owner = { userId: requireUser(request).userId };
    return cartOrThrow(await carts.get(owner, cartOptions(request.query, request, percent())));
  });

  contractRoute(app, 'cartAdd', async (request) => {
    const owner = { userId: requireUser(request).userId };
    return cartOrThrow(await carts.add(owner, request.body.serviceIds, cartOptions(request.query, request, percent())));
  });

  contractRoute(app, 'cartRemove', async (request) => {
    const owner = { userId: requireUser(request).userId };
    const options = cartOptions(request.query, request, percent());
    return cartOrThrow(await carts.remove(owner, request.body.serviceIds, options));
  });

  /** Repeatable: a guest cart that no longer exists merges nothing and the user's cart is answered. */
  contractRoute(app, 'cartMerge', async (request) => {
    const { userId } = requireUser(request);
    const options = cartOptions(request.query, request, percent());
    return cartOrThrow(await carts.merge(request.params.cartId, userId, options));
  });
}
