import { bus } from './bus';
import type { LabEventName, LabEvents } from './events';

declare global {
  var __labPendingEvents: Map<LabEventName, unknown> | undefined;
  var __labKeptWatchers: Set<(name: LabEventName) => void> | undefined;
}

globalThis.__labPendingEvents ??= new Map();
globalThis.__labKeptWatchers ??= new Set();
const pending = globalThis.__labPendingEvents;
const keptWatchers = globalThis.__labKeptWatchers;

/**
 * Emits, or keeps the event until its listener arrives: a remote that listens (the sign-in modals)
 * may still be loading, or not be loaded at all until asked, when a visitor clicks "sign in", and
 * that click must not be lost.
 */
export function emitOrKeep<E extends LabEventName>(name: E, payload: LabEvents[E]): void {
  if ((bus.all.get(name)?.length ?? 0) > 0) {
    bus.emit(name, payload);
    return;
  }
  pending.set(name, payload);
  for (const watcher of [...keptWatchers]) watcher(name);
}

/** The kept event of this name, once: the first listener that asks gets it. */
export function takePending<E extends LabEventName>(name: E): LabEvents[E] | undefined {
  const payload = pending.get(name) as LabEvents[E] | undefined;
  pending.delete(name);
  return payload;
}

/** Whether an event of this name waits for its listener. */
export function isKept(name: LabEventName): boolean {
  return pending.has(name);
}

/** Calls `watcher` with the name of each event kept from now on; returns the unsubscribe. */
export function onKept(watcher: (name: LabEventName) => void): () => void {
  keptWatchers.add(watcher);
  return () => keptWatchers.delete(watcher);
}
