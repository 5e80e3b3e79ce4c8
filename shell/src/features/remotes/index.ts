export { registerRemotesOnce } from './registry';
export { RemoteSlot } from './RemoteSlot';
export type { ExposedProps, RemoteModules, RemoteName } from './types';
