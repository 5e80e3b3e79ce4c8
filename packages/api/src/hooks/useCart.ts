import { useLocale } from '@lab/i18n';
import { useCallback } from 'react';
import { api } from '../clients/api';
import type { Cart } from '../contract/cart';
import { apiKeys } from './keys';
import { type ApiResponse, useApiSWR } from './swr';

export type CartState = ApiResponse<Cart> & {
  /** Adds services, then writes the returned cart into the shared cache (every reader re-renders). */
  add: (serviceIds: number[]) => Promise<Cart>;
  /** Removes services; package-derived lines (additionalItems) are not removable on their own. */
  remove: (serviceIds: number[]) => Promise<Cart>;
  /**
   * Applies a promo code ('' removes it) and writes the repriced cart into the shared cache. A refused
   * code rejects with the server's ApiError (400 `wrong-promo`) after the cart is read again: the server
   * has emptied the cart's promo (docs/product.md#validation).
   */
  applyPromo: (promoCode: string) => Promise<Cart>;
};

/**
 * The cart in a city: `cartId` is the guest's anonymous cart (public client), null the signed-in
 * user's cart (private client). No request while the city is unknown.
 */
export function useCart(cartId: string | null, settlementId: number | null): CartState {
  const locale = useLocale();
  const response = useApiSWR(settlementId == null ? null : apiKeys.cart(cartId, settlementId, locale), ([, id, city]) =>
    api.cart.get(id, city),
  );
  const { mutate } = response;
  const change = useCallback(
    async (action: 'add' | 'remove', serviceIds: number[]) => {
      if (settlementId == null) throw new Error('The cart needs a city');
      const next = await api.cart[action](cartId, serviceIds, settlementId);
      await mutate(next, { revalidate: false });
      return next;
    },
    [cartId, settlementId, mutate],
  );
  const add = useCallback((serviceIds: number[]) => change('add', serviceIds), [change]);
  const remove = useCallback((serviceIds: number[]) => change('remove', serviceIds), [change]);
  const applyPromo = useCallback(
    async (promoCode: string) => {
      if (settlementId == null) throw new Error('The cart needs a city');
      try {
        const next = await api.cart.applyPromo(cartId, promoCode.trim(), settlementId);
        await mutate(next, { revalidate: false });
        return next;
      } catch (error) {
        await mutate().catch(() => undefined);
        throw error;
      }
    },
    [cartId, settlementId, mutate],
  );
  return Object.assign(response, { add, remove, applyPromo });
}
