// The remotes one visitor loads, worked out in one place per request: the page's inline map, its
// /remotes.json and its Content-Security-Policy (document.ts) are all this map. A canary decides by the
// visitor's bucket; each remote's prefixes are the ones its live build lists (remoteBuilds.ts), the map's
// own (remotes.json, the deployment) while that build cannot be read; a browser trying a team's build
// (override.ts) loads that remote from its override's manifest.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Deployment, hasCanary } from '@lab/releases';
import { manifestOf, type RemoteDeclaration, type RemotesMap } from '../src/features/remotes/headless';
import { pinsOf } from './buildIntegrity';
import { bucketOf, newBucket, remotesFor } from './deployment';
import { applyOverrides, type OverrideSettings, overridesOf, type RemoteOverrides } from './override';
import { remoteBuild } from './remoteBuilds';

/** What one request's visitor loads: its remotes, and which of them its browser overrides. */
export type Visitor = { remotes: RemotesMap; overrides: RemoteOverrides | null };

/**
 * The remotes this visitor loads: the live releases, or a canary's, but for those its browser overrides.
 * A visitor without a bucket gets one (and its cookie) while a canary runs, so that it stays on its side
 * over reloads. An overridden remote's build is not read by this server: its manifest may be on the
 * team's own machine, and its prefixes are the deployment's.
 */
export async function visitorRemotes(
  request: IncomingMessage,
  response: ServerResponse,
  deployment: Deployment,
  base: RemotesMap,
  override: OverrideSettings | null,
): Promise<Visitor> {
  let bucket = bucketOf(request.headers.cookie);
  if (bucket === null && hasCanary(deployment)) {
    const assigned = newBucket();
    bucket = assigned.bucket;
    response.setHeader('set-cookie', assigned.cookie);
  }
  const deployed = remotesFor(base, deployment, bucket);
  const overrides = overridesOf(request.headers.cookie, override, deployed);
  const kept = overrides
    ? Object.fromEntries(Object.entries(deployed).filter(([name]) => !(name in overrides)))
    : deployed;
  const remotes = applyOverrides({ ...deployed, ...(await withLivePrefixes(kept)) }, overrides);
  return { remotes, overrides };
}

/** Each remote's prefixes as its live build lists them (pages.json), where that build can be read. */
export async function withLivePrefixes(map: RemotesMap): Promise<RemotesMap> {
  const entries = await Promise.all(
    Object.entries(map).map(async ([name, declaration]): Promise<[string, RemoteDeclaration]> => {
      const manifest = manifestOf(declaration);
      const build = manifest ? await remoteBuild(manifest, pinsOf(declaration)) : null;
      if (!manifest || !build?.pages) return [name, declaration];
      // the release, the deployment and the pinned digests stay as the map names them
      const rest = typeof declaration === 'string' ? {} : declaration;
      return [name, { ...rest, manifest, routes: build.pages.prefixes }];
    }),
  );
  return Object.fromEntries(entries);
}
