// The shell's production server: the static build (packages/serve) plus server-rendered page heads,
// the Content-Security-Policy and the /api proxy. Options: --port, --root, --api, --remotes, --public-url,
// --releases, --no-releases, --dev-origins, --metrics-port and --bench-no-remote-hints (or PORT, API_URL,
// PUBLIC_URL, RELEASES_DIR, SHELL_METRICS_PORT; the remotes default to remotes.json in the build, then to
// what the deployment promotes: releases/deployment.json, or PostgreSQL with DEPLOYMENT_DATABASE_URL or
// DATABASE_URL). Releases are read from the release store (@lab/releases): the releases folder,
// or PostgreSQL with the same settings, each file kept on this disk by digest (RELEASE_CACHE_DIR, else
// <releases>/.cache): an instance with an empty disk serves every live release. `npm run dev` runs it in
// front of the shell's development build (scripts/dev.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type Deployment,
  type DeploymentSource,
  fileDeployment,
  noDeployment,
  openReleaseStore,
  postgresDeployment,
  type ReleaseStore,
} from '@lab/releases';
import { createStaticServer } from '@lab/serve';
import { manifests, parseRemotesMap, type RemotesMap, withManifests } from '../src/features/remotes/headless';
import { deploymentHealth, SHELL_RELEASES_PATH, shellBase, shellRoot } from './deployment';
import { startOpsPort } from './opsPort';
import { overrideSettingsFromEnv } from './override';
import { handleOverride } from './overridePage';
import { isPageRequest, servePage } from './page';
import { readReleaseFilesFrom } from './remoteBuilds';
import { visitorRemotes } from './visitor';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: join(__dirname, '..', 'dist') },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    host: { type: 'string', default: '0.0.0.0' },
    api: { type: 'string', default: process.env.API_URL ?? 'http://localhost:4000' },
    // name=url,... (manifests moved), or the path of a whole remotes.json (a deployment's, for development)
    remotes: { type: 'string' },
    // the releases folder whose deployment.json says what is live (@lab/releases)
    releases: { type: 'string', default: process.env.RELEASES_DIR ?? join(__dirname, '..', '..', 'releases') },
    // development: what was given is all there is, no promotion applies
    'no-releases': { type: 'boolean', default: false },
    // development: the webpack-dev-servers' origins, whose hot updates and sockets the CSP allows
    'dev-origins': { type: 'string' },
    'public-url': { type: 'string', default: process.env.PUBLIC_URL },
    // the bench's "before": no remotes map inline, no preconnects or preloads for the remotes
    'bench-no-remote-hints': { type: 'boolean', default: false },
    // Prometheus metrics on 127.0.0.1 (opsPort.ts): the deployment this instance serves
    'metrics-port': { type: 'string', default: process.env.SHELL_METRICS_PORT },
  },
});

// the API calls made while rendering go straight to the API server
process.env.API_BASE = values.api;

/** The remotes: the build's map (manifests and the prefixes each remote routes), as --remotes changes it. */
function startingRemotes(): RemotesMap {
  const built = parseRemotesMap(readFileSync(join(values.root, 'remotes.json'), 'utf8')) ?? {};
  if (!values.remotes) return built;
  // a path (no name=url pair in it)
  if (!values.remotes.includes('=')) {
    const given = parseRemotesMap(readFileSync(values.remotes, 'utf8'));
    if (!given) throw new Error(`${values.remotes} is no remotes map`);
    return given;
  }
  const pairs = values.remotes.split(',').map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]);
  return withManifests(built, Object.fromEntries(pairs));
}
const remotesMap = startingRemotes();

/** Where each release of the shell is on this disk: written out from the release store when it has none. */
const shellFolders = new Map<string, string>();
const shellFolder = (version: string): string => shellFolders.get(version) ?? join(values.releases, 'shell', version);

/** Before a deployment is served: its shell release is on this disk, its bytes checked on the way. */
const shellReleaseOn = (store: ReleaseStore) => async (deployment: Deployment) => {
  const version = deployment.shell?.version;
  if (!version || shellFolders.has(version)) return;
  // (one released into this machine's folder before the store moved to PostgreSQL: that folder)
  const local = join(values.releases, 'shell', version);
  const folder = (await store.folder('shell', version)) ?? (existsSync(join(local, 'release.json')) ? local : null);
  if (!folder) throw new Error(`shell ${version} is not in ${store.where}`);
  shellFolders.set(version, folder);
};

/** Where the deployment is read from: none in development, PostgreSQL when one is named, else the file. */
async function deploymentSource(store: ReleaseStore | null): Promise<DeploymentSource> {
  if (values['no-releases'] || !store) return noDeployment();
  const url = process.env.DEPLOYMENT_DATABASE_URL || process.env.DATABASE_URL;
  return url
    ? postgresDeployment(url, { prepare: shellReleaseOn(store) })
    : fileDeployment(join(values.releases, 'deployment.json'));
}

