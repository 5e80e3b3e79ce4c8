/** A cart repository's result as the HTTP answer: the cart, or the AppError of its failure. */
import type { Cart, CartQuery } from '@lab/api/contract';
import { AppError, notFound } from '../errors';
import type { Locale } from '../i18n/messages';
import type { CartOptions, CartResult } from '../repositories/carts';

export function cartOrThrow(result: CartResult): Cart {
  if (result.ok) return result.cart;
  switch (result.error) {
    case 'cart-not-found':
      throw notFound('cart-not-found');
    case 'settlement-not-found':
      throw notFound('settlement-not-found');
    case 'wrong-promo':
      throw new AppError(400, 'wrong-promo', 'wrong-promo', 'promoCode');
    case 'unavailable':
      throw new AppError(400, 'service-unavailable', 'cart-service-unavailable', 'serviceIds');
    case 'not-removable':
      throw new AppError(400, 'not-removable', 'cart-item-not-removable', 'serviceIds');
    case 'full':
      throw new AppError(400, 'cart-full', 'cart-full', 'serviceIds', { max: result.max });
  }
}

/** The repository's options from a cart route's query string and the request. */
export function cartOptions(
  query: CartQuery,
  request: { readonly locale: Locale },
  onlineDiscountPercent: number,
): CartOptions {
  return {
    settlementId: query.settlementId,
    promoCode: query.promoCode,
    locale: request.locale,
    onlineDiscountPercent,
  };
}
