// The shell's production server: the static build (packages/serve) plus server-rendered page heads,
// the Content-Security-Policy and the /api proxy. Options: --port, --root, --api, --remotes, --public-url
// and --no-remote-hints (or PORT, API_URL, PUBLIC_URL; the remotes default to remotes.json in the build).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createStaticServer } from '@lab/serve';
import { parseRemotesMap, withManifests } from '../src/features/remotes/headless';
import { isPageRequest, renderPage } from './page';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: join(__dirname, '..', 'dist') },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    host: { type: 'string', default: '0.0.0.0' },
    api: { type: 'string', default: process.env.API_URL ?? 'http://localhost:4000' },
    remotes: { type: 'string' },
    'public-url': { type: 'string', default: process.env.PUBLIC_URL },
    // the bench's "before": no remotes map inline, no preconnects or preloads for the remotes
    'no-remote-hints': { type: 'boolean', default: false },
  },
});

// the API calls made while rendering go straight to the API server
process.env.API_BASE = values.api;

// the build's map (manifests and the prefixes each remote routes); --remotes name=url,... moves manifests
const built = parseRemotesMap(readFileSync(join(values.root, 'remotes.json'), 'utf8')) ?? {};
const remotesMap = values.remotes
  ? withManifests(
      built,
      Object.fromEntries(values.remotes.split(',').map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string])),
    )
  : built;

const options = {
  root: values.root,
  publicUrl: values['public-url']?.replace(/\/+$/, '') || null,
  remotesMap,
  remoteHints: !values['no-remote-hints'],
  apiBase: values.api,
};

const server = createStaticServer({
  root: values.root,
  spa: true,
  apiTarget: values.api,
  remotesMap: values.remotes ? remotesMap : undefined,
  before: async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (!isPageRequest(request, pathname)) return false;
    await renderPage(request, response, pathname, options);
    return true;
  },
});
server.listen(Number(values.port), values.host, () => {
  console.log(`shell on http://localhost:${values.port} (API ${values.api})`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
