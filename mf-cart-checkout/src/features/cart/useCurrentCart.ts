import { useCart, useSession, useStored } from '@lab/api';

/**
 * The cart the header and the cart page show: the signed-in user's cart, or the guest's stored
 * anonymous cart, priced in the chosen city (a city change re-prices it: the SWR key changes).
 * A guest without a cart id has an empty cart and causes no request.
 */
export function useCurrentCart() {
  const { signedIn } = useSession();
  const cartId = useStored('cartId');
  const cityId = useStored('cityId');
  const hasCart = signedIn || cartId != null;
  return useCart(signedIn ? null : cartId, hasCart ? cityId : null);
}
