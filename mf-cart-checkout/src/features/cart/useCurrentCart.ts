import { getStored, useCart, useSession } from '@lab/api';

/**
 * The cart the header shows: the signed-in user's cart, or the guest's stored anonymous cart.
 * A guest without a cart id has an empty cart and causes no request.
 */
export function useCurrentCart() {
  const { signedIn } = useSession();
  const cartId = getStored('cartId');
  const cityId = getStored('cityId');
  const hasCart = signedIn || cartId != null;
  return useCart(signedIn ? null : cartId, hasCart ? cityId : null);
}
