/** Analytics data-layer events (docs/product.md#calls): pushed only when the page has a data layer. */
import type { CartItem, UnavailableCartItem } from '@lab/api';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * GA4 `remove_from_cart` in hryvnia. Best effort (docs/product.md#errors): a missing or broken data layer is
 * ignored, so the deletion dialog still closes.
 */
export function pushRemoveFromCart(item: CartItem | UnavailableCartItem): void {
  try {
    // a line not offered in the chosen city has no price there: it is removed at no value
    const price = 'price' in item ? item.price : 0;
    const layer = typeof window === 'undefined' ? undefined : window.dataLayer;
    if (!Array.isArray(layer)) return;
    layer.push({ ecommerce: null });
    layer.push({
      event: 'remove_from_cart',
      ecommerce: {
        currency: 'UAH',
        value: price,
        items: [
          {
            item_id: item.service.code,
            item_name: item.service.title,
            item_category: item.service.packageService ? 'package' : 'analysis',
            price,
            quantity: 1,
          },
        ],
      },
    });
  } catch {
    // analytics never breaks the cart
  }
}
