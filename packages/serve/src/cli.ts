// lab-serve --root <dist> --port <n> [--spa] [--cors] [--api <origin>] [--remotes name=url,...] [--releases <dir>]
//   [--app <folder name>]: with DEPLOYMENT_DATABASE_URL or DATABASE_URL, the app's releases are served from
//   PostgreSQL's release store (every instance serves every release), else from the --releases folder
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openReleaseStore, releaseDatabaseUrl } from './releaseStore.mjs';
import { createStaticServer } from './server';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string', default: '0.0.0.0' },
    spa: { type: 'boolean', default: false },
    cors: { type: 'boolean', default: false },
    api: { type: 'string' },
    remotes: { type: 'string' },
    releases: { type: 'string' },
    app: { type: 'string' },
  },
});
if (!values.root || !values.port) {
  console.error('usage: lab-serve --root <dist> --port <n> [--spa] [--cors] [--api <origin>] [--remotes a=url,b=url]');
  process.exit(2);
}
const remotesMap = values.remotes
  ? Object.fromEntries(values.remotes.split(',').map((pair) => pair.split(/=(.*)/s).slice(0, 2)))
  : undefined;
// the store's files kept by digest in memory and in <releases>/../.cache (RELEASE_CACHE_DIR, RELEASE_CACHE_MB)
const store =
  values.app && values.releases && releaseDatabaseUrl()
    ? await openReleaseStore({ releasesDir: resolve(values.releases, '..'), cache: true })
    : null;
const server = createStaticServer({
  root: values.root,
  spa: values.spa,
  cors: values.cors,
  apiTarget: values.api,
  remotesMap,
  releases: values.releases,
  ...(store && values.app ? { releaseStore: { app: values.app, store } } : {}),
});
await server.listen({ port: Number(values.port), host: values.host });
console.log(`serving ${values.root} on http://localhost:${values.port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () =>
    server
      .close()
      .then(() => store?.close())
      .then(() => process.exit(0)),
  );
