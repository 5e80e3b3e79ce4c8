// The page an address is, matched once per request: a page of the remote that owns its first segment
// (against the routes that remote's build lists), or one of the shell's own. The match travels with the
// request: the page is described by its routes' ids, and its files are those routes'.
import { matchPage, type PageFilesEntry } from '@lab/pages/routes';
import { shellRoutes } from '../src/app/pages';
import { manifestOf, type RemotesMap, remoteOfSegment } from '../src/features/remotes/headless';
import { pinsOf } from './buildIntegrity';
import type { Describer } from './describe';
import { isOverridden } from './override';
import { previewSandbox } from './previewSandbox';
import { matchedEntries, type RemoteBuild, remoteBuild } from './remoteBuilds';
import { describeShellPage } from './shellPages';

/** A matched page: its routes and parameters, who describes it and, for a remote's, its build. */
export type Match = {
  /** the remote whose page it is; null: the shell's own */
  remote: string | null;
  routes: string[];
  params: Record<string, string | undefined>;
  describe: Describer;
  /** a remote's build and the matched routes' entries in its pages.json */
  build: RemoteBuild | null;
  entries: PageFilesEntry[];
};

/**
 * The page at `path` (without the locale). Null: an address under a remote's prefix that it has no page
 * for, whose remote's build is not there (down, deployed without its page server) or is overridden in
 * this browser: the page loads with the site's head and the browser's router decides.
 */
export async function matchRequest(path: string, remotes: RemotesMap): Promise<Match | null> {
  const remote = remoteOfSegment(remotes, path.split('/')[1] ?? '');
  if (!remote) {
    const match = matchPage(shellRoutes, path);
    return match && { remote: null, ...match, describe: describeShellPage, build: null, entries: [] };
  }
  const declaration = remotes[remote];
  // a team's build this browser tries is drawn by the browser alone: this server does not run its code
  if (isOverridden(declaration)) return null;
  const manifest = declaration ? manifestOf(declaration) : null;
  const build = manifest ? await remoteBuild(manifest, pinsOf(declaration)) : null;
  const { module, pages } = build ?? {};
  if (!build || !module || !pages) return null;
  const match = matchPage(pages.routes, path);
  if (!match) return null;
  return {
    remote,
    ...match,
    describe: (request) => previewSandbox.describe(module, request),
    build,
    entries: matchedEntries(pages, match.routes),
  };
}
