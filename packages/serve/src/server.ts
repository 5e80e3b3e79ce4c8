// The site's own server for one built app (docs/server-performance.md): Fastify and kept plugins, each route by
// what it serves. @fastify/static sends the files (the build's .br/.gz, Range, HEAD, 304),
// @fastify/compress what has no precompressed copy, @fastify/cors lets other origins load a remote,
// @fastify/reply-from proxies the shell's /api. Ours: the cache headers (cache.ts), the releases by
// digest (releases.ts), the build's fallbacks (site.ts), the shell's page logic (pages.ts), /health and
// the proxy's errors (proxy.ts).
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { type PageLogic, pages } from './pages';
import { apiProxy } from './proxy';
import type { ReleaseStore } from './releaseStore.mjs';
import { releases } from './releases';
import { site } from './site';

export type StaticServerOptions = {
  /** the built app's dist folder (a function: read per request, a deployment may move it) */
  root: string | (() => string);
  /** a folder of immutable releases (`<version>/...`), served at /releases/ and cached for good */
  releases?: string | undefined;
  /**
   * the app's releases from the release store instead of a folder (PostgreSQL: every instance serves
   * every release), each file by its digest and only with those bytes; `app` is its folder's name
   */
  releaseStore?: { app: string; store: ReleaseStore } | undefined;
  /** the address the releases are served at instead of /releases/ (the shell's server: /releases/shell/) */
  releasesAt?: string | undefined;
  /**
   * a folder whose content-hashed files are served when the root has none of that name (the shell's
   * build, while a release of it is live: a page the build served keeps loading its own chunks)
   */
  hashedFrom?: string | undefined;
  /** unknown paths without an extension get index.html (the shell) */
  spa?: boolean | undefined;
  /** allow other origins to load the files (remotes) */
  cors?: boolean | undefined;
  /** proxy /api/* to this origin (the shell) */
  apiTarget?: string | undefined;
  /** how long the API may take to start answering, in ms (30 s); then 504 */
  apiTimeout?: number | undefined;
  /** serve this as /remotes.json instead of the file */
  remotesMap?: Readonly<Record<string, unknown>> | undefined;
  /** the shell's page logic: handles a request first, true when it answered */
  before?: PageLogic | undefined;
  /** more to say in GET /health (the shell's server: the deployment it serves) */
  health?: (() => Readonly<Record<string, unknown>>) | undefined;
};

/** how long the API may take to start answering before the visitor is told 504 */
const API_TIMEOUT_MS = 30_000;
/**
 * Idle keep-alive connections are kept longer than a client keeps its own (undici: the server's figure
 * less a second, Node's agent and browsers: longer than Node's default 5 s), so that it is the client
 * that closes an idle connection, never the server while a request is on its way over it.
 */
const KEEP_ALIVE_MS = 65_000;

const isFile = (file: string) =>
  stat(file).then(
    (info) => info.isFile(),
    () => false,
  );

/** The files: the build, the releases and a remotes map, with what every file answer says. */
const files: FastifyPluginAsync<StaticServerOptions & { rootOf: () => string }> = async (app, options) => {
  if (options.cors) {
    await app.register(fastifyCors, { origin: '*', methods: ['GET', 'HEAD', 'OPTIONS'], strictPreflight: false });
  }
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff').header('vary', 'accept-encoding');
  });
  const { remotesMap } = options;
  if (remotesMap) {
    const body = JSON.stringify(remotesMap);
    app.get('/remotes.json', async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body),
    );
  }
  const folder = options.releases ? resolve(options.releases) : null;
  if (folder || options.releaseStore) {
    const at = options.releasesAt ?? '/releases/';
    await app.register(releases, { prefix: at.slice(0, -1), at, folder, store: options.releaseStore ?? null });
  }
  await app.register(site, {
    root: options.rootOf,
    hashedFrom: options.hashedFrom ? resolve(options.hashedFrom) : null,
    spa: options.spa ?? false,
  });
};

/**
 * The server (Fastify), not yet listening: `await server.listen({ port, host })`, `await server.close()`.
 * GET /health answers 200 while the build it serves is in place (its index.html or mf-manifest.json),
 * 503 otherwise: what a load balancer and `npm start` ask.
 */
export function createStaticServer(options: StaticServerOptions): FastifyInstance {
  const { root } = options;
  const fixedRoot = typeof root === 'string' ? resolve(root) : '';
  const rootOf = typeof root === 'string' ? () => fixedRoot : () => resolve(root());
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    genReqId: () => randomUUID(),
    keepAliveTimeout: KEEP_ALIVE_MS,
  });

  // the files' sender for every route, each giving its own folder (no route of its own here)
  app.register(fastifyStatic, { serve: false, preCompressed: true, cacheControl: false, dotfiles: 'allow' });
  app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 512,
    // which types: the plugin's own (text, JSON, XML, SVG, JavaScript; not images or fonts)
    // what has no precompressed copy (a remote's server module, source maps, a file changed in place), as
    // small as the server made it before (no .gz is built: a client without brotli is rare)
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } },
    zlibOptions: { level: 9 },
  });

  app.get('/health', async (_request, reply) => {
    const dir = rootOf();
    const built = await Promise.all(['index.html', 'mf-manifest.json'].map((name) => isFile(join(dir, name))));
    const ok = built.some(Boolean);
    reply.code(ok ? 200 : 503).header('cache-control', 'no-store');
    return { ...(ok ? { status: 'ok' } : { status: 'no-build', root: dir }), ...options.health?.() };
  });
  if (options.before) app.register(pages, { handle: options.before });
  if (options.apiTarget) {
    app.register(apiProxy, { target: options.apiTarget, timeout: options.apiTimeout ?? API_TIMEOUT_MS });
  }
  app.register(files, { ...options, rootOf });

  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    if (error.statusCode && error.statusCode < 500) return reply.send(error);
    request.log.error(error);
    return reply.code(500).type('text/plain; charset=utf-8').send('Internal error');
  });
  return app;
}
