// What is live: which release of the shell serves the pages, and which release of each remote a visitor
// loads, a canary share of visitors getting another one, numbered by the deployment's version (every move
// raises it by one). Kept by scripts/deployment-store.mjs in releases/deployment.json, or in PostgreSQL
// when several instances serve the site (deploymentPostgres.ts). A source keeps the live deployment in
// memory and follows its moves: promotion, canary and rollback need no restart and no rebuild.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RemotesMap } from '../src/features/remotes/headless';

/**
 * The digests a deployment pins for a remote's release: its manifest's and its entry's (the browser's
 * chain: the manifest lists its other files' digests, the entry its chunks'), and its server module's
 * (`server/pages.js`: the shell's server checks it before its sandbox runs it).
 */
export type RemoteIntegrity = { manifest: string; entry: { path: string; digest: string }; server?: string };

/** A remote's release as the deployment points at it. */
export type ReleaseRef = { version: string; manifest: string; routes: readonly string[]; integrity?: RemoteIntegrity };
export type LiveRemote = ReleaseRef & { canary?: ReleaseRef & { percent: number } };
export type Deployment = {
  /** the deployment's version: 0 before the first move */
  version: number;
  shell: { version: string } | null;
  remotes: Readonly<Record<string, LiveRemote>>;
};

const EMPTY: Deployment = { version: 0, shell: null, remotes: {} };

/** Since when the deployment cannot be read, and why (the last good one is served meanwhile). */
export type Unreadable = { since: string; error: string };

/** Keeps the first failure of a run of failed reads; a good read ends the run. */
export class ReadTrouble {
  private run: Unreadable | null = null;
  private count = 0;

  failed(error: unknown, now = new Date()): void {
    this.count += 1;
    const message = error instanceof Error ? error.message : String(error);
    this.run = { since: this.run?.since ?? now.toISOString(), error: message };
  }

  read(): void {
    this.run = null;
  }

  unreadable(): Unreadable | null {
    return this.run;
  }

  errors(): number {
    return this.count;
  }
}

/** What /health adds for the deployment: `status: degraded` while it cannot be read. */
export function deploymentHealth(source: DeploymentSource, served: number): Record<string, unknown> {
  const unreadable = source.unreadable();
  return {
    deployment: served,
    store: source.store,
    ...(unreadable ? { status: 'degraded', deploymentUnreadable: { ...unreadable, store: source.store } } : {}),
  };
}

/** What the shell's server reads the deployment from. */
export interface DeploymentSource {
  /** where: the file, PostgreSQL, or none (development: nothing is promoted) */
  readonly store: 'file' | 'postgres' | 'none';
  /** the live deployment, as last read (never waits) */
  current(): Deployment;
  /** an earlier deployment, for a page served before a move: null when this source does not know it */
  at(version: number): Promise<Deployment | null>;
  /** failed reads so far (the last good deployment is served meanwhile) */
  readErrors(): number;
  /** while the reads fail: since when and the last error; null once one succeeds */
  unreadable(): Unreadable | null;
  close(): Promise<void>;
}

/** The deployments seen lately, by version: a page's remotes map is answered for the page's deployment. */
export class RecentDeployments {
  private readonly seen = new Map<number, Deployment>();

  constructor(private readonly size = 64) {}

  remember(deployment: Deployment): void {
    this.seen.delete(deployment.version);
    this.seen.set(deployment.version, deployment);
    while (this.seen.size > this.size) this.seen.delete(this.seen.keys().next().value as number);
  }

  get(version: number): Deployment | null {
    return this.seen.get(version) ?? null;
  }
}

/** Development and the bench: what was given is all there is. */
export const noDeployment = (): DeploymentSource => ({
  store: 'none',
  current: () => EMPTY,
  at: async (version) => (version === 0 ? EMPTY : null),
  readErrors: () => 0,
  unreadable: () => null,
  close: async () => undefined,
});

