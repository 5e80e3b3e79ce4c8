// @lab/releases: the release domain, typed, in one place (docs/releases.md).
/** The release store's database: the same as the pointer's. */
export {
  APPS,
  type App,
  databaseUrl,
  databaseUrl as releaseDatabaseUrl,
  databaseWhere,
  releasesDir,
  repositoryRoot,
} from './apps';
export { type Decision, JUDGE, judgeOnce, opsUrlFrom, rulesFrom, sample } from './canaryJudge';
export {
  compareRates,
  DEFAULT_RULES,
  judge,
  type Measure,
  normalUpperTail,
  p75,
  type Rules,
  type Sample,
  type Verdict,
} from './canaryRules';
export { commandLine } from './commandLine';
export { MIGRATIONS, migrateReleases } from './database';
export {
  type Canary,
  type Deployment,
  type DeploymentDocument,
  deploymentOf,
  documentOf,
  emptyDeployment,
  hasCanary,
  type LiveRemote,
  type LiveShell,
  type Manifest,
  type Move,
  parseDeployment,
  type ReleaseRef,
  type RemoteIntegrity,
} from './deployment';
export {
  DEPLOYMENT_CHANNEL,
  type DeploymentStore,
  deploymentAt,
  openDeploymentStore,
  openFileStore,
  openPostgresStore,
  type Pointer,
} from './deploymentStore';
export { checked, DIGEST, digestOf, digestsOf, filesOf } from './digest';
export { type RefusalCode, ReleaseError } from './errors';
export {
  type DeploymentSource,
  deploymentReader,
  fileDeployment,
  noDeployment,
  POLL_MS,
  postgresDeployment,
  ReadTrouble,
  RecentDeployments,
  type Unreadable,
} from './follow';
export { checkShellAgainst, exposedMisfits, gate, liveTypeFolders, sharedMisfits } from './gate';
export { withFileLock } from './lock';
export {
  type Moved,
  type MoveOptions,
  manifestUrlOf,
  mover,
  promote,
  readDeployment,
  readHistory,
  rollback,
  widenCanary,
} from './moves';
export {
  type CacheOptions,
  cachedReleaseStore,
  type FileHint,
  fileReleaseStore,
  openReleaseStore,
  postgresReleaseStore,
  type ReleaseMeta,
  type ReleaseStore,
} from './releaseStore';
export {
  appOf,
  commitOf,
  contentHash,
  fileRelease,
  integrityOf,
  localFolder,
  type ReleaseInfo,
  releasedVersions,
  releaseFolder,
  releaseInfo,
  releaseOf,
  releaseStore,
} from './releases';
export {
  mayMove,
  openFileTokens,
  openPostgresTokens,
  openTokenStore,
  PLATFORM,
  parseToken,
  secretMatches,
  type Token,
  TokenError,
  type TokenFields,
  type TokenRecord,
  type TokenStore,
  type Verified,
} from './tokens';
