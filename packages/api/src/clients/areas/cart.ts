import type { Cart, Discount } from '../../contract/cart';
import { send } from '../send';

/**
 * Cart calls. `cartId` is the guest's anonymous cart (public client); null means the signed-in
 * user's own cart (private client), whose id the server knows from the session.
 */
export const cart = {
  /** A new guest cart: empty, or holding `serviceIds` priced in `settlementId` (one call for a first add). */
  create: (serviceIds?: number[], settlementId?: number): Promise<Cart> =>
    serviceIds && settlementId != null
      ? send('cartGuestCreate', { query: { settlementId }, body: { serviceIds } })
      : send('cartGuestCreate', { body: {} }),
  get: (cartId: string | null, settlementId: number): Promise<Cart> =>
    cartId
      ? send('cartGuestGet', { params: { cartId }, query: { settlementId } })
      : send('cartGet', { query: { settlementId } }),
  add: (cartId: string | null, serviceIds: number[], settlementId: number): Promise<Cart> =>
    cartId
      ? send('cartGuestAdd', { params: { cartId }, query: { settlementId }, body: { serviceIds } })
      : send('cartAdd', { query: { settlementId }, body: { serviceIds } }),
  remove: (cartId: string | null, serviceIds: number[], settlementId: number): Promise<Cart> =>
    cartId
      ? send('cartGuestRemove', { params: { cartId }, query: { settlementId }, body: { serviceIds } })
      : send('cartRemove', { query: { settlementId }, body: { serviceIds } }),
  /** After sign-in: moves the guest cart's items into the user's cart. */
  merge: (guestCartId: string, settlementId: number): Promise<Cart> =>
    send('cartMerge', { params: { cartId: guestCartId }, query: { settlementId } }),
  /**
   * Applies a promo code to the cart and answers the repriced cart; `''` removes the cart's promo. An
   * invalid or expired code answers 400 `wrong-promo`, and the server removes the cart's promo.
   */
  applyPromo: (cartId: string | null, promoCode: string, settlementId: number): Promise<Cart> =>
    cartId
      ? send('cartGuestGet', { params: { cartId }, query: { settlementId, promoCode } })
      : send('cartGet', { query: { settlementId, promoCode } }),
  /** Promo code check; a 404 means invalid or expired. */
  discount: (code: string): Promise<Discount> => send('discountByCode', { params: { code } }),
};
