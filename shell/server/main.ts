// The shell's production server: the static build (packages/serve) plus server-rendered page heads,
// the Content-Security-Policy and the /api proxy. Options: --port, --root, --api, --remotes, --public-url,
// --releases, --no-releases, --dev-origins and --bench-no-remote-hints (or PORT, API_URL, PUBLIC_URL,
// RELEASES_DIR; the remotes default to remotes.json in the build, then to what releases/deployment.json
// promotes). `npm run dev` runs it in front of the shell's development build (scripts/dev.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createStaticServer } from '@lab/serve';
import { parseRemotesMap, type RemotesMap, withManifests } from '../src/features/remotes/headless';
import { deploymentReader, shellRoot } from './deployment';
import { isPageRequest, servePage } from './page';
import { visitorRemotes } from './visitor';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: join(__dirname, '..', 'dist') },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    host: { type: 'string', default: '0.0.0.0' },
    api: { type: 'string', default: process.env.API_URL ?? 'http://localhost:4000' },
    // name=url,... (manifests moved), or the path of a whole remotes.json (a deployment's, for development)
    remotes: { type: 'string' },
    // the releases folder whose deployment.json says what is live (scripts/releases.mjs)
    releases: { type: 'string', default: process.env.RELEASES_DIR ?? join(__dirname, '..', '..', 'releases') },
    // development: what was given is all there is, no promotion applies
    'no-releases': { type: 'boolean', default: false },
    // development: the webpack-dev-servers' origins, whose hot updates and sockets the CSP allows
    'dev-origins': { type: 'string' },
    'public-url': { type: 'string', default: process.env.PUBLIC_URL },
    // the bench's "before": no remotes map inline, no preconnects or preloads for the remotes
    'bench-no-remote-hints': { type: 'boolean', default: false },
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

const live = values['no-releases']
  ? () => ({ shell: null, remotes: {} })
  : deploymentReader(join(values.releases, 'deployment.json'));
const root = () => shellRoot(live(), values.releases, values.root);

const options = {
  publicUrl: values['public-url']?.replace(/\/+$/, '') || null,
  remotesMap,
  remoteHints: !values['bench-no-remote-hints'],
  devOrigins: values['dev-origins']?.split(',').filter(Boolean) ?? [],
};

const server = createStaticServer({
  root,
  spa: true,
  apiTarget: values.api,
  before: async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (pathname === '/remotes.json' && (request.method === 'GET' || request.method === 'HEAD')) {
      const map = await visitorRemotes(request, response, live(), remotesMap);
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-cache',
        vary: 'cookie',
      });
      response.end(request.method === 'HEAD' ? undefined : JSON.stringify(map));
      return true;
    }
    if (!isPageRequest(request, pathname)) return false;
    // one read of the deployment per page: its shell release and the visitor's remotes agree
    const deployment = live();
    await servePage(request, response, pathname, {
      ...options,
      root: shellRoot(deployment, values.releases, values.root),
      remotesMap: await visitorRemotes(request, response, deployment, remotesMap),
    });
    return true;
  },
});
server.listen(Number(values.port), values.host, () => {
  console.log(`shell on http://localhost:${values.port} (API ${values.api})`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
