// The feature's face without React or styles: for the shell's server and the page's first script
// (scripts/boundaries.mjs).
export {
  DEPLOYMENT_META_NAME,
  PAGE_FRAME,
  PAGE_HEADING_ONLY,
  PAGE_PREVIEW_ATTRIBUTE,
  PAGE_PREVIEW_STALE_ATTRIBUTE,
  REMOTES_MAP_ELEMENT_ID,
  REMOTES_ON_DEMAND,
} from './element';
export { startLandingPage } from './headStart';
export { MISSING_DIGEST } from './integrity';
export {
  manifestOf,
  manifests,
  parseRemotesMap,
  type RemoteDeclaration,
  type RemoteIntegrity,
  type RemotesMap,
  remoteOfSegment,
  withManifests,
} from './remotesMap';
