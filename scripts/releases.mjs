// Releases and the deployment pointer (README "One team deploys one remote"). A release is an app's
// build in releases/<app>/<version>/, never overwritten; releases/deployment.json says which release of
// each app is live (and which one a canary share of visitors gets), and the shell's server reads it on
// every page. Promotion, canary and rollback change only that file, after the compatibility gate, and
// each move is appended to releases/history.jsonl with who made it and when.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import { join, relative } from 'node:path';
import { apps, releasesDir, root } from './lib.mjs';
import { checkShellAgainst } from './remote-types.mjs';

const require = createRequire(import.meta.url);
const semver = require('semver');
const { prefixesOf, remotesMap } = require('../packages/config/remotes.cjs');

/** Where releases live: RELEASES_DIR, or releases/ at the repository's root. */
export { releasesDir };
export const deploymentFile = () => join(releasesDir(), 'deployment.json');
export const historyFile = () => join(releasesDir(), 'history.jsonl');

/** An app by its folder (mf-catalog) or federation name (mf_catalog). */
export function appOf(id) {
  const app = apps.find((candidate) => candidate.dir === id || candidate.name === id);
  if (!app) throw new ReleaseError(`no app "${id}": one of ${apps.map((candidate) => candidate.dir).join(', ')}`);
  return app;
}

export class ReleaseError extends Error {}

/** Every file under `dir`, relative, sorted: the order a content hash must not depend on the disk for. */
function filesOf(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesOf(join(dir, entry.name), base) : [relative(base, join(dir, entry.name))],
    )
    .sort();
}

