import { announceCart, getStored, useActsAsDoctor, useVisitorCart } from '@lab/api';
import { useCallback, useState } from 'react';
import { type AnalyticsItem, pushAddToCart } from './analytics';

export type CartCandidate = AnalyticsItem;

export type AddToCart = {
  /** Doctors see prices without cart actions (docs/product.md#roles). */
  doctor: boolean;
  /** No city chosen yet: prices and the cart wait for it. */
  ready: boolean;
  inCart: (serviceId: number) => boolean;
  /** The service being added, to show its button busy. */
  adding: number | null;
  /** Adds one service; rejects with the ApiError of a failed call. */
  add: (service: CartCandidate) => Promise<void>;
};

/**
 * The catalogue's cart action: through the visitor's cart (a guest cart is created and stored
 * first), then `cart:changed` on the bus and `add_to_cart` for analytics.
 */
export function useAddToCart(): AddToCart {
  const cart = useVisitorCart();
  const doctor = useActsAsDoctor();
  const [adding, setAdding] = useState<number | null>(null);
  const { add: addToCart, has, settlementId } = cart;

  const add = useCallback(
    async (service: CartCandidate) => {
      setAdding(service.id);
      try {
        await addToCart([service.id]);
        // the guest's cart id (now stored), null for a signed-in user's cart
        announceCart(getStored('cartId'));
        pushAddToCart(service);
      } finally {
        setAdding(null);
      }
    },
    [addToCart],
  );

  return { doctor, ready: settlementId != null, inCart: has, adding, add };
}
