// A release (docs/releases.md "Release, promote, canary, roll back"): an app's build filed in the
// release store under a version of its own (the app's version plus the build's content hash), never
// overwritten, with the SHA-384 of every file; and what a release says of itself.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import semver from 'semver';
import { APPS, type App, databaseUrl, releasesDir, repositoryRoot } from './apps';
import type { Manifest, RemoteIntegrity } from './deployment';
import { digestsOf, filesOf } from './digest';
import { ReleaseError } from './errors';
import { openReleaseStore, type ReleaseMeta, type ReleaseStore } from './releaseStore';

const { prefixesOf } = require('@lab/config/remotes.cjs') as { prefixesOf(buildDir: string): string[] };

/** An app by its folder (mf-catalog) or federation name (mf_catalog). */
export function appOf(id: string): App {
  const app = APPS.find((candidate) => candidate.dir === id || candidate.name === id);
  if (!app) {
    throw new ReleaseError(`no app "${id}": one of ${APPS.map((candidate) => candidate.dir).join(', ')}`, {
      code: 'app-unknown',
    });
  }
  return app;
}

const stores = new Map<string, Promise<ReleaseStore & { inner?: ReleaseStore }>>();
/**
 * The release store for this process's RELEASES_DIR and database, opened once and kept (its files cached
 * by digest: a release never changes). Its connections let the process exit when it is idle.
 */
export function releaseStore(): Promise<ReleaseStore & { inner?: ReleaseStore }> {
  const key = `${releasesDir()}\n${databaseUrl() ?? ''}`;
  let store = stores.get(key);
  if (!store) {
    store = openReleaseStore({ releasesDir: releasesDir(), cache: true });
    store.catch(() => stores.delete(key));
    stores.set(key, store);
  }
  return store;
}

/**
 * The digests a deployment pins for a release: a remote's manifest and entry (the entry carries the
 * digests of its chunks, the manifest those of its other files: packages/config/integrity.cjs) and its
 * server module. Refuses a release that records none, or whose files are not in the store with the bytes
 * it recorded.
 */
export async function integrityOf(app: App, version: string): Promise<RemoteIntegrity | null> {
  const { meta, manifest } = await releaseOf(app, version);
  if (!meta.files || typeof meta.files !== 'object') {
    throw new ReleaseError(
      `${app.dir} ${version} records no digests of its files (released before they were recorded): release it again`,
    );
  }
  const changed = (await (await releaseStore()).missing(app.dir, version)) ?? [];
  if (changed.length) {
    throw new ReleaseError(
      `${app.dir} ${version}: ${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ` and ${changed.length - 5} more` : ''} ` +
        'no longer the bytes released (changed or missing): release the build again',
    );
  }
  if (app.dir === 'shell') return null;
  const remoteEntry = manifest.metaData?.remoteEntry;
  const entry = [remoteEntry?.path, remoteEntry?.name ?? 'remoteEntry.js'].filter(Boolean).join('/');
  const manifestDigest = meta.files['mf-manifest.json'];
  const entryDigest = meta.files[entry];
  if (!manifestDigest) throw new ReleaseError(`${app.dir} ${version} records no digest of mf-manifest.json`);
  if (!entryDigest) throw new ReleaseError(`${app.dir} ${version} records no digest of ${entry}`);
  // the entry's chunks are checked by its own runtime; the files the shell's federation runtime loads
  // beside it, by the digests the (pinned) manifest lists: a build without them cannot be loaded pinned
  const listed = manifest.integrity;
  if (!listed || typeof listed !== 'object') {
    throw new ReleaseError(
      `${app.dir} ${version}: its manifest lists no digests of its files (built with @lab/config before 0.2.0): build it again`,
    );
  }
  const disagree = Object.entries(listed).filter(([file, digest]) => meta.files[file] !== digest);
  if (disagree.length) {
    throw new ReleaseError(
      `${app.dir} ${version}: its manifest's digests of ${disagree.map(([file]) => file).join(', ')} are not its files'`,
    );
  }
  // the server module the shell's server runs for the remote's first views (checked before its sandbox runs it)
  const server = meta.files['server/pages.js'];
  return {
    manifest: manifestDigest,
    entry: { path: entry, digest: entryDigest },
    ...(server ? { server } : {}),
  };
}

