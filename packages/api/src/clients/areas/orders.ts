import type {
  HomeVisitSlotsResponse,
  HomeVisitTermsResponse,
  Order,
  OrderCreateBody,
  PaymentResponse,
  PaymentType,
  ReceiptResponse,
  RegistryCreateResponse,
} from '../../contract/orders';
import type { OrderPlan } from '../../contract/visit';
import { send } from '../send';

/** Checkout: create the order, register it with the lab, then pay the registry. */
export const orders = {
  create: (order: OrderCreateBody): Promise<Order> => send('orderCreate', { body: order }),
  createRegistry: (orderId: string): Promise<RegistryCreateResponse> => send('registryCreate', { body: { orderId } }),
  pay: (registryId: number, discountCode?: string): Promise<PaymentResponse> =>
    send('registryPayment', {
      query: { clientType: 'site' },
      body: discountCode ? { registryId, discountCode } : { registryId },
    }),
  receipt: (transactionId: string): Promise<ReceiptResponse> => send('receipt', { params: { id: transactionId } }),
  /** The order by its client-generated id (the payment return page). */
  get: (orderId: string): Promise<Order> => send('orderGet', { params: { orderId } }),
  /** Where, when, how to prepare, when results come. */
  plan: (orderId: string): Promise<OrderPlan> => send('orderPlan', { params: { orderId } }),
  /** After a failed payment: pay at the branch instead, or online again. */
  changePaymentMethod: (registryId: number, paymentType: PaymentType): Promise<Order> =>
    send('registryPaymentMethod', { body: { registryId, paymentType } }),
  /** Free arrival times of a nurse's home visit. */
  homeVisitSlots: (settlementId: number, date: string): Promise<HomeVisitSlotsResponse> =>
    send('homeVisitSlots', { query: { settlementId, date } }),
  homeVisitTerms: (): Promise<HomeVisitTermsResponse> => send('homeVisitTerms', {}),
};
