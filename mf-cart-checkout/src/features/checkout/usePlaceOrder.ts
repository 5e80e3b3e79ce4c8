import { type ApiError, announceCart, api, keysOf, type Order, type OrderCreateBody, toApiError } from '@lab/api';
import { useLocalizedNavigate } from '@lab/ui';
import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { clearCheckoutStorage, goToPayment, isOnlinePayment, resultPath, startOnlinePayment } from '../../lib/payment';

/** A new order id: a v4 UUID from the browser's crypto. */
export function newOrderId(): string {
  return crypto.randomUUID();
}

export type PlaceOrder = {
  /**
   * Creates the order with this checkout attempt's id, then goes to pay online or to the result page.
   * Answers the failure of the create call (the form shows it), or null.
   */
  place: (build: (orderId: string) => OrderCreateBody) => Promise<ApiError | null>;
  /** A create call (or the way to the payment page after it) is under way: the button is busy. */
  pending: boolean;
};

/**
 * Placing the order (docs/product.md#entities, #orders and #errors). The order id is made once per checkout attempt and kept,
 * so a retry after a failure or a second click can never create a second order (the server answers
 * the same order for the same id); a click while a call is under way is ignored. The stored UTM
 * parameters are cleared after the call, success or not. Online: the lab registry, the payment, then
 * the provider's page; a failure there shows the placed order's payment error with its options.
 */
export function usePlaceOrder(): PlaceOrder {
  const orderId = useRef<string | null>(null);
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const navigate = useLocalizedNavigate();
  const { mutate } = useSWRConfig();

  const place = useCallback(
    async (build: (orderId: string) => OrderCreateBody): Promise<ApiError | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setPending(true);
      orderId.current ??= newOrderId();
      const id = orderId.current;
      let order: Order;
      try {
        order = await api.orders.create(build(id));
      } catch (error) {
        const failure = toApiError(error);
        // another account's id (practically impossible): the next try takes a new one
        if (failure.code === 'order-id-conflict') orderId.current = null;
        inFlight.current = false;
        setPending(false);
        return failure;
      } finally {
        clearCheckoutStorage();
      }

      // the order took the cart's lines: every cart reader (the header badge) reads it again, once this
      // page has gone (it would say the cart is empty while the next page's code is on its way)
      const leave = async (to: string) => {
        await navigate(to);
        void mutate(keysOf('cart'));
        announceCart(null);
      };

      if (isOnlinePayment(order.paymentType)) {
        try {
          // the page is leaving for the provider (the cart is read anew on the way back): the button stays busy
          goToPayment(await startOnlinePayment(order.id, order.registryId));
          return null;
        } catch {
          await leave(resultPath(order.id, 'error'));
          return null;
        }
      }
      try {
        await api.orders.createRegistry(order.id);
      } catch (error) {
        // the order is placed; the lab can register it at the branch
        console.warn('The order could not be registered', error);
      }
      await leave(resultPath(order.id));
      return null;
    },
    [mutate, navigate],
  );

  return { place, pending };
}
