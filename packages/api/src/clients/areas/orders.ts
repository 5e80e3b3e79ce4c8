import type {
  Order,
  OrderCreateBody,
  PaymentResponse,
  ReceiptResponse,
  RegistryCreateResponse,
} from '../../contract/orders';
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
};
