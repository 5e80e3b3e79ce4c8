export { bus } from './bus';
export type { LabEventName, LabEvents, Role } from './events';
export { useBusEvent } from './useBusEvent';
