import { useEffect, useRef } from 'react';
import { bus } from './bus';
import type { LabEventName, LabEvents } from './events';

/** Subscribes a component to one bus event for its lifetime; the latest handler is always called. */
export function useBusEvent<E extends LabEventName>(name: E, handler: (payload: LabEvents[E]) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (payload: LabEvents[E]) => latest.current(payload);
    bus.on(name, listener);
    return () => bus.off(name, listener);
  }, [name]);
}
