// What is live, as the shell's server serves it: the deployment's shape and the sources that follow it
// (the file, or PostgreSQL when several instances serve the site) are the release domain's
// (@lab/releases); here is what a page makes of it: a visitor's remotes map, the canary bucket, the
// folder and address of the shell's release.
import { join } from 'node:path';
import type { Deployment, DeploymentSource } from '@lab/releases';
import type { RemotesMap } from '../src/features/remotes/headless';

/** What /health adds for the deployment: `status: degraded` while it cannot be read. */
export function deploymentHealth(source: DeploymentSource, served: number): Record<string, unknown> {
  const unreadable = source.unreadable();
  return {
    deployment: served,
    store: source.store,
    ...(unreadable ? { status: 'degraded', deploymentUnreadable: { ...unreadable, store: source.store } } : {}),
  };
}

/** The visitor's place in 0..99, kept in a cookie so that a visitor stays on one side of a canary. */
export const CANARY_COOKIE = 'canaryBucket';

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
