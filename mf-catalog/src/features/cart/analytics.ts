/** Analytics data-layer events (docs/product.md#calls): pushed only when the page has a data layer. */

export type AnalyticsItem = {
  id: number;
  code: string;
  title: string;
  /** Hryvnia; null when the service has no price in the city. */
  price: number | null;
  packageService: boolean;
};

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** GA4 `add_to_cart` in hryvnia; a broken data layer never breaks the cart action. */
export function pushAddToCart(item: AnalyticsItem): void {
  try {
    const layer = typeof window === 'undefined' ? undefined : window.dataLayer;
    if (!Array.isArray(layer)) return;
    const price = item.price ?? 0;
    layer.push({ ecommerce: null });
    layer.push({
      event: 'add_to_cart',
      ecommerce: {
        currency: 'UAH',
        value: price,
        items: [
          {
            item_id: item.code,
            item_name: item.title,
            item_category: item.packageService ? 'package' : 'analysis',
            price,
            quantity: 1,
          },
        ],
      },
    });
  } catch {
    // analytics is best effort (docs/product.md#errors)
  }
}
