export { onRemoteFailure, type RemoteFailure, remoteVersions } from './failures';
export { keepPagePreview } from './pagePreview';
export { RemoteFallback } from './RemoteFallback';
export { RemotePage, RemoteSlot } from './RemoteSlot';
export { registerRemotesOnce } from './registry';
export {
  addCrumbs,
  type MountedPageHandle,
  patchRemoteRoutes,
  type RemoteCrumb,
  type RouteParents,
  routerStarted,
  useRouteCrumbs,
  useUnavailableRemote,
} from './remoteRoutes';
export type { ExposedProps, RemoteModules, RemoteName } from './types';
