import type { DisplayPrice, ServicePrice } from './contract/common';

/** docs/product.md#entities "Price": the two amounts differing means a discount, otherwise the original price. */
export function toDisplayPrice({ price, originalPrice, additional }: ServicePrice): DisplayPrice {
  const display: DisplayPrice = {
    type: price.price !== originalPrice.price ? 'discount' : 'other',
    price: price.price,
    fullPrice: originalPrice.price,
  };
  return additional && additional.price > 0 ? { ...display, additional: additional.price } : display;
}
