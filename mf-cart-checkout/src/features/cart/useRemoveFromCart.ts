import { announceCart, type CurrentCart } from '@lab/api';
import { type RefObject, useCallback, useEffect, useState } from 'react';
import { pushRemoveFromCart } from '../../lib/analytics';
import type { RemovableLine } from './lines';

export type RemoveFromCart = {
  /** The line waiting for the visitor's confirmation; null when no dialog is open. */
  pending: RemovableLine | null;
  /** Opens the confirmation for a line (docs/product.md#cart: deletion asks confirmation first). */
  ask: (item: RemovableLine) => void;
  cancel: () => void;
  /** Deletes the pending line; the dialog closes once the server answered. */
  confirm: () => Promise<void>;
  busy: boolean;
  /** The server's message when the deletion failed; the dialog stays open to retry. */
  error: string | null;
  /** The line just deleted, so its list can move focus to a sensible place. */
  removed: RemovableLine | null;
};

/**
 * Delete with confirmation: the cart call, then `cart:changed` on the bus and `remove_from_cart` for
 * analytics (whose failure is ignored). Package-derived lines are never offered for deletion; lines not
 * orderable in the chosen city are (the visitor's way out besides changing city).
 */
export function useRemoveFromCart(
  cart: Pick<CurrentCart, 'remove' | 'cartId'>,
  fallbackError: string,
  /** where focus goes after a deletion, the line's button being gone (a page's heading) */
  focusAfterRemoval?: RefObject<HTMLElement | null>,
): RemoveFromCart {
  const [pending, setPending] = useState<RemovableLine | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removed, setRemoved] = useState<RemovableLine | null>(null);
  const { remove, cartId } = cart;

  const ask = useCallback((item: RemovableLine) => {
    setError(null);
    setRemoved(null);
    setPending(item);
  }, []);
  const cancel = useCallback(() => {
    setPending(null);
    setError(null);
  }, []);
  const confirm = useCallback(async () => {
    if (!pending || busy) return;
    setBusy(true);
    setError(null);
    try {
      await remove([pending.serviceId]);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : fallbackError);
      setBusy(false);
      return;
    }
    announceCart(cartId);
    pushRemoveFromCart(pending);
    setRemoved(pending);
    setPending(null);
    setBusy(false);
  }, [pending, busy, remove, cartId, fallbackError]);

  useEffect(() => {
    if (!removed) return;
    const active = document.activeElement;
    if (!active || active === document.body) focusAfterRemoval?.current?.focus();
  }, [removed, focusAfterRemoval]);

  return { pending, ask, cancel, confirm, busy, error, removed };
}