/** releases/deployment.json, read again when it changes (a stat per call). */
export function fileDeployment(file: string): DeploymentSource {
  const read = deploymentReader(file);
  const recent = new RecentDeployments();
  const trouble = new ReadTrouble();
  const current = () => {
    const deployment = read(trouble);
    recent.remember(deployment);
    return deployment;
  };
  return {
    store: 'file',
    current,
    at: async (version) => (current().version === version ? current() : recent.get(version)),
    readErrors: () => trouble.errors(),
    unreadable: () => trouble.unreadable(),
    close: async () => undefined,
  };
}

/** The visitor's place in 0..99, kept in a cookie so that a visitor stays on one side of a canary. */
export const CANARY_COOKIE = 'canaryBucket';

/**
 * Reads the deployment file when it changed since the last read; none: nothing promoted. `outcome`
 * hears of each read of a changed file (a broken one keeps the last good deployment).
 */
export function deploymentReader(
  file: string,
): (outcome?: { failed(error: unknown): void; read(): void }) => Deployment {
  let seen = '';
  let current = EMPTY;
  return (outcome) => {
    let stamp: string;
    try {
      const info = statSync(file);
      stamp = `${info.mtimeMs}:${info.size}`;
    } catch {
      outcome?.read();
      return EMPTY;
    }
    if (stamp === seen) return current;
    try {
      current = parseDeployment(readFileSync(file, 'utf8'));
      outcome?.read();
    } catch (error) {
      // a broken file keeps the last good deployment live rather than dropping every promotion
      console.error('[shell] deployment:', error instanceof Error ? error.message : error);
      outcome?.failed(error);
    }
    seen = stamp;
    return current;
  };
}

const DIGEST = /^sha384-[A-Za-z0-9+/]{64}$/;

/** A release's digests, if the deployment pins them (a release promoted before they were recorded has none). */
function integrityOf(value: unknown): RemoteIntegrity | undefined {
  const integrity = value as RemoteIntegrity | undefined;
  if (integrity === undefined) return undefined;
  const valid =
    typeof integrity === 'object' &&
    integrity !== null &&
    DIGEST.test(String(integrity.manifest)) &&
    typeof integrity.entry?.path === 'string' &&
    DIGEST.test(String(integrity.entry.digest)) &&
    (integrity.server === undefined || DIGEST.test(String(integrity.server)));
  if (!valid) throw new Error('a release with malformed digests');
  return {
    manifest: integrity.manifest,
    entry: { path: integrity.entry.path, digest: integrity.entry.digest },
    ...(integrity.server ? { server: integrity.server } : {}),
  };
}

/** A release as the deployment names it, its digests with it. */
function refOf(entry: ReleaseRef): ReleaseRef {
  const integrity = integrityOf(entry.integrity);
  return {
    version: entry.version,
    manifest: entry.manifest,
    routes: entry.routes,
    ...(integrity ? { integrity } : {}),
  };
}

function isRef(value: unknown): value is ReleaseRef {
  const ref = value as ReleaseRef | null;
  return (
    typeof ref === 'object' &&
    ref !== null &&
    typeof ref.version === 'string' &&
    typeof ref.manifest === 'string' &&
    Array.isArray(ref.routes) &&
    ref.routes.every((route) => typeof route === 'string')
  );
}

export function parseDeployment(text: string): Deployment {
  return deploymentOf(JSON.parse(text));
}

