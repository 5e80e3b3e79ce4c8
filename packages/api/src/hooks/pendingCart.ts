// Services on their way into the visitor's cart: every reader shows them in it at once (an optimistic
// "added" state), while the server's call finishes behind; a failed call takes them out again.
import { useSyncExternalStore } from 'react';

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
