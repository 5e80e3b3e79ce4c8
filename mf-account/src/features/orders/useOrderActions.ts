import { api, type Order } from '@lab/api';
import { useCallback, useState } from 'react';
import { base64ToBlob, redirectTo, useDownload } from '../../lib';

export type ActionState = { busy: boolean; error: unknown };

const receiptFile = async (receiptId: string, fallbackName: string) => {
  const receipt = await api.orders.receipt(receiptId);
  const name = receipt.fileName || fallbackName;
  return { blob: base64ToBlob(receipt.base64, 'application/pdf'), name: name.endsWith('.pdf') ? name : `${name}.pdf` };
};

/** The receipt PDF of a paid order: the server answers base64, which becomes a Blob saved as a file. */
export function useReceiptDownload(): [ActionState, (receiptId: string, fallbackName: string) => Promise<void>] {
  return useDownload('receipt', receiptFile);
}

/**
 * Pays an unpaid online order again: an order the lab has not registered yet is registered first (as
 * the checkout does), then the payment call answers the provider's page, where we go.
 */
export function useRepeatPayment(): [ActionState, (order: Pick<Order, 'id' | 'registryId'>) => Promise<void>] {
  const [state, setState] = useState<ActionState>({ busy: false, error: null });
  const pay = useCallback(async (order: Pick<Order, 'id' | 'registryId'>) => {
    setState({ busy: true, error: null });
    try {
      const registryId = order.registryId ?? (await api.orders.createRegistry(order.id)).id;
      const payment = await api.orders.pay(registryId);
      redirectTo(payment.url);
    } catch (error) {
      setState({ busy: false, error });
    }
  }, []);
  return [state, pay];
}

/**
 * Switches an unpaid online order to paying on the spot, at the branch or to the nurse (docs/product.md#errors:
 * a failed payment may be paid again or another way chosen); `onChanged` then reads the list again.
 */
export function usePayOnSite(
  onChanged?: () => void,
): [ActionState & { done: boolean }, (order: Pick<Order, 'id' | 'registryId'>) => Promise<void>] {
  const [state, setState] = useState<ActionState & { done: boolean }>({ busy: false, error: null, done: false });
  const change = useCallback(
    async (order: Pick<Order, 'id' | 'registryId'>) => {
      setState({ busy: true, error: null, done: false });
      try {
        const registryId = order.registryId ?? (await api.orders.createRegistry(order.id)).id;
        await api.orders.changePaymentMethod(registryId, 'cash');
        setState({ busy: false, error: null, done: true });
        onChanged?.();
      } catch (error) {
        setState({ busy: false, error, done: false });
      }
    },
    [onChanged],
  );
  return [state, change];
}
