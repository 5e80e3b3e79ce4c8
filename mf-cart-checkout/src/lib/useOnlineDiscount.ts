import { type Cart, onlineDiscountPercent, useAppConfiguration } from '@lab/api';
import type { DiscountTerms } from '../components/TotalsList';

/**
 * The online-payment discount in percent, as the server applies it (the app configuration call), or
 * the deployment's VITE_ONLINE_DISCOUNT until that answers; 0 when there is none.
 */
export function useOnlineDiscount(): number {
  const { data } = useAppConfiguration();
  return data?.onlineDiscountPercent ?? onlineDiscountPercent() ?? 0;
}

/** 0.1 -> 10, 0.125 -> 12.5 */
export const fractionToPercent = (fraction: number): number => Math.round(fraction * 10_000) / 100;

/** The terms that name a cart's discount lines: the online percent, the applied promo's percent and code. */
export function useDiscountTerms(cart: Pick<Cart, 'promo' | 'promoCode'> | undefined): DiscountTerms {
  const onlinePercent = useOnlineDiscount();
  return {
    onlinePercent,
    promoPercent: cart?.promo == null ? null : fractionToPercent(cart.promo),
    promoCode: cart?.promoCode ?? null,
  };
}
