// Releases and the deployment pointer (README "One team deploys one remote"). A release is an app's
// build filed in the release store (packages/serve/src/releaseStore.mjs: releases/<app>/<version>/, or
// PostgreSQL with DATABASE_URL), never overwritten; the deployment says which release of each app is
// live (and which one a canary share of visitors gets), and the shell's server follows it. It lives in
// PostgreSQL with DATABASE_URL, else in releases/deployment.json (deployment-store.mjs). Promotion,
// canary and rollback change only the pointer, after the compatibility gate, each by a compare-and-swap
// on its version and recorded in its history with who made it and when.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import { join, sep } from 'node:path';
import { digestOf, filesOf, openReleaseStore, releaseDatabaseUrl } from '../packages/serve/src/releaseStore.mjs';
import { openDeploymentStore } from './deployment-store.mjs';
import { apps, releasesDir, root } from './lib.mjs';
import { checkShellAgainst } from './remote-types.mjs';

export { releasesDir };

const require = createRequire(import.meta.url);
const semver = require('semver');
const { prefixesOf, remotesMap } = require('../packages/config/remotes.cjs');

/** An app by its folder (mf-catalog) or federation name (mf_catalog). */
export function appOf(id) {
  const app = apps.find((candidate) => candidate.dir === id || candidate.name === id);
  if (!app) {
    throw new ReleaseError(`no app "${id}": one of ${apps.map((candidate) => candidate.dir).join(', ')}`, {
      code: 'app-unknown',
    });
  }
  return app;
}

/**
 * A move or a release refused, with what to do. `code` says which refusal it is for the deploy API
 * (packages/deploy: `gate-refused`, `moved-meanwhile`, `release-unknown`, `app-unknown`); `misfits`, the
 * gate's lines.
 */
export class ReleaseError extends Error {
  constructor(message, { code = 'move-refused', misfits } = {}) {
    super(message);
    this.code = code;
    if (misfits) this.misfits = misfits;
  }
}

/** Where releases are kept (packages/serve/src/releaseStore.mjs): PostgreSQL with DATABASE_URL, else the folder. */
const stores = new Map();
/**
 * The release store for this process's RELEASES_DIR and database, opened once and kept (its files cached
 * by digest: a release never changes). Its connections let the process exit when it is idle.
 */
export function releaseStore() {
  const key = `${releasesDir()}\n${releaseDatabaseUrl() ?? ''}`;
  let store = stores.get(key);
  if (!store) {
    store = openReleaseStore({ releasesDir: releasesDir(), cache: true });
    store.catch(() => stores.delete(key));
    stores.set(key, store);
  }
  return store;
}

/** Every file of a build folder with its digest (release.json itself aside), in name order. */
function digestsOf(dir) {
  return Object.fromEntries(
    filesOf(dir)
      .filter((file) => file !== 'release.json')
      .map((file) => [file, digestOf(readFileSync(join(dir, file)))]),
  );
}

/**
 * The digests a deployment pins for a release: a remote's manifest and entry (the entry carries the
 * digests of its chunks, the manifest those of its other files: packages/config/integrity.cjs) and its
 * server module. Refuses a release that records none, or whose files are not in the store with the bytes
 * it recorded.
 */
export async function integrityOf(app, version) {
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
  for (const file of ['mf-manifest.json', entry]) {
    if (!meta.files[file]) throw new ReleaseError(`${app.dir} ${version} records no digest of ${file}`);
  }
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
    manifest: meta.files['mf-manifest.json'],
    entry: { path: entry, digest: meta.files[entry] },
    ...(server ? { server } : {}),
  };
}

/** A build's content hash: the same build is the same release, a changed byte is another one. */
export function contentHash(dir) {
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

export function commitOf() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return null;
  }
}

/**
 * Files a built folder as a release of `app` in the release store: the version is the app's package.json
 * version plus the build's content hash, so a release is never overwritten (the same build gives the
 * version it already has). `build` is taken (`move: true`, a staging folder of ours) or copied.
 * `folder`: where the release is on this disk (the filesystem store), else null.
 */
