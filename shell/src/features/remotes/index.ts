export { keepPagePreview } from './pagePreview';
export { PAGE_REMOTES, type PageRemote, pageRemoteAt } from './pages';
export { PageSlot, RemoteSlot } from './RemoteSlot';
export { registerRemotesOnce } from './registry';
export type { ExposedProps, RemoteModules, RemoteName } from './types';
