// The compatibility gate (docs/releases.md "The gate"): a release must fit what is live.
//
//   - shared singletons: a remote's release must find every singleton it requires (its manifest's
//     `requiredVersion`) in the version the live shell provides; a shell's release must provide what
//     every live remote (stable and canary) requires;
//   - types: the shell's mounts are type-checked against the federation type hints (@mf-types.zip) the
//     candidate was published with and those the live remotes were published with, in place of their
//     source. The check reads no remote's source in this checkout: the shell's files that import a
//     remote's source directly (the single-bundle registry, tests) are left out, so an edit in the deploy
//     host's checkout to one team's remote never changes the answer for another team's release.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import AdmZip from 'adm-zip';
import semver from 'semver';
import { APPS, type App, repositoryRoot } from './apps';
import type { DeploymentDocument, Manifest } from './deployment';
import { filesOf } from './digest';
import { ReleaseError } from './errors';
import { localFolder, releaseOf } from './releases';

const execFileAsync = promisify(execFile);
const TYPES_ZIP = '@mf-types.zip';
const shellDir = join(repositoryRoot, 'shell');
/** The shell's files the gate leaves out: they read remotes' sources, or are tests. */
const NOT_CHECKED = ['src/features/remotes/registry.single.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx', 'src/test'];

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Where a remote's exposes.ts landed in its type hints (the path under compiled-types/ follows its rootDir). */
function exposesDeclaration(dir: string): string | null {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && entry.name !== 'packages' && entry.name !== 'node_modules') walk(path);
      else if (entry.name === 'exposes.d.ts' && path.endsWith(`${sep}src${sep}exposes.d.ts`)) found.push(path);
    }
  };
  walk(join(dir, 'compiled-types'));
  return found.sort((a, b) => a.length - b.length)[0] ?? null;
}