/** A deployment from its stored document (the file's, or PostgreSQL's with its version beside it). */
export function deploymentOf(document: unknown, storedVersion?: number): Deployment {
  const raw = (document ?? {}) as { version?: unknown; shell?: unknown; remotes?: unknown };
  const shell = raw.shell as { version?: unknown } | null | undefined;
  const remotes: Record<string, LiveRemote> = {};
  for (const [name, entry] of Object.entries((raw.remotes ?? {}) as Record<string, unknown>)) {
    if (!isRef(entry)) throw new Error(`remote ${name}: not a release`);
    const canary = (entry as { canary?: unknown }).canary as (ReleaseRef & { percent?: unknown }) | undefined;
    const live: LiveRemote = refOf(entry);
    if (canary !== undefined) {
      if (!isRef(canary) || typeof canary.percent !== 'number') throw new Error(`remote ${name}: a bad canary`);
      live.canary = { ...refOf(canary), percent: canary.percent };
    }
    remotes[name] = live;
  }
  const version = storedVersion ?? raw.version;
  return {
    version: typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : 0,
    shell: shell && typeof shell.version === 'string' ? { version: shell.version } : null,
    remotes,
  };
}

export const hasCanary = (deployment: Deployment): boolean =>
  Object.values(deployment.remotes).some((remote) => remote.canary !== undefined);

/**
 * The remotes map one visitor gets: the build's map (or --remotes), with each promoted remote at its
 * live release, or at its canary when the visitor's bucket is below the canary's percent. Every entry
 * names the deployment it answers for: a page carries it, and /remotes.json?deployment=N answers for it.
 */
export function remotesFor(base: RemotesMap, deployment: Deployment, bucket: number | null): RemotesMap {
  const map: Record<string, RemotesMap[string]> = {};
  for (const [name, declaration] of Object.entries(base)) {
    map[name] = typeof declaration === 'string' ? declaration : { ...declaration, deployment: deployment.version };
  }
  for (const [name, live] of Object.entries(deployment.remotes)) {
    const chosen = live.canary && bucket !== null && bucket < live.canary.percent ? live.canary : live;
    map[name] = {
      manifest: chosen.manifest,
      routes: [...chosen.routes],
      version: chosen.version,
      deployment: deployment.version,
      // the browser loads the release's manifest and entry only with these (remotes/integrity.ts)
      ...(chosen.integrity ? { integrity: chosen.integrity } : {}),
    };
  }
  return map;
}

/**
 * The folder the shell's pages are served from: its live release, or its build. `releases`: the releases
 * folder (releases/shell/<version>/), or where each release of the shell is on this disk (written out
 * from the release store: main.ts).
 */
export const shellRoot = (
  deployment: Deployment,
  releases: string | ((version: string) => string),
  built: string,
): string => {
  if (!deployment.shell) return built;
  const { version } = deployment.shell;
  return typeof releases === 'string' ? join(releases, 'shell', version) : releases(version);
};
/** Where the shell's server serves each of the shell's releases, for as long as it exists (cached for good). */
export const SHELL_RELEASES_PATH = '/releases/shell/';

/**
 * The address a page names the shell's files at: its release's own (the entry and every chunk its
 * runtime loads stay that release's after the next promotion, so an open page never asks for another
 * shell's files with its own digests), or the root for the build served as it is.
 */
export const shellBase = (deployment: Deployment): string =>
  deployment.shell ? `${SHELL_RELEASES_PATH}${encodeURIComponent(deployment.shell.version)}/` : '/';

const BUCKET = new RegExp(`(?:^|;\\s*)${CANARY_COOKIE}=(\\d{1,2})(?:;|$)`);

/** The visitor's canary bucket from the request's cookies, if it has one. */
export function bucketOf(cookieHeader: string | undefined): number | null {
  const match = BUCKET.exec(cookieHeader ?? '');
  return match ? Number(match[1]) : null;
}

/** A new visitor's bucket and the cookie that keeps it (a year; readable, it holds nothing personal). */
export function newBucket(random: () => number = Math.random): { bucket: number; cookie: string } {
  const bucket = Math.floor(random() * 100);
  return { bucket, cookie: `${CANARY_COOKIE}=${bucket}; Path=/; Max-Age=31536000; SameSite=Lax` };
}

/** The request's cookies other than the canary bucket: a visitor with only that one is still a first visit. */
export const visitorCookies = (cookieHeader: string | undefined): string =>
  (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${CANARY_COOKIE}=`))
    .join('; ');
