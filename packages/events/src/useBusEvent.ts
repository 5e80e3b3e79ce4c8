import { useEffect, useRef } from 'react';
import { bus } from './bus';
import type { LabEventName, LabEvents } from './events';
import { takePending } from './pending';

/**
 * Subscribes a component to one bus event for its lifetime; the latest handler is always called.
 * With `takePending`, an event kept by `emitOrKeep` before this listener existed is handled at once.
 */
export function useBusEvent<E extends LabEventName>(
  name: E,
  handler: (payload: LabEvents[E]) => void,
  options: { takePending?: boolean } = {},
): void {
  const latest = useRef(handler);
  latest.current = handler;
  const { takePending: consumePending = false } = options;
  useEffect(() => {
    const listener = (payload: LabEvents[E]) => latest.current(payload);
    bus.on(name, listener);
    if (consumePending) {
      const kept = takePending(name);
      if (kept !== undefined) listener(kept);
    }
    return () => bus.off(name, listener);
  }, [name, consumePending]);
}
