/** App client's configuration call (spec section 7 "App client"). */
import { type Static, Type } from '@sinclair/typebox';
import { PaymentType } from './orders';

/** The payment type the checkout preselects. */
export const AppConfiguration = Type.Object({ systemPaymentType: PaymentType });
export type AppConfiguration = Static<typeof AppConfiguration>;
