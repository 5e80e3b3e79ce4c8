/** App client's configuration call (spec section 7 "App client"). */
import { type Static, Type } from '@sinclair/typebox';
import { PaymentType } from './orders';

/**
 * systemPaymentType: the payment type the checkout preselects. onlineDiscountPercent: percent off for
 * paying online (spec section 9: compared with the promo value, the larger applies), 0 when none.
 */
export const AppConfiguration = Type.Object({
  systemPaymentType: PaymentType,
  onlineDiscountPercent: Type.Number({ minimum: 0, maximum: 100 }),
});
export type AppConfiguration = Static<typeof AppConfiguration>;
