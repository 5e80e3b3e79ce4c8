import type { Cart, UnavailableCartItem } from '../contract/cart';
import { useStored } from '../useStored';
import { type CartState, useCart } from './useCart';
import { useActsAsDoctor, useSession } from './useSession';

const NONE: readonly UnavailableCartItem[] = [];

/** The cart's lines that cannot be ordered in the chosen city (an older server sends none). */
export function unavailableOf(cart: Cart | undefined): readonly UnavailableCartItem[] {
  return cart?.unavailableItems ?? NONE;
}

export type CurrentCart = CartState & {
  /** Acting as a doctor (docs/product.md#roles): no cart amount, no cart actions, and no cart request. */
  doctor: boolean;
  /** The guest's stored cart id; null for a signed-in user's cart. */
  cartId: string | null;
  /** The chosen city, which prices the cart; null while unknown. */
  cityId: number | null;
  /** Still finding out whose cart to show (the session), or reading it. */
  loading: boolean;
  /** Whether there is no cart to show: a guest without a (live) cart, or a doctor. */
  none: boolean;
};

/**
 * The cart the header (the shell's stand-in, then mf-cart-checkout's button), the cart page and the
 * checkout show: the signed-in user's cart, or the guest's
 * stored anonymous cart, priced in the chosen city (a city change re-prices it: the SWR key holds the
 * city). A guest without a cart id, and a doctor, have an empty cart and cause no request; a guest's
 * stored cart that no longer exists on the server (404) reads as empty too.
 */
export function useCurrentCart(): CurrentCart {
  const session = useSession();
  const { signedIn } = session;
  const storedCartId = useStored('cartId');
  const cityId = useStored('cityId');
  const doctor = useActsAsDoctor();
  const cartId = signedIn ? null : storedCartId;
  const hasCart = !doctor && (signedIn || cartId != null);
  const cart = useCart(cartId, hasCart ? cityId : null);
  const gone = !signedIn && cart.error?.status === 404;
  const sessionPending = session.isLoading && !session.info;
  return Object.assign(cart, {
    doctor,
    cartId,
    cityId,
    loading: !doctor && (sessionPending || (hasCart && cityId == null) || cart.isLoading),
    none: doctor || !hasCart || gone,
  });
}

/**
 * What the header's badge counts: the services the visitor chose (those not orderable in the city
 * too), not the ones added automatically with them (a blood draw), which the cart lists apart; and the
 * services on their way into the cart (`pending`), counted from the tap, not from the server's answer.
 */
export function cartCount(cart: Cart | undefined, pending: ReadonlySet<number> = new Set()): number {
  const chosen = new Set([
    ...(cart?.items ?? []).map((item) => item.serviceId),
    ...unavailableOf(cart).map((item) => item.serviceId),
  ]);
  return (
    (cart ? cart.items.length + unavailableOf(cart).length : 0) + [...pending].filter((id) => !chosen.has(id)).length
  );
}

/** The header's count of `cart` (the shell's stand-in and the live button alike): none for a doctor. */
export function headerCartCount(cart: CurrentCart, pending: ReadonlySet<number>): number {
  return cart.doctor ? 0 : cartCount(cart.none ? undefined : cart.data, pending);
}