/** tsc's exit status and what it printed; it runs beside the process (a deploy API answers meanwhile). */
async function tsc(project: string): Promise<{ status: number; output: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(
      join(repositoryRoot, 'node_modules', '.bin', 'tsc'),
      ['-p', project],
      {
        cwd: shellDir,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return { status: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    // a non-zero exit is tsc's answer; anything else (no tsc at all) is a failure of the check itself
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { status: failed.code, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** What the shell's type check reads besides the remotes' hints: its sources, the packages', the settings, the lockfile. */
const CHECKED_INPUTS = [
  join(shellDir, 'src'),
  join(shellDir, 'tsconfig.json'),
  join(shellDir, 'package.json'),
  join(repositoryRoot, 'packages', 'config'),
  join(repositoryRoot, 'pnpm-lock.yaml'),
  ...readdirSync(join(repositoryRoot, 'packages')).flatMap((name) => [
    join(repositoryRoot, 'packages', name, 'src'),
    join(repositoryRoot, 'packages', name, 'package.json'),
  ]),
];

/**
 * The check's inputs named by one hash: every remote's type hints (the zip's bytes) and every file tsc
 * reads of this checkout. The same inputs always get tsc's same answer, so a check that passed is not run
 * again (a move per minute of the same hints, a rollback's promotion back) and a move answers in well
 * under a second instead of the 4-5 s tsc takes on two cores.
 */
export function checkKey(zips: Record<string, string>, inputs: readonly string[] = CHECKED_INPUTS): string {
  const hash = createHash('sha256');
  for (const [name, zip] of Object.entries(zips).sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`${name}\0`).update(readFileSync(zip));
  }
  hash.update(NOT_CHECKED.join('\0'));
  for (const input of inputs) {
    if (!existsSync(input)) continue;
    const files = input.endsWith('.json') || input.endsWith('.yaml') ? [''] : filesOf(input);
    for (const file of files) {
      if (file.split('/').includes('node_modules')) continue;
      const path = file ? join(input, file) : input;
      hash.update(`${relative(repositoryRoot, path)}\0`).update(readFileSync(path));
    }
  }
  return hash.digest('hex');
}

/**
 * Type-checks the shell with each remote's types taken from the folder given for it (a release or a
 * build holding @mf-types.zip). `problems` are tsc's lines, or what is missing. Two checks at once (two
 * teams' moves in one deploy API) each have a folder of their own. A pass is remembered by its inputs'
 * hash (checkKey); a refusal is always checked again.
 */
export async function checkShellAgainst(folders: Record<string, string>): Promise<{ ok: boolean; problems: string[] }> {
  const base = join(shellDir, 'node_modules', '.remote-types');
  mkdirSync(base, { recursive: true });
  const zips = Object.fromEntries(Object.entries(folders).map(([name, folder]) => [name, join(folder, TYPES_ZIP)]));
  const passed = Object.values(zips).every((zip) => existsSync(zip)) ? join(base, 'passed', checkKey(zips)) : null;
  if (passed && existsSync(passed)) return { ok: true, problems: [] };
  const work = mkdtempSync(join(base, `${process.pid}-`));
  try {
    const paths: Record<string, string[]> = {};
    const missing: string[] = [];
    for (const [name, folder] of Object.entries(folders)) {
      const zip = join(folder, TYPES_ZIP);
      if (!existsSync(zip)) {
        missing.push(`${name}: ${relative(repositoryRoot, folder) || folder} carries no type hints (${TYPES_ZIP})`);
        continue;
      }
      const into = join(work, name);
      new AdmZip(zip).extractAllTo(into, true);
      const declaration = exposesDeclaration(into);
      if (!declaration) {
        missing.push(`${name}: its type hints hold no src/exposes.d.ts (its typed public API)`);
        continue;
      }
      paths[`@remote/${name}`] = [`./${relative(work, declaration).split(sep).join('/')}`];
    }
    if (missing.length) return { ok: false, problems: missing };
    // the shell's own settings, with the remotes' public APIs read from their type hints only
    const fromWork = (path: string) => relative(work, join(shellDir, path)).split(sep).join('/');
    const tsconfig = {
      extends: fromWork('tsconfig.json'),
      compilerOptions: { paths, noEmit: true },
      include: [
        fromWork('src'),
        relative(work, join(repositoryRoot, 'packages', 'config', 'types'))
          .split(sep)
          .join('/'),
      ],
      exclude: NOT_CHECKED.map(fromWork),
    };
    const project = join(work, 'tsconfig.json');
    writeFileSync(project, JSON.stringify(tsconfig, null, 2));
    const result = await tsc(project);
    const output = result.output.trim();
    if (result.status === 0 && passed) {
      mkdirSync(join(base, 'passed'), { recursive: true });
      writeFileSync(passed, '');
    }
    return {
      ok: result.status === 0,
      problems: output ? output.split('\n').map((line) => line.replaceAll(`${work}${sep}`, '')) : [],
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The gate's first half: every shared singleton the remote requires is provided by the shell in a
 * version that satisfies the range (a remote bundles none of its own: packages/config/shared.cjs).
 * Returns what does not fit, one line each.
 */
export function sharedMisfits(remoteManifest: Manifest, shellManifest: Manifest): string[] {
  const provided = new Map(shellManifest.shared.map((shared) => [shared.name, shared.version]));
  const misfits: string[] = [];
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

const shellApp = (): App => APPS.find((app) => app.dir === 'shell') as App;

/** The shell's manifest that pages are served with now: its live release, or its build. */
async function liveShellManifest(deployment: DeploymentDocument): Promise<Manifest> {
  if (deployment.shell?.version) return (await releaseOf(shellApp(), deployment.shell.version)).manifest;
  const built = join(repositoryRoot, 'shell', 'dist', 'mf-manifest.json');
  if (!existsSync(built)) throw new ReleaseError('no live shell: build it (npm run build) or promote a release of it');
  return readJson<Manifest>(built);
}

type Live = { app: App; label: string; canary: boolean } & ({ version: string } | { folder: string });

/**
 * What each remote is live from: its promoted release (and its canary's, when one runs), or its build
 * (`folder`) when none is promoted.
 */
function liveReleases(deployment: DeploymentDocument): Live[] {
  return APPS.filter((app) => app.dir !== 'shell').flatMap((app): Live[] => {
    const live = deployment.remotes[app.name];
    if (!live)
      return [{ app, label: `${app.dir} (its build)`, folder: join(repositoryRoot, app.dir, 'dist'), canary: false }];
    const stable: Live = { app, label: `${app.dir} ${live.version}`, version: live.version, canary: false };
    return live.canary
      ? [stable, { app, label: `${app.dir} ${live.canary.version}`, version: live.canary.version, canary: true }]
      : [stable];
  });
}

/** The live remotes' manifests (stable and canary), each with its label; a remote without a build has none. */
async function liveRemoteManifests(deployment: DeploymentDocument): Promise<{ label: string; manifest: Manifest }[]> {
  const manifests = await Promise.all(
    liveReleases(deployment).map(async (live) => {
      if ('version' in live) return { label: live.label, manifest: (await releaseOf(live.app, live.version)).manifest };
      const file = join(live.folder, 'mf-manifest.json');
      return existsSync(file) ? { label: live.label, manifest: readJson<Manifest>(file) } : null;
    }),
  );
  return manifests.filter((found): found is { label: string; manifest: Manifest } => found !== null);
}

/** The folder whose type hints stand for each remote in the shell's type check: its stable one. */
export async function liveTypeFolders(deployment: DeploymentDocument): Promise<Record<string, string>> {
  const stable = liveReleases(deployment).filter(({ canary }) => !canary);
  const folders = await Promise.all(
    stable.map(async (live) => [
      live.app.name,
      'version' in live ? await localFolder(live.app, live.version) : live.folder,
    ]),
  );
  return Object.fromEntries(folders);
}

/**
 * The gate's second half: the shell type-checks what it mounts against the release's federation type
 * hints, the other remotes' from what is live.
 */
export async function exposedMisfits(app: App, version: string, deployment: DeploymentDocument): Promise<string[]> {
  const folders = { ...(await liveTypeFolders(deployment)), [app.name]: await localFolder(app, version) };
  const { ok, problems } = await checkShellAgainst(folders);
  if (ok) return [];
  const shown = problems.slice(0, 12);
  if (problems.length > shown.length) shown.push(`… ${problems.length - shown.length} more lines`);
  return [`its exposed modules do not fit what the shell mounts:\n      ${shown.join('\n      ')}`];
}

/** Refuses a move whose release does not fit what is live, naming each misfit. */
export async function gate(app: App, version: string, deployment: DeploymentDocument): Promise<void> {
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
