import { useLocale } from '@lab/i18n';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../clients/api';
import type { Cart } from '../contract/cart';
import { useStored } from '../useStored';
import { apiKeys } from './keys';
import { type CartState, useCart } from './useCart';
import { useSession } from './useSession';

export type VisitorCart = CartState & {
  /** The guest's stored cart id; null for a signed-in user (their cart is the session's). */
  cartId: string | null;
  /** The chosen city's id (`cityId`), which prices the cart; null while unknown. */
  settlementId: number | null;
  /** Whether a service is in the cart, as an item or as a package-derived line. */
  has: (serviceId: number) => boolean;
};

/**
 * The cart of whoever is visiting, priced in the chosen city: the signed-in user's cart, or the
 * guest's anonymous cart stored under `cartId`. `add` first ensures the guest has a cart (spec
 * section 4: created when missing or when the stored one no longer exists on the server), so the
 * header badge, which reads `useStored('cartId')`, follows at once.
 */
export function useVisitorCart(): VisitorCart {
  const { signedIn } = useSession();
  const storedCartId = useStored('cartId');
  const settlementId = useStored('cityId');
  const locale = useLocale();
  const { mutate } = useSWRConfig();
  const cartId = signedIn ? null : storedCartId;
  const cart = useCart(cartId, signedIn || cartId != null ? settlementId : null);
  const { add: addToKnownCart, error } = cart;
  const missing = !signedIn && (cartId == null || error?.status === 404);

  const add = useCallback(
    async (serviceIds: number[]): Promise<Cart> => {
      if (settlementId == null) throw new Error('The cart needs a city');
      if (!missing) return addToKnownCart(serviceIds);
      const guest = await api.cart.ensureGuest(settlementId);
      const next = await api.cart.add(guest.id, serviceIds, settlementId);
      await mutate(apiKeys.cart(guest.id, settlementId, locale), next, { revalidate: false });
      return next;
    },
    [settlementId, missing, addToKnownCart, mutate, locale],
  );

  const { data } = cart;
  const has = useCallback(
    (serviceId: number) =>
      !!data &&
      (data.items.some((item) => item.serviceId === serviceId) ||
        data.additionalItems.some((item) => item.serviceId === serviceId)),
    [data],
  );

  return Object.assign(cart, { add, has, cartId, settlementId });
}
