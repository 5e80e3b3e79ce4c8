import type { Cart } from '../contract/cart';
import { getStored, setStored } from '../storage';
import { cart } from './areas/cart';
import { ApiError } from './errors';

/**
 * A guest's cart, created when none is stored or the stored one no longer exists on the server
 * (docs/product.md#guest-or-signed-in); the id is remembered under `cartId`.
 */
export async function ensureGuestCart(settlementId: number): Promise<Cart> {
  const storedId = getStored('cartId');
  if (storedId) {
    try {
      return await cart.get(storedId, settlementId);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  const created = await cart.create();
  setStored('cartId', created.id);
  return created;
}
