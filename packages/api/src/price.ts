import type { DisplayPrice, ServicePrice } from './contract/common';

/** Spec section 3 "Price": the two amounts differing means a discount, otherwise the original price. */
export function toDisplayPrice({ price, originalPrice }: ServicePrice): DisplayPrice {
  return {
    type: price.price !== originalPrice.price ? 'discount' : 'other',
    price: price.price,
    fullPrice: originalPrice.price,
  };
}