/** A build's content hash: the same build is the same release, a changed byte is another one. */
export function contentHash(dir) {
  const hash = createHash('sha256');
  for (const file of filesOf(dir)) {
    if (file === 'release.json') continue;
    hash
      .update(file)
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
 * Files a built folder as a release of `app`: the version is the app's package.json version plus the
 * build's content hash, so a release folder is never overwritten (the same build gives the version it
 * already has). `build` is moved (`move: true`, a staging folder of ours) or copied.
 */
export function fileRelease(app, build, { move = false, commit = commitOf() } = {}) {
  if (!existsSync(join(build, 'mf-manifest.json'))) throw new ReleaseError(`${build} holds no build of ${app.dir}`);
  // the version the build was made at (its manifest's build info: a team's own repository), else ours
  const built = readJson(join(build, 'mf-manifest.json')).metaData?.buildInfo?.buildVersion;
  const packageVersion = built && semver.valid(built) ? built : readJson(join(root, app.dir, 'package.json')).version;
  const version = `${packageVersion}-${contentHash(build).slice(0, 10)}`;
  const target = join(releasesDir(), app.dir, version);
  if (existsSync(join(target, 'release.json'))) {
    if (move) rmSync(build, { recursive: true, force: true });
    return { version, folder: target, created: false };
  }
  mkdirSync(join(releasesDir(), app.dir), { recursive: true });
  rmSync(target, { recursive: true, force: true });
  if (move) renameSync(build, target);
  else cpSync(build, target, { recursive: true });
  // the prefixes its pages are under, as the build lists them (pages.json)
  const routes = prefixesOf(target);
  const meta = {
    app: app.dir,
    name: app.name,
    version,
    packageVersion,
    commit,
    builtAt: new Date().toISOString(),
    routes,
  };
  writeFileSync(join(target, 'release.json'), `${JSON.stringify(meta, null, 2)}\n`);
  return { version, folder: target, created: true };
}

export function releaseFolder(app, version) {
  return join(releasesDir(), app.dir, version);
}

/** The versions of an app released so far, oldest first. */
export function releasedVersions(app) {
  const dir = join(releasesDir(), app.dir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((version) => existsSync(join(dir, version, 'release.json')))
    .map((version) => ({ version, builtAt: readJson(join(dir, version, 'release.json')).builtAt }))
    .sort((a, b) => a.builtAt.localeCompare(b.builtAt))
    .map(({ version }) => version);
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function releaseOf(app, version) {
  const folder = releaseFolder(app, version);
  if (!existsSync(join(folder, 'release.json'))) {
    const known = releasedVersions(app);
    throw new ReleaseError(
      `${app.dir} has no release ${version}; released: ${known.length ? known.join(', ') : `none (npm run release -- ${app.dir})`}`,
    );
  }
  return { meta: readJson(join(folder, 'release.json')), manifest: readJson(join(folder, 'mf-manifest.json')) };
}

/** deployment.json: { shell?: { version, previous }, remotes: { name: { version, manifest, routes, previous, canary? } } } */
export function readDeployment() {
  const file = deploymentFile();
  if (!existsSync(file)) return { shell: null, remotes: {} };
  const deployment = readJson(file);
  return { shell: deployment.shell ?? null, remotes: deployment.remotes ?? {} };
}

/** Written whole and renamed into place: the shell's server never reads half a file. */
function writeDeployment(deployment) {
  mkdirSync(releasesDir(), { recursive: true });
  const temporary = `${deploymentFile()}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(deployment, null, 2)}\n`);
  renameSync(temporary, deploymentFile());
}

function record(entry) {
  mkdirSync(releasesDir(), { recursive: true });
  const by = process.env.DEPLOYED_BY || gitUser() || userInfo().username;
  appendFileSync(historyFile(), `${JSON.stringify({ at: new Date().toISOString(), by, ...entry })}\n`);
}

function gitUser() {
  try {
    return execFileSync('git', ['config', 'user.name'], { cwd: root, encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** The history, oldest first. */
export function readHistory() {
  if (!existsSync(historyFile())) return [];
  return readFileSync(historyFile(), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
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
function liveShellManifest(deployment) {
  const shell = appOf('shell');
  if (deployment.shell?.version) return releaseOf(shell, deployment.shell.version).manifest;
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
 * The folder each remote is live from: its promoted release (and its canary's, when one runs), or its
 * build when none is promoted.
 */
function liveFolders(deployment) {
  return apps
    .filter((app) => app.dir !== 'shell')
    .flatMap((app) => {
      const live = deployment.remotes[app.name];
      if (!live) return [{ app, label: `${app.dir} (its build)`, folder: join(root, app.dir, 'dist'), canary: false }];
      return [live, live.canary].filter(Boolean).map((ref) => ({
        app,
        label: `${app.dir} ${ref.version}`,
        folder: releaseFolder(app, ref.version),
        canary: ref === live.canary,
      }));
    });
}

/** The live remotes' manifests (stable and canary), each with its label; a remote without a build has none. */
function liveRemoteManifests(deployment) {
  return liveFolders(deployment)
    .filter(({ folder }) => existsSync(join(folder, 'mf-manifest.json')))
    .map(({ label, folder }) => ({ label, manifest: readJson(join(folder, 'mf-manifest.json')) }));
}

/** The folder whose type hints stand for each remote in the shell's type check: its stable one. */
export function liveTypeFolders(deployment) {
  const stable = liveFolders(deployment).filter(({ canary }) => !canary);
  return Object.fromEntries(stable.map(({ app, folder }) => [app.name, folder]));
}

/**
 * The gate's second half: the shell type-checks what it mounts against the release's federation type
 * hints, the other remotes' from what is live (scripts/remote-types.mjs). The shell's mounts are read
 * from its source here: the shell that is promoted is built from it.
 */
export function exposedMisfits(app, version, deployment) {
  const folders = { ...liveTypeFolders(deployment), [app.name]: releaseFolder(app, version) };
  const { ok, problems } = checkShellAgainst(folders);
  if (ok) return [];
  const shown = problems.slice(0, 12);
  if (problems.length > shown.length) shown.push(`… ${problems.length - shown.length} more lines`);
  return [`its exposed modules do not fit what the shell mounts:\n      ${shown.join('\n      ')}`];
}

/** Refuses a move whose release does not fit what is live, naming each misfit. */
function gate(app, version, deployment) {
  const { manifest } = releaseOf(app, version);
  const shared =
    app.dir === 'shell'
      ? liveRemoteManifests(deployment).flatMap(({ label, manifest: remote }) =>
          sharedMisfits(remote, manifest).map((misfit) => `${label}: ${misfit}`),
        )
      : sharedMisfits(manifest, liveShellManifest(deployment)).map((misfit) => `${app.dir} ${version}: ${misfit}`);
  const exposed =
    app.dir === 'shell'
      ? []
      : exposedMisfits(app, version, deployment).map((misfit) => `${app.dir} ${version}: ${misfit}`);
  const misfits = [...shared, ...exposed];
  if (misfits.length) {
    throw new ReleaseError(
      `${app.dir} ${version} does not fit the live site:\n  - ${misfits.join('\n  - ')}\n` +
        (app.dir === 'shell'
          ? 'Promote remotes that accept this shell first, or release the shell with what they need.'
          : 'Promote a shell release that provides these versions first, or fix the release.'),
    );
  }
}

function refOf(app, version) {
  const { meta } = releaseOf(app, version);
  return { version, manifest: manifestUrlOf(app, version), routes: meta.routes ?? [] };
}

/** Points `app` at `version` for every visitor, or for `canary` percent of them. */
export function promote(appId, version, { canary } = {}) {
  const app = appOf(appId);
  const deployment = readDeployment();
  if (canary !== undefined && (!Number.isInteger(canary) || canary < 1 || canary > 99)) {
    throw new ReleaseError(`--canary takes a whole percent from 1 to 99, not ${canary}`);
  }
  if (app.dir === 'shell' && canary !== undefined) {
    throw new ReleaseError('the shell has no canary: it serves every page; canary the remotes');
  }
  gate(app, version, deployment);
  if (app.dir === 'shell') {
    const from = deployment.shell?.version ?? null;
    if (from === version) throw new ReleaseError(`shell ${version} is live already`);
    deployment.shell = { version, previous: [...(deployment.shell?.previous ?? []), from] };
    writeDeployment(deployment);
    record({ app: app.dir, action: 'promote', version, from });
    return { app, version, from };
  }
  const current = deployment.remotes[app.name];
  const ref = refOf(app, version);
  if (canary !== undefined) {
    if (!current)
      throw new ReleaseError(`${app.dir} has no promoted release to hold the other visitors: promote one first`);
    if (current.version === version) throw new ReleaseError(`${app.dir} ${version} is live for everyone already`);
    current.canary = { ...ref, percent: canary };
    writeDeployment(deployment);
    record({ app: app.dir, action: 'canary', version, percent: canary, from: current.version });
    return { app, version, from: current.version, canary };
  }
  const from = current?.version ?? null;
  if (from === version && !current?.canary) throw new ReleaseError(`${app.dir} ${version} is live already`);
  const previous = current
    ? [...current.previous, { version: current.version, manifest: current.manifest, routes: current.routes }]
    : [null];
  deployment.remotes[app.name] = { ...ref, previous: from === version ? current.previous : previous };
  writeDeployment(deployment);
  record({ app: app.dir, action: 'promote', version, from });
  return { app, version, from };
}

/** Ends a canary, or points `app` back at the release live before the last promotion. */
export function rollback(appId) {
  const app = appOf(appId);
  const deployment = readDeployment();
  if (app.dir === 'shell') {
    const shell = deployment.shell;
    if (!shell) throw new ReleaseError('the shell serves its build: there is no promotion to roll back');
    const back = shell.previous.at(-1) ?? null;
    if (back) gate(app, back, deployment);
    deployment.shell = back ? { version: back, previous: shell.previous.slice(0, -1) } : null;
    writeDeployment(deployment);
    record({ app: app.dir, action: 'rollback', version: back, from: shell.version });
    return { app, version: back, from: shell.version };
  }
  const current = deployment.remotes[app.name];
  if (!current) throw new ReleaseError(`${app.dir} serves its build: there is no promotion to roll back`);
  if (current.canary) {
    const { version } = current.canary;
    delete current.canary;
    writeDeployment(deployment);
    record({ app: app.dir, action: 'rollback', version: current.version, from: version, canaryEnded: true });
    return { app, version: current.version, from: version };
  }
  const back = current.previous.at(-1) ?? null;
  if (back) gate(app, back.version, deployment);
  if (back) deployment.remotes[app.name] = { ...back, previous: current.previous.slice(0, -1) };
  else delete deployment.remotes[app.name];
  writeDeployment(deployment);
  record({ app: app.dir, action: 'rollback', version: back?.version ?? null, from: current.version });
  return { app, version: back?.version ?? null, from: current.version };
}