/** A build's content hash: the same build is the same release, a changed byte is another one. */
export function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesOf(dir)) {
    if (file === 'release.json') continue;
    hash
      .update(file.split('/').join(sep))
      .update('\0')
      .update(readFileSync(join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export function commitOf(): string | null {
  try {
    const git = (args: string[]) => execFileSync('git', args, { cwd: repositoryRoot, encoding: 'utf8' }).trim();
    const commit = git(['rev-parse', '--short=12', 'HEAD']);
    return git(['status', '--porcelain']) !== '' ? `${commit}+changes` : commit;
  } catch {
    return null;
  }
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * Files a built folder as a release of `app` in the release store: the version is the app's package.json
 * version plus the build's content hash, so a release is never overwritten (the same build gives the
 * version it already has). `build` is taken (`move: true`, a staging folder of ours) or copied.
 * `folder`: where the release is on this disk (the filesystem store), else null.
 */
export async function fileRelease(
  app: App,
  build: string,
  { move = false, commit = commitOf() }: { move?: boolean; commit?: string | null } = {},
): Promise<{ version: string; folder: string | null; created: boolean }> {
  if (!existsSync(join(build, 'mf-manifest.json'))) throw new ReleaseError(`${build} holds no build of ${app.dir}`);
  // the version the build was made at (its manifest's build info: a team's own repository), else ours
  const built = readJson<Manifest>(join(build, 'mf-manifest.json')).metaData?.buildInfo?.buildVersion;
  const packageVersion =
    built && semver.valid(built)
      ? built
      : readJson<{ version: string }>(join(repositoryRoot, app.dir, 'package.json')).version;
  const version = `${packageVersion}-${contentHash(build).slice(0, 10)}`;
  const meta: ReleaseMeta = {
    app: app.dir,
    name: app.name,
    version,
    packageVersion,
    commit,
    builtAt: new Date().toISOString(),
    // the prefixes its pages are under, as the build lists them (pages.json)
    routes: prefixesOf(build),
    // what the browser and the shell's server may take from this release, byte for byte
    files: digestsOf(build),
  };
  const store = await releaseStore();
  const { created } = await store.put(meta, build, { move });
  return { version, folder: await (store.inner ?? store).folder(app.dir, version), created };
}

/** Where a release is on this disk with the filesystem store. */
export const releaseFolder = (app: App, version: string): string => join(releasesDir(), app.dir, version);

/** The versions of an app released so far, oldest first. */
export async function releasedVersions(app: App): Promise<string[]> {
  return (await (await releaseStore()).list(app.dir)).map((meta) => meta.version);
}

export type ReleaseInfo = { version: string; packageVersion: string | null; commit: string | null; builtAt: string };

/** What a release says of itself: its version, the app's package version, the commit and when it was built. */
export async function releaseInfo(app: App, version: string): Promise<ReleaseInfo> {
  const { meta } = await releaseOf(app, version);
  return { version, packageVersion: meta.packageVersion ?? null, commit: meta.commit ?? null, builtAt: meta.builtAt };
}

/** A release's release.json and its manifest, from the store (the manifest by its digest). */
export async function releaseOf(app: App, version: string): Promise<{ meta: ReleaseMeta; manifest: Manifest }> {
  const store = await releaseStore();
  const meta = await store.meta(app.dir, version);
  if (!meta) {
    const known = await releasedVersions(app);
    throw new ReleaseError(
      `${app.dir} has no release ${version}; released: ${known.length ? known.join(', ') : `none (npm run release -- ${app.dir})`}`,
      { code: 'release-unknown' },
    );
  }
  const digest = meta.files?.['mf-manifest.json'];
  const bytes = digest
    ? await store.file(digest, { app: app.dir, version, path: 'mf-manifest.json' })
    : await readFile(join(releaseFolder(app, version), 'mf-manifest.json')).catch(() => null);
  if (!bytes) throw new ReleaseError(`${app.dir} ${version}: its manifest is not in ${store.where} with its digest`);
  return { meta, manifest: JSON.parse(bytes.toString('utf8')) as Manifest };
}

/** A release as a folder on this disk (written out from the store when it has none), for the type check. */
export async function localFolder(app: App, version: string): Promise<string> {
  const folder = await (await releaseStore()).folder(app.dir, version);
  if (!folder) throw new ReleaseError(`${app.dir} ${version} is not in the release store`);
  return folder;
}
