// The remotes one visitor loads, worked out in one place per request: the page's inline map, its
// /remotes.json and its Content-Security-Policy (document.ts) are all this map. A canary decides by the
// visitor's bucket; each remote's prefixes are the ones its live build lists (remoteBuilds.ts), the map's
// own (remotes.json, the deployment) while that build cannot be read.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { manifestOf, type RemoteDeclaration, type RemotesMap } from '../src/features/remotes/headless';
import { bucketOf, type Deployment, hasCanary, newBucket, remotesFor } from './deployment';
import { remoteBuild } from './remoteBuilds';

/**
 * The remotes this visitor loads: the live releases, or a canary's. A visitor without a bucket gets one
 * (and its cookie) while a canary runs, so that it stays on its side over reloads.
 */
export async function visitorRemotes(
  request: IncomingMessage,
  response: ServerResponse,
  deployment: Deployment,
  base: RemotesMap,
): Promise<RemotesMap> {
  let bucket = bucketOf(request.headers.cookie);
  if (bucket === null && hasCanary(deployment)) {
    const assigned = newBucket();
    bucket = assigned.bucket;
    response.setHeader('set-cookie', assigned.cookie);
  }
  return withLivePrefixes(remotesFor(base, deployment, bucket));
}

/** Each remote's prefixes as its live build lists them (pages.json), where that build can be read. */
export async function withLivePrefixes(map: RemotesMap): Promise<RemotesMap> {
  const entries = await Promise.all(
    Object.entries(map).map(async ([name, declaration]): Promise<[string, RemoteDeclaration]> => {
      const manifest = manifestOf(declaration);
      const build = manifest ? await remoteBuild(manifest) : null;
      if (!manifest || !build?.pages) return [name, declaration];
      // the release, the deployment and the pinned digests stay as the map names them
      const rest = typeof declaration === 'string' ? {} : declaration;
      return [name, { ...rest, manifest, routes: build.pages.prefixes }];
    }),
  );
  return Object.fromEntries(entries);
}