const options = {
  publicUrl: values['public-url']?.replace(/\/+$/, '') || null,
  remotesMap,
  remoteHints: !values['bench-no-remote-hints'],
  devOrigins: values['dev-origins']?.split(',').filter(Boolean) ?? [],
};

/** The deployment a request names (`/remotes.json?deployment=N`: the one its page was served with). */
function namedDeployment(search: URLSearchParams): number | null {
  const named = search.get('deployment');
  return named !== null && /^\d{1,15}$/.test(named) ? Number(named) : null;
}

/** The origins the site's remotes are served from: the build's map and the live deployment's releases. */
const originsOf = (deployment: Deployment): string[] =>
  [...Object.values(manifests(remotesMap)), ...Object.values(deployment.remotes).map((live) => live.manifest)].map(
    (url) => new URL(url).origin,
  );

async function main() {
  const releases = values['no-releases'] ? null : await openReleaseStore({ releasesDir: values.releases, cache: true });
  // the remotes' pinned files read by their digests (their manifests, pages, server modules, style sheets)
  if (releases) readReleaseFilesFrom((digest) => releases.file(digest));
  const source = await deploymentSource(releases);
  // a team tries its build in one browser (override.ts): OVERRIDE_ORIGINS, OVERRIDE_SECRET, OVERRIDE_HOURS
  const override = overrideSettingsFromEnv(process.env, originsOf(source.current()), options.publicUrl);
  let changes = 0;
  let served = source.current().version;
  /** The live deployment, counting the moves this instance follows. */
  const live = (): Deployment => {
    const deployment = source.current();
    if (deployment.version !== served) {
      changes += 1;
      served = deployment.version;
      console.log(`[shell] deployment ${served} (${source.store})`);
    }
    return deployment;
  };

  const server = createStaticServer({
    root: () => shellRoot(live(), shellFolder, values.root),
    // each release of the shell at its own address, which the pages served with it name (shellBase), as
    // a remote's static server serves its own: the folders as they are on one machine, the store's files
    // by digest with PostgreSQL (every instance serves every release, the ones it never served too)
    ...(releases === null
      ? {}
      : releases.kind === 'postgres'
        ? { releaseStore: { app: 'shell', store: releases }, releasesAt: SHELL_RELEASES_PATH }
        : { releases: join(values.releases, 'shell'), releasesAt: SHELL_RELEASES_PATH }),
    // a page the build served names its chunks at the root: still there once a release is live
    hashedFrom: values.root,
    spa: true,
    apiTarget: values.api,
    // still 200 while the deployment cannot be read: the last good one is served (a balancer keeps the
    // instance), and the answer says since when (deploymentHealth)
    health: () => deploymentHealth(source, live().version),
    before: async (request, response) => {
      const { pathname, searchParams } = new URL(request.url ?? '/', 'http://localhost');
      if (await handleOverride(request, response, override, remotesMap)) return true;
      if (pathname === '/remotes.json' && (request.method === 'GET' || request.method === 'HEAD')) {
        // the map of the deployment the page was served with, when it names one: a page never mixes two
        const named = namedDeployment(searchParams);
        const deployment = named === null ? live() : await source.at(named);
        if (!deployment) {
          response.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' });
          response.end(JSON.stringify({ code: 'unknown-deployment', deployment: named, live: live().version }));
          return true;
        }
        const { remotes, overrides } = await visitorRemotes(request, response, deployment, remotesMap, override);
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': overrides ? 'private, no-cache' : 'no-cache',
          'x-deployment': String(deployment.version),
          vary: 'cookie',
        });
        response.end(request.method === 'HEAD' ? undefined : JSON.stringify(remotes));
        return true;
      }
      if (!isPageRequest(request, pathname)) return false;
      // one read of the deployment per page: its shell release and the visitor's remotes agree
      const deployment = live();
      response.setHeader('x-deployment', String(deployment.version));
      const visitor = await visitorRemotes(request, response, deployment, remotesMap, override);
      await servePage(request, response, pathname, {
        ...options,
        root: shellRoot(deployment, shellFolder, values.root),
        base: shellBase(deployment),
        remotesMap: visitor.remotes,
        overrides: visitor.overrides,
      });
      return true;
    },
  });
  await server.listen({ port: Number(values.port), host: values.host });
  console.log(
    `shell on http://localhost:${values.port} (API ${values.api}, deployment ${served} from ${source.store})`,
  );
  const ops = values['metrics-port']
    ? startOpsPort(Number(values['metrics-port']), process.env.SHELL_METRICS_HOST || '127.0.0.1', source, () => changes)
    : null;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      ops?.close();
      void source.close();
      void releases?.close();
      void server.close().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error('[shell]', error);
  process.exit(1);
});
