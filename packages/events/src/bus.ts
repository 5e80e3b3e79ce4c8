import mitt, { type Emitter } from 'mitt';
import type { LabEvents } from './events';

declare global {
  // eslint-style note: a global is the last guard that the page has one bus even if the
  // federation share scope ever gave two copies of this module.
  var __labEventBus: Emitter<LabEvents> | undefined;
}

function createBus(): Emitter<LabEvents> {
  globalThis.__labEventBus ??= mitt<LabEvents>();
  return globalThis.__labEventBus;
}

/** The page's one event bus. */
export const bus: Emitter<LabEvents> = createBus();