export async function fileRelease(app, build, { move = false, commit = commitOf() } = {}) {
  if (!existsSync(join(build, 'mf-manifest.json'))) throw new ReleaseError(`${build} holds no build of ${app.dir}`);
  // the version the build was made at (its manifest's build info: a team's own repository), else ours
  const built = readJson(join(build, 'mf-manifest.json')).metaData?.buildInfo?.buildVersion;
  const packageVersion = built && semver.valid(built) ? built : readJson(join(root, app.dir, 'package.json')).version;
  const version = `${packageVersion}-${contentHash(build).slice(0, 10)}`;
  const meta = {
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
  return { version, folder: await store.inner.folder(app.dir, version), created };
}

/** Where a release is on this disk with the filesystem store. */
export function releaseFolder(app, version) {
  return join(releasesDir(), app.dir, version);
}

/** The versions of an app released so far, oldest first. */
export async function releasedVersions(app) {
  return (await (await releaseStore()).list(app.dir)).map((meta) => meta.version);
}

/** What a release says of itself: its version, the app's package version, the commit and when it was built. */
export async function releaseInfo(app, version) {
  const { meta } = await releaseOf(app, version);
  return { version, packageVersion: meta.packageVersion ?? null, commit: meta.commit ?? null, builtAt: meta.builtAt };
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** A release's release.json and its manifest, from the store (the manifest by its digest). */
async function releaseOf(app, version) {
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
  return { meta, manifest: JSON.parse(bytes.toString('utf8')) };
}

/** A release as a folder on this disk (written out from the store when it has none), for the type check. */
async function localFolder(app, version) {
  const folder = await (await releaseStore()).folder(app.dir, version);
  if (!folder) throw new ReleaseError(`${app.dir} ${version} is not in the release store`);
  return folder;
}

/** The store the pointer lives in (deployment-store.mjs): PostgreSQL with DATABASE_URL, else the file. */
const openStore = () => openDeploymentStore({ releasesDir: releasesDir() });

/** { shell?: { version, previous }, remotes: { name: { version, manifest, routes, previous, canary? } } } */
export async function readDeployment() {
  const store = await openStore();
  try {
    return (await store.read()).deployment;
  } finally {
    await store.close();
  }
}

/** The history of the moves, oldest first, each with the deployment version it made. */
export async function readHistory() {
  const store = await openStore();
  try {
    return await store.history();
  } finally {
    await store.close();
  }
}

/** Who moves: DEPLOYED_BY, else git's user.name, else the login. */
export function mover() {
  return process.env.DEPLOYED_BY || gitUser() || userInfo().username;
}

function gitUser() {
  try {
    return execFileSync('git', ['config', 'user.name'], { cwd: root, encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** How many times a move is checked again when other apps moved meanwhile. */
const TRIES = 5;

/**
 * Moves one app's pointer. `plan` takes the deployment as it is (a copy) and returns it moved, with the
 * move's record; it runs the gate, seconds of type-checking. The result is written only if nothing moved
 * meanwhile (a compare-and-swap on the deployment's version). If something did: a move of another app
 * only, and the plan is made again on the new deployment (its gate included); a move of this app, and
 * this one is refused, naming who moved first, since it was checked against a release no longer live.
 * `by`: who moves (the history's `by`); `beforeSwap`: awaited between the check and the write (tests hold
 * two moves there, so that both are checked against one deployment).
 */
async function moveApp(app, plan, by = mover(), beforeSwap = async () => undefined, tokenId = undefined) {
  const store = await openStore();
  try {
    for (let attempt = 1; ; attempt += 1) {
      const { version, deployment } = await store.read();
      const { next, record, result } = await plan(structuredClone(deployment));
      const entry = { at: new Date().toISOString(), by, ...(tokenId ? { tokenId } : {}), app: app.dir, ...record };
      await beforeSwap();
      const swapped = await store.swap(version, next, entry);
      if (swapped.ok) return { app, ...result, deployment: swapped.version };
      const first = (await store.movesSince(version)).find((move) => move.app === app.dir);
      if (first) {
        throw new ReleaseError(
          `${app.dir}: this ${record.action} was refused: ${first.by} moved ${app.dir} first ` +
            `(${first.action} of ${first.version ?? 'its build'} at ${first.at}, deployment ${first.deployment}) ` +
            `while it was being checked against deployment ${version}. Look at what is live now and run it again if it still applies.`,
          { code: 'moved-meanwhile' },
        );
      }
      if (attempt >= TRIES) {
        throw new ReleaseError(
          `${app.dir}: the deployment moved ${TRIES} times while this move was checked; run it again`,
          { code: 'moved-meanwhile' },
        );
      }
    }
  } finally {
    await store.close();
  }
}

/**
 * Where a remote's release is loaded from: the releases/ folder its origin serves beside its default
 * build (REMOTE_<NAME>_URL's origin, as for the build's remotes.json).
 */
export function manifestUrlOf(app, version) {
  const base = remotesMap(process.env)[app.name]?.manifest;
  if (!base) throw new ReleaseError(`${app.dir} is not a remote`);
  return new URL(`releases/${encodeURIComponent(version)}/mf-manifest.json`, base).href;
}

/** The shell's manifest that pages are served with now: its live release, or its build. */
async function liveShellManifest(deployment) {
  const shell = appOf('shell');
  if (deployment.shell?.version) return (await releaseOf(shell, deployment.shell.version)).manifest;
  const built = join(root, shell.dir, 'dist', 'mf-manifest.json');
  if (!existsSync(built)) throw new ReleaseError('no live shell: build it (npm run build) or promote a release of it');
  return readJson(built);
}

/**
 * The gate's first half: every shared singleton the remote requires is provided by the shell in a
 * version that satisfies the range (a remote bundles none of its own: packages/config/shared.cjs).
 * Returns what does not fit, one line each.
 */
export function sharedMisfits(remoteManifest, shellManifest) {
  const provided = new Map(shellManifest.shared.map((shared) => [shared.name, shared.version]));
  const misfits = [];
  for (const { name, requiredVersion } of remoteManifest.shared) {
    if (!requiredVersion) continue;
    const version = provided.get(name);
    if (!version) misfits.push(`${name} ${requiredVersion} is required, the shell provides none`);
    else if (!semver.satisfies(version, requiredVersion)) {
      misfits.push(`${name} ${requiredVersion} is required, the shell provides ${version}`);
    }
  }
  return misfits;
}

/**
 * What each remote is live from: its promoted release (and its canary's, when one runs), or its build
 * (`folder`) when none is promoted.
 */
function liveReleases(deployment) {
  return apps
    .filter((app) => app.dir !== 'shell')
    .flatMap((app) => {
      const live = deployment.remotes[app.name];
      if (!live) return [{ app, label: `${app.dir} (its build)`, folder: join(root, app.dir, 'dist'), canary: false }];
      return [live, live.canary].filter(Boolean).map((ref) => ({
        app,
        label: `${app.dir} ${ref.version}`,
        version: ref.version,
        canary: ref === live.canary,
      }));
    });
}

/** The live remotes' manifests (stable and canary), each with its label; a remote without a build has none. */
async function liveRemoteManifests(deployment) {
  const manifests = await Promise.all(
    liveReleases(deployment).map(async ({ app, label, version, folder }) => {
      if (version) return { label, manifest: (await releaseOf(app, version)).manifest };
      return existsSync(join(folder, 'mf-manifest.json'))
        ? { label, manifest: readJson(join(folder, 'mf-manifest.json')) }
        : null;
    }),
  );
  return manifests.filter(Boolean);
}

/** The folder whose type hints stand for each remote in the shell's type check: its stable one. */
export async function liveTypeFolders(deployment) {
  const stable = liveReleases(deployment).filter(({ canary }) => !canary);
  const folders = await Promise.all(
    stable.map(async ({ app, version, folder }) => [app.name, version ? await localFolder(app, version) : folder]),
  );
  return Object.fromEntries(folders);
}

/**
 * The gate's second half: the shell type-checks what it mounts against the release's federation type
 * hints, the other remotes' from what is live (scripts/remote-types.mjs). The shell's mounts are read
 * from its source here: the shell that is promoted is built from it.
 */
export async function exposedMisfits(app, version, deployment) {
  const folders = { ...(await liveTypeFolders(deployment)), [app.name]: await localFolder(app, version) };
  const { ok, problems } = await checkShellAgainst(folders);
  if (ok) return [];
  const shown = problems.slice(0, 12);
  if (problems.length > shown.length) shown.push(`… ${problems.length - shown.length} more lines`);
  return [`its exposed modules do not fit what the shell mounts:\n      ${shown.join('\n      ')}`];
}

/** Refuses a move whose release does not fit what is live, naming each misfit. */
async function gate(app, version, deployment) {
  const { manifest } = await releaseOf(app, version);
  const shared =
    app.dir === 'shell'
      ? (await liveRemoteManifests(deployment)).flatMap(({ label, manifest: remote }) =>
          sharedMisfits(remote, manifest).map((misfit) => `${label}: ${misfit}`),
        )
      : sharedMisfits(manifest, await liveShellManifest(deployment)).map(
          (misfit) => `${app.dir} ${version}: ${misfit}`,
        );
  const exposed =
    app.dir === 'shell'
      ? []
      : (await exposedMisfits(app, version, deployment)).map((misfit) => `${app.dir} ${version}: ${misfit}`);
  const misfits = [...shared, ...exposed];
  if (misfits.length) {
    throw new ReleaseError(
      `${app.dir} ${version} does not fit the live site:\n  - ${misfits.join('\n  - ')}\n` +
        (app.dir === 'shell'
          ? 'Promote remotes that accept this shell first, or release the shell with what they need.'
          : 'Promote a shell release that provides these versions first, or fix the release.'),
      { code: 'gate-refused', misfits },
    );
  }
}

async function refOf(app, version) {
  const { meta } = await releaseOf(app, version);
  return {
    version,
    manifest: manifestUrlOf(app, version),
    routes: meta.routes ?? [],
    integrity: await integrityOf(app, version),
  };
}

/**
 * Points `app` at `version` for every visitor, or for `canary` percent of them. `judged`: the canary
 * judge (canary-judge.mjs) widens it step by step or rolls it back by its rules; `reason` is recorded.
 */
export async function promote(
  appId,
  version,
  { canary, judged = false, reason, by, tokenId, ifCanary = false, beforeSwap } = {},
) {
  const app = appOf(appId);
  if (canary !== undefined && (!Number.isInteger(canary) || canary < 1 || canary > 99)) {
    throw new ReleaseError(`--canary takes a whole percent from 1 to 99, not ${canary}`);
  }
  if (app.dir === 'shell' && canary !== undefined) {
    throw new ReleaseError('the shell has no canary: it serves every page; canary the remotes');
  }
  const because = reason ? { reason } : {};
  return moveApp(
    app,
    async (deployment) => {
      await gate(app, version, deployment);
      if (app.dir === 'shell') {
        const from = deployment.shell?.version ?? null;
        if (from === version) throw new ReleaseError(`shell ${version} is live already`);
        await integrityOf(app, version);
        deployment.shell = { version, previous: [...(deployment.shell?.previous ?? []), from] };
        return {
          next: deployment,
          record: { action: 'promote', version, from, ...because },
          result: { version, from },
        };
      }
      const current = deployment.remotes[app.name];
      // the judge promotes the canary it judged, not a release someone else put there meanwhile
      if (ifCanary && current?.canary?.version !== version) {
        throw new ReleaseError(`${app.dir} runs no canary of ${version}`);
      }
      const ref = await refOf(app, version);
      if (canary !== undefined) {
        if (!current) {
          throw new ReleaseError(`${app.dir} has no promoted release to hold the other visitors: promote one first`);
        }
        if (current.version === version) throw new ReleaseError(`${app.dir} ${version} is live for everyone already`);
        current.canary = {
          ...ref,
          percent: canary,
          ...(judged ? { judged: { since: new Date().toISOString() } } : {}),
        };
        return {
          next: deployment,
          record: {
            action: 'canary',
            version,
            percent: canary,
            from: current.version,
            ...(judged ? { judged } : {}),
            ...because,
          },
          result: { version, from: current.version, canary },
        };
      }
      const from = current?.version ?? null;
      if (from === version && !current?.canary) throw new ReleaseError(`${app.dir} ${version} is live already`);
      const previous = current
        ? [
            ...current.previous,
            {
              version: current.version,
              manifest: current.manifest,
              routes: current.routes,
              ...(current.integrity ? { integrity: current.integrity } : {}),
            },
          ]
        : [null];
      deployment.remotes[app.name] = { ...ref, previous: from === version ? current.previous : previous };
      return { next: deployment, record: { action: 'promote', version, from, ...because }, result: { version, from } };
    },
    by,
    beforeSwap,
    tokenId,
  );
}

/**
 * Widens a judged canary to `percent` of visitors (the judge's step), if it is still the canary of
 * `version`; its window starts again.
 */
export async function widenCanary(appId, version, percent, { reason, by, tokenId, beforeSwap } = {}) {
  const app = appOf(appId);
  return moveApp(
    app,
    (deployment) => {
      const canary = deployment.remotes[app.name]?.canary;
      if (canary?.version !== version) throw new ReleaseError(`${app.dir} runs no canary of ${version}`);
      if (!Number.isInteger(percent) || percent <= canary.percent || percent > 99) {
        throw new ReleaseError(
          `${app.dir}: a canary at ${canary.percent}% is widened to a larger percent under 100, not ${percent}`,
        );
      }
      const from = canary.percent;
      canary.percent = percent;
      if (canary.judged) canary.judged = { ...canary.judged, since: new Date().toISOString() };
      return {
        next: deployment,
        record: {
          action: 'widen',
          version,
          percent,
          from: deployment.remotes[app.name].version,
          fromPercent: from,
          ...(reason ? { reason } : {}),
        },
        result: { version, percent },
      };
    },
    by,
    beforeSwap,
    tokenId,
  );
}

/** Ends a canary, or points `app` back at the release live before the last promotion. */
export async function rollback(appId, { reason, by, tokenId, canaryOf, beforeSwap } = {}) {
  const app = appOf(appId);
  const because = reason ? { reason } : {};
  return moveApp(
    app,
    async (deployment) => {
      if (app.dir === 'shell') {
        const shell = deployment.shell;
        if (!shell) throw new ReleaseError('the shell serves its build: there is no promotion to roll back');
        const back = shell.previous.at(-1) ?? null;
        if (back) await gate(app, back, deployment);
        deployment.shell = back ? { version: back, previous: shell.previous.slice(0, -1) } : null;
        return {
          next: deployment,
          record: { action: 'rollback', version: back, from: shell.version, ...because },
          result: { version: back, from: shell.version },
        };
      }
      const current = deployment.remotes[app.name];
      if (!current) throw new ReleaseError(`${app.dir} serves its build: there is no promotion to roll back`);
      // the judge ends the canary it judged, never the stable release under it
      if (canaryOf !== undefined && current.canary?.version !== canaryOf) {
        throw new ReleaseError(`${app.dir} runs no canary of ${canaryOf}`);
      }
      if (current.canary) {
        const { version } = current.canary;
        delete current.canary;
        return {
          next: deployment,
          record: { action: 'rollback', version: current.version, from: version, canaryEnded: true, ...because },
          result: { version: current.version, from: version },
        };
      }
      const back = current.previous.at(-1) ?? null;
      if (back) await gate(app, back.version, deployment);
      // the release gone back to is pinned by its digests again, as a promotion would
      if (back) {
        deployment.remotes[app.name] = { ...(await refOf(app, back.version)), previous: current.previous.slice(0, -1) };
      } else delete deployment.remotes[app.name];
      return {
        next: deployment,
        record: { action: 'rollback', version: back?.version ?? null, from: current.version, ...because },
        result: { version: back?.version ?? null, from: current.version },
      };
    },
    by,
    beforeSwap,
    tokenId,
  );
}
