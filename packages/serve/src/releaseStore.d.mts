/** A release's release.json: what scripts/releases.mjs records when it files a build. */
export type ReleaseMeta = {
  app: string;
  name?: string;
  version: string;
  packageVersion?: string;
  commit?: string | null;
  builtAt: string;
  routes?: string[];
  /** every file of the release (release.json aside) -> `sha384-<base64>` */
  files: Record<string, string>;
};

/** Where a file is thought to be: the filesystem store reads it there first (it is checked all the same). */
export type FileHint = { app: string; version: string; path: string };

/** Where releases are kept: the filesystem, PostgreSQL (or a bucket), behind the same calls. */
export interface ReleaseStore {
  readonly kind: 'file' | 'postgres';
  /** where, for messages */
  readonly where: string;
  /** files the build folder's files under their digests (`meta.files`) and `meta` beside them; `move`: the folder is ours to take */
  put(meta: ReleaseMeta, build: string, options?: { move?: boolean }): Promise<{ created: boolean }>;
  /** an app's releases, oldest first */
  list(app: string): Promise<ReleaseMeta[]>;
  meta(app: string, version: string): Promise<ReleaseMeta | null>;
  /** a file's bytes by digest, only if they are those bytes */
  file(digest: string, where?: FileHint): Promise<Buffer | null>;
  /** the release's files that are not in the store with their bytes; null: no such release */
  missing(app: string, version: string): Promise<string[] | null>;
  /** the release as a local folder (a cached store writes one out); null: none */
  folder(app: string, version: string): Promise<string | null>;
  close(): Promise<void>;
}

export function releaseDatabaseUrl(env?: NodeJS.ProcessEnv): string | null;
export function digestOf(bytes: Uint8Array): string;
export function filesOf(dir: string): string[];
export function openReleaseStore(options: {
  releasesDir: string;
  env?: NodeJS.ProcessEnv;
  /** keep what is read: in memory (RELEASE_CACHE_MB, 64) and in RELEASE_CACHE_DIR (else <releasesDir>/.cache) */
  cache?: boolean | { maxBytes?: number; dir?: string | null };
}): Promise<ReleaseStore>;
export function fileReleaseStore(releasesDir: string): ReleaseStore;
export function postgresReleaseStore(url: string, options?: { log?: (line: string) => void }): Promise<ReleaseStore>;
export function cachedReleaseStore(
  store: ReleaseStore,
  options?: { maxBytes?: number; dir?: string | null },
): ReleaseStore & { inner: ReleaseStore };
