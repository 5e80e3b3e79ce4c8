// What is live (releases/deployment.json, written by scripts/releases.mjs): which release of the shell
// serves the pages, and which release of each remote a visitor loads, a canary share of visitors
// getting another one. Read again whenever the file changes: promotion, canary and rollback need no
// restart and no rebuild.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RemotesMap } from '../src/features/remotes/headless';

/** A remote's release as the deployment points at it. */
export type ReleaseRef = { version: string; manifest: string; routes: readonly string[] };
export type LiveRemote = ReleaseRef & { canary?: ReleaseRef & { percent: number } };
export type Deployment = {
  shell: { version: string } | null;
  remotes: Readonly<Record<string, LiveRemote>>;
};

const EMPTY: Deployment = { shell: null, remotes: {} };

/** The visitor's place in 0..99, kept in a cookie so that a visitor stays on one side of a canary. */
export const CANARY_COOKIE = 'canaryBucket';

/** Reads the deployment file when it changed since the last read; none (or an unreadable one): nothing promoted. */
export function deploymentReader(file: string): () => Deployment {
  let seen = '';
  let current = EMPTY;
  return () => {
    let stamp: string;
    try {
      const info = statSync(file);
      stamp = `${info.mtimeMs}:${info.size}`;
    } catch {
      return EMPTY;
    }
    if (stamp === seen) return current;
    try {
      current = parseDeployment(readFileSync(file, 'utf8'));
    } catch (error) {
      // a broken file keeps the last good deployment live rather than dropping every promotion
      console.error('[shell] deployment:', error instanceof Error ? error.message : error);
    }
    seen = stamp;
    return current;
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
  const raw = JSON.parse(text) as { shell?: unknown; remotes?: unknown };
  const shell = raw.shell as { version?: unknown } | null | undefined;
  const remotes: Record<string, LiveRemote> = {};
  for (const [name, entry] of Object.entries((raw.remotes ?? {}) as Record<string, unknown>)) {
    if (!isRef(entry)) throw new Error(`remote ${name}: not a release`);
    const canary = (entry as { canary?: unknown }).canary as (ReleaseRef & { percent?: unknown }) | undefined;
    const live: LiveRemote = { version: entry.version, manifest: entry.manifest, routes: entry.routes };
    if (canary !== undefined) {
      if (!isRef(canary) || typeof canary.percent !== 'number') throw new Error(`remote ${name}: a bad canary`);
      live.canary = {
        version: canary.version,
        manifest: canary.manifest,
        routes: canary.routes,
        percent: canary.percent,
      };
    }
    remotes[name] = live;
  }
  return {
    shell: shell && typeof shell.version === 'string' ? { version: shell.version } : null,
    remotes,
  };
}

export const hasCanary = (deployment: Deployment): boolean =>
  Object.values(deployment.remotes).some((remote) => remote.canary !== undefined);

/**
 * The remotes map one visitor gets: the build's map (or --remotes), with each promoted remote at its
 * live release, or at its canary when the visitor's bucket is below the canary's percent.
 */
export function remotesFor(base: RemotesMap, deployment: Deployment, bucket: number | null): RemotesMap {
  const map: Record<string, RemotesMap[string]> = { ...base };
  for (const [name, live] of Object.entries(deployment.remotes)) {
    const chosen = live.canary && bucket !== null && bucket < live.canary.percent ? live.canary : live;
    map[name] = { manifest: chosen.manifest, routes: [...chosen.routes], version: chosen.version };
  }
  return map;
}

/** The folder the shell's pages are served from: its live release, or its build. */
export const shellRoot = (deployment: Deployment, releases: string, built: string): string =>
  deployment.shell ? join(releases, 'shell', deployment.shell.version) : built;

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
