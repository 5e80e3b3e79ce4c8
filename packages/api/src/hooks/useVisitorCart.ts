import { useLocale } from '@lab/i18n';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../clients/api';
import type { Cart } from '../contract/cart';
import { setStored } from '../storage';
import { useStored } from '../useStored';
import { apiKeys } from './keys';
import { addOnce, usePendingCartAdds } from './pendingCart';
import { type CartState, useCart } from './useCart';
import { useSession } from './useSession';

export type VisitorCart = CartState & {
  /** The guest's stored cart id; null for a signed-in user (their cart is the session's). */
  cartId: string | null;
  /** The chosen city's id (`cityId`), which prices the cart; null while unknown. */
  settlementId: number | null;
  /** Whether a service is in the cart, as an item or as a package-derived line, or on its way there. */
  has: (serviceId: number) => boolean;
};

/** The guest cart being created right now, if any (one page, one creation at a time). */
let guestCartCreation: Promise<Cart> | null = null;

/**
 * The cart of whoever is visiting, priced in the chosen city: the signed-in user's cart, or the
 * guest's anonymous cart stored under `cartId`. `add` shows the services in the cart at once (`has`,
 * pendingCart.ts) and calls the server behind it: a guest without a cart (none stored, or the stored one
 * no longer exists on the server: docs/product.md#cart) gets one created with them in the same call, stored
 * once its answer is in the cache, so the header badge, which reads `useStored('cartId')`, follows.
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
    (serviceIds: number[]): Promise<Cart> => {
      if (settlementId == null) return Promise.reject(new Error('The cart needs a city'));
      return addOnce(serviceIds, async (fresh) => {
        if (!missing) return addToKnownCart(fresh);
        // a second add while the guest's cart is being created goes into that cart, not a second one
        if (guestCartCreation) {
          const created = await guestCartCreation;
          const next = await api.cart.add(created.id, fresh, settlementId);
          await mutate(apiKeys.cart(next.id, settlementId, locale), next, { revalidate: false });
          return next;
        }
        guestCartCreation = api.cart.create(fresh, settlementId);
        try {
          const next = await guestCartCreation;
          await mutate(apiKeys.cart(next.id, settlementId, locale), next, { revalidate: false });
          setStored('cartId', next.id);
          return next;
        } finally {
          guestCartCreation = null;
        }
      });
    },
    [settlementId, missing, addToKnownCart, mutate, locale],
  );

  const { data } = cart;
  const pending = usePendingCartAdds();
  const has = useCallback(
    (serviceId: number) =>
      pending.has(serviceId) ||
      (!!data &&
        (data.items.some((item) => item.serviceId === serviceId) ||
          data.additionalItems.some((item) => item.serviceId === serviceId))),
    [data, pending],
  );

  return Object.assign(cart, { add, has, cartId, settlementId });
}
