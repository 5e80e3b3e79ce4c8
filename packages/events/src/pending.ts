import { bus } from './bus';
import type { LabEventName, LabEvents } from './events';

declare global {
  var __labPendingEvents: Map<LabEventName, unknown> | undefined;
}

globalThis.__labPendingEvents ??= new Map();
const pending = globalThis.__labPendingEvents;

/**
 * Emits, or keeps the event until its listener arrives: a remote that listens (the sign-in modals)
 * may still be loading when a visitor clicks "sign in", and that click must not be lost.
 */
export function emitOrKeep<E extends LabEventName>(name: E, payload: LabEvents[E]): void {
  if ((bus.all.get(name)?.length ?? 0) > 0) bus.emit(name, payload);
  else pending.set(name, payload);
}

/** The kept event of this name, once: the first listener that asks gets it. */
export function takePending<E extends LabEventName>(name: E): LabEvents[E] | undefined {
  const payload = pending.get(name) as LabEvents[E] | undefined;
  pending.delete(name);
  return payload;
}
