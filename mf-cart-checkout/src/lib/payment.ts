import { api, type PaymentType, removeStored } from '@lab/api';
import { browser } from './browser';

const ONLINE: ReadonlySet<PaymentType> = new Set(['online', 'online-provider-1', 'online-provider-2']);

export const isOnlinePayment = (paymentType: PaymentType): boolean => ONLINE.has(paymentType);

/** The payment result page of an order (the sandbox provider comes back to the same route). */
export function resultPath(orderId: string, payment?: 'error'): string {
  const query = new URLSearchParams({ orderId });
  if (payment) query.set('payment', payment);
  return `/checkout/result?${query.toString()}`;
}

/**
 * Registers the order with the lab (once; the server answers the same registry again) and starts an
 * online payment of it; answers the provider's page to go to.
 */
export async function startOnlinePayment(orderId: string, registryId: number | null): Promise<string> {
  const registry = registryId ?? (await api.orders.createRegistry(orderId)).id;
  const payment = await api.orders.pay(registry);
  return payment.url;
}

/** Goes to the payment provider's hosted page. */
export function goToPayment(url: string): void {
  browser.assign(url);
}

/**
 * After an order is created, success or not (docs/product.md#orders): the stored UTM parameters are used up.
 * This checkout keeps no payment parameters in the browser (the result page reads the order id from its
 * URL and the order from the server), so the UTM parameters are all there is to clear.
 */
export function clearCheckoutStorage(): void {
  removeStored('utmParams');
}
