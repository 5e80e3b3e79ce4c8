export { RemoteSlot } from './RemoteSlot';
export { registerRemotesOnce } from './registry';
export type { ExposedProps, RemoteModules, RemoteName } from './types';
