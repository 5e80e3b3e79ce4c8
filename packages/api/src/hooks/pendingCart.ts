// Services on their way into the visitor's cart: every reader shows them in it at once (an optimistic
// "added" state), while the server's call finishes behind; a failed call takes them out again.
import { useSyncExternalStore } from 'react';
import type { Cart } from '../contract/cart';

let pending: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();

function publish(next: ReadonlySet<number>) {
  pending = next;
  for (const listener of listeners) listener();
}

/** Marks services as being added; the returned function unmarks them (the call answered or failed). */
export function markPendingAdds(serviceIds: readonly number[]): () => void {
  publish(new Set([...pending, ...serviceIds]));
  let done = false;
  return () => {
    if (done) return;
    done = true;
    publish(new Set([...pending].filter((id) => !serviceIds.includes(id))));
  };
}

/** The call each pending service rides on: a second tap on it waits for that call instead of making one. */
const calls = new Map<number, Promise<Cart>>();

/**
 * Adds services once, however many times they are tapped while their call runs (a double click, a repeated
 * Enter, a kept tap replayed beside a live one): `call` gets only the services not on their way already,
 * and a tap on nothing new answers with the call that is carrying them.
 */
export function addOnce(serviceIds: readonly number[], call: (fresh: number[]) => Promise<Cart>): Promise<Cart> {
  const fresh = serviceIds.filter((id) => !calls.has(id));
  const riding = serviceIds.map((id) => calls.get(id)).find((running) => running != null);
  if (fresh.length === 0 && riding) return riding;
  const settle = markPendingAdds(fresh);
  const running = call(fresh).finally(() => {
    for (const id of fresh) if (calls.get(id) === running) calls.delete(id);
    settle();
  });
  for (const id of fresh) calls.set(id, running);
  return running;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The services being added right now (one set for the page: the header's badge and every button read it). */
export function usePendingCartAdds(): ReadonlySet<number> {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
}
