export { bus } from './bus';
export type { LabEventName, LabEvents, Role } from './events';
export { emitOrKeep, takePending } from './pending';
export { useBusEvent } from './useBusEvent';
export { useKept } from './useKept';
