import { onlineDiscountPercent, useAppConfiguration } from '@lab/api';

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
