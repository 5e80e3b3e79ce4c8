// The site's own server for one built app (docs/deployment.md): Fastify, with @fastify/static sending the
// files (Range, HEAD, conditional requests, the build's precompressed .br/.gz), @fastify/compress for
// what has no precompressed copy, and @fastify/reply-from (undici) for the shell's /api proxy. What is
// ours: the cache headers, CORS for remotes, the SPA fallback, the releases (a folder, or the release
// store shared by every instance: releaseStore.mjs), /health, a root read on every request (a redeployed
// remote's files are served at once, a promoted shell without a restart) and the proxy's errors.
import { createHash, randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import replyFrom from '@fastify/reply-from';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const digestOf = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};
/** what is compressed when no precompressed copy is sent: text, JSON, SVG, XML (not images or fonts) */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml)|image\/svg\+xml)/;
/** chunk names carry an 8-hex content hash (packages/config/webpack.cjs): safe to cache forever */
const HASHED = /\.[0-9a-f]{8}\.(js|css|png|svg|jpe?g|webp|woff2?)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** how long the API may take to start answering before the visitor is told 504 */
const API_TIMEOUT_MS = 30_000;
/**
 * Idle keep-alive connections are kept longer than a client keeps its own (undici: the server's figure
 * less a second, Node's agent and browsers: longer than Node's default 5 s), so that it is the client
 * that closes an idle connection, never the server while a request is on its way over it.
 */
const KEEP_ALIVE_MS = 65_000;

export function cacheControl(pathname) {
  return HASHED.test(pathname) ? IMMUTABLE : 'no-cache';
}

function pickEncoding(acceptEncoding = '') {
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return null;
}

/**
 * A body made per request (the shell's server-rendered pages) compressed for the request, with quick
 * settings: it is compressed once per response, not once per file version.
 */
export async function compressFor(body, acceptEncoding) {
  const encoding = pickEncoding(acceptEncoding);
  if (encoding === 'br') {
    return { encoding, body: await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (encoding === 'gzip') return { encoding, body: await gzip(body, { level: 6 }) };
  return { encoding: null, body };
}

/**
 * What the API is told of the visitor's request by whoever asks it on the visitor's behalf (this
 * proxy, the shell's server priming a page): the host the visitor addressed (it decides the session
 * cookie's name), the scheme, and the address (per-address limits, audit log).
 * @param {import('node:http').IncomingMessage} request
 */
export function forwardedHeaders(request) {
  return {
    'x-forwarded-host': request.headers.host ?? '',
    'x-forwarded-proto': request.socket.encrypted ? 'https' : 'http',
    'x-forwarded-for': [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', '),
  };
}

const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br', unpack: unbrotli },
  { encoding: 'gzip', suffix: '.gz', unpack: gunzip },
];
/** whether a precompressed copy holds its file's bytes, by both files' versions (size and mtime) */
const freshness = new Map();

/**
 * The build's precompressed copy of a file (`<file>.br`, `<file>.gz`: packages/config/webpack.cjs) the
 * request accepts, as a CDN or nginx's brotli_static would send it, while it still holds the file's
 * bytes: a file copied over without its copies, or changed in place, is compressed here instead.
 */
async function precompressed(file, info, acceptEncoding = '') {
  for (const { encoding, suffix, unpack } of PRECOMPRESSED) {
    if (!new RegExp(`\\b${encoding}\\b`).test(acceptEncoding)) continue;
    const packed = await stat(file + suffix).catch(() => null);
    if (!packed?.isFile()) continue;
    const key = `${file}${suffix}|${info.size}|${info.mtimeMs}|${packed.size}|${packed.mtimeMs}`;
    let fresh = freshness.get(key);
    if (fresh === undefined) {
      const [raw, copy] = await Promise.all([readFile(file), readFile(file + suffix)]);
      fresh = (await unpack(copy).catch(() => null))?.equals(raw) ?? false;
      if (freshness.size > 10_000) freshness.clear();
      freshness.set(key, fresh);
    }
    if (fresh) return { encoding, suffix };
  }
  return null;
}

/** Twins (`file`, `file.br`) of a release whose copy was found to hold the file's bytes, by their digests. */
const twins = new Set();

/**
 * A file of a release in the release store (`/<version>/<path>` under /releases/), by the digest its
 * release.json gives: its bytes only if they are those (the store checks), with the release's brotli
 * twin when the request takes it. null: no such release or file; `damaged`: the store has other bytes.
 */
async function storedFile({ app, store }, path, acceptEncoding = '') {
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const [, version = '', ...rest] = decoded.split('/');
  const file = rest.join('/');
  if (!version || !file) return null;
  const meta = await store.meta(app, version);
  if (!meta) return null;
  if (file === 'release.json') return { file, digest: null, bytes: Buffer.from(`${JSON.stringify(meta, null, 2)}\n`) };
  const digest = meta.files?.[file];
  if (!digest) return null;
  const where = (name) => ({ app, version, path: name });
  const twin = meta.files[`${file}.br`];
  if (twin && /\bbr\b/.test(acceptEncoding)) {
    const packed = await store.file(twin, where(`${file}.br`));
    if (packed && !twins.has(`${digest} ${twin}`)) {
      const raw = await unbrotli(packed).catch(() => null);
      if (raw && digestOf(raw) === digest) twins.add(`${digest} ${twin}`);
    }
    if (packed && twins.has(`${digest} ${twin}`)) return { file, digest, bytes: packed, encoding: 'br' };
  }
  const bytes = await store.file(digest, where(file));
  return bytes ? { file, digest, bytes } : { file, digest, damaged: true };
}

/** The file a path names under a root (a folder's index.html), or null: never outside the root. */
async function findFile(root, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = resolve(root, `.${decoded}`);
  if (file !== root && !file.startsWith(`${root}/`)) return null;
  const info = await stat(file).catch(() => null);
  if (info?.isFile()) return { file, info };
  if (!info?.isDirectory()) return null;
  const index = resolve(file, 'index.html');
  const indexInfo = await stat(index).catch(() => null);
  return indexInfo?.isFile() ? { file: index, info: indexInfo } : null;
}

/** The proxy's own answer when the API cannot give one: named like every API error, with the request's id. */
function upstreamFailure(reply, error) {
  const timeout = error?.statusCode === 504;
  reply.log.warn({ err: error?.cause ?? error }, 'API request failed');
  reply
    .code(timeout ? 504 : 502)
    .header('x-request-id', reply.request.id)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({
      code: timeout ? 'upstream-timeout' : 'upstream-unavailable',
      message: timeout ? 'API server did not answer in time' : 'API server is unavailable',
      requestId: reply.request.id,
    });
}

/** A body larger than this is not read to its end after an early answer: its connection is closed. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

const drainable = (request) => Number(request.headers['content-length']) <= DRAIN_LIMIT;

/**
 * The visitor's body as the API reads it. When the API stops reading it (it answered early, 413, or
 * could not be reached) the rest is read here and dropped, so that the visitor, still sending, reads
 * the answer and its connection stays usable: closing with the body unread would reset the connection
 * (TCP sends RST on unread data) and could take the answer with it.
 */
function bodyFor(request, payload) {
  const body = new PassThrough();
  body.once('close', () => {
    if (payload.complete) return;
    payload.unpipe(body);
    if (drainable(request)) payload.resume();
  });
  // the visitor left before the whole body came: the API's request ends too, rather than wait for the rest
  payload.once('close', () => {
    if (!payload.complete) body.destroy(new Error('the visitor left before the whole body was sent'));
  });
  return payload.pipe(body);
}

/** The answer's connection: kept while the rest of the body is read, closed when it is too long to read. */
function keepOrClose(request, reply) {
  if (request.raw.complete || drainable(request)) reply.removeHeader('connection');
  else reply.header('connection', 'close');
}

/** The /api proxy: bodies stream both ways untouched, the API's answers (413, 429, ...) pass as they are. */
async function apiProxy(app, { target, timeout }) {
  // the body is the API's to read and limit: it goes on as a stream, never parsed or capped here
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => done(null, bodyFor(request, payload)));
  await app.register(replyFrom, {
    base: target,
    undici: { headersTimeout: timeout, bodyTimeout: 0 },
    disableRequestLogging: true,
    // a request with a body is never sent twice
    retryMethods: [],
  });
  const forward = (request, reply) =>
    reply.from(request.url, {
      timeout,
      rewriteRequestHeaders: (original, { expect: _continue, ...headers }) => ({
        // (`Expect: 100-continue` was answered here, by Node's server: the body follows in any case)
        ...headers,
        // the API sees the visitor's address (per-address limits, audit log), not the proxy's
        ...forwardedHeaders(original.raw),
        // the request's id from here on (the API trusts this proxy's): a visitor's own header is not
        // passed on, so nobody can plant ids in the API's log
        'x-request-id': original.id,
      }),
      // the visitor's connection is with this server, not the API: the API's keep-alive terms are not passed on
      rewriteHeaders: ({ 'keep-alive': _terms, connection: _connection, ...headers }) => headers,
      onResponse: (original, response, upstream) => {
        keepOrClose(original, response);
        response.send(upstream.stream);
      },
      onError: (response, { error }) => {
        keepOrClose(response.request, response);
        upstreamFailure(response, error);
      },
    });
  app.all('/api', forward);
  app.all('/api/*', forward);
}

/**
 * @param {object} options
 * @param {string|(() => string)} options.root  the built app's dist folder (a function: read per request,
 *   so a deployment can point the server at another release without a restart)
 * @param {string} [options.releases]   a folder of immutable releases (`<version>/...`), served at /releases/
 * @param {{ app: string, store: import('./releaseStore.mjs').ReleaseStore }} [options.releaseStore]  the app's
 *   releases from the release store instead (each file by its digest, checked), served at /releases/
 * @param {string} [options.releasesAt] the address they are served at instead (the shell's: /releases/shell/)
 * @param {string} [options.hashedFrom] a folder whose content-hashed files are served when the root has
 *   none of that name (the shell's build: a page it served keeps its chunks once a release is promoted)
 * @param {boolean} [options.spa]       unknown paths without an extension get index.html (the shell)
 * @param {boolean} [options.cors]      allow other origins to load the files (remotes)
 * @param {string} [options.apiTarget]  proxy /api/* to this origin (the shell)
 * @param {number} [options.apiTimeout] ms the API may take to start answering (30 s)
 * @param {Record<string,unknown>} [options.remotesMap]  serve this as /remotes.json instead of the file
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean|Promise<boolean>} [options.before]
 * @param {() => Record<string,unknown>} [options.health]  more to say in /health (the shell: its deployment)
 *
 * GET /health answers 200 while the build it serves is in place (its index.html or mf-manifest.json),
 * 503 otherwise: what a load balancer and `npm start` ask. Returns the Fastify instance (not listening).
 */
export function createStaticServer(options) {
  const rootOf = typeof options.root === 'function' ? () => resolve(options.root()) : () => fixedRoot;
  const fixedRoot = typeof options.root === 'function' ? '' : resolve(options.root);
  const releases = options.releases ? resolve(options.releases) : null;
  const releasesAt = options.releasesAt ?? '/releases/';
  const hashedFrom = options.hashedFrom ? resolve(options.hashedFrom) : null;
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    genReqId: () => randomUUID(),
    keepAliveTimeout: KEEP_ALIVE_MS,
  });

  app.register(fastifyStatic, {
    serve: false,
    // our headers: the type by extension, the cache by name (send's would override them)
    contentType: false,
    cacheControl: false,
    dotfiles: 'allow',
    index: false,
  });
  app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 512,
    compressibleTypes: COMPRESSIBLE,
    // what has no precompressed copy (a remote's server module, source maps, a file changed in place), as
    // small as the server made it before (no .gz is built: a client without brotli is rare)
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } },
    zlibOptions: { level: 9 },
  });

  // after the plugins: each route gets their hooks (compression)
  app.register(async (routes) => {
    routes.get('/health', async (_request, reply) => {
      const root = rootOf();
      const entries = await Promise.all(['index.html', 'mf-manifest.json'].map((name) => findFile(root, `/${name}`)));
      const ok = entries.some(Boolean);
      reply.code(ok ? 200 : 503).header('cache-control', 'no-store');
      return { ...(ok ? { status: 'ok' } : { status: 'no-build', root }), ...options.health?.() };
    });

    if (options.before) {
      const { before } = options;
      // the shell's page logic works on Node's own request and response: it answers, or the route does
      routes.addHook('onRequest', async (request, reply) => {
        if (request.url === '/health' || request.url.startsWith('/health?')) return;
        let handled = false;
        try {
          handled = await before(request.raw, reply.raw);
        } catch (error) {
          request.log.error(error);
          if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': TYPES['.txt'] });
          reply.raw.end('Internal error');
          handled = true;
        }
        if (handled) reply.hijack();
      });
    }

    if (options.apiTarget) {
      routes.register(apiProxy, { target: options.apiTarget, timeout: options.apiTimeout ?? API_TIMEOUT_MS });
    }

    routes.route({
      method: ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        if (options.cors) {
          reply.header('access-control-allow-origin', '*');
          reply.header('access-control-allow-methods', 'GET, HEAD, OPTIONS');
        }
        if (request.method === 'OPTIONS') return reply.code(204).send();
        if (request.method !== 'GET' && request.method !== 'HEAD')
          return reply.code(405).header('allow', 'GET, HEAD').send();
        reply.header('x-content-type-options', 'nosniff');
        reply.header('vary', 'Accept-Encoding');
        const pathname = request.url.split('?')[0] ?? '/';

        if (pathname === '/remotes.json' && options.remotesMap) {
          return reply
            .header('cache-control', 'no-cache')
            .type(TYPES['.json'])
            .send(JSON.stringify(options.remotesMap));
        }
        // a release is never overwritten (scripts/release.mjs): every file in it, its manifest and entry
        // included, can be cached for good
        const released = (releases !== null || options.releaseStore) && pathname.startsWith(releasesAt);
        // from the store; a release it lacks, from the folder (released on this machine before the store moved)
        const stored =
          released && options.releaseStore
            ? await storedFile(
                options.releaseStore,
                pathname.slice(releasesAt.length - 1),
                request.headers['accept-encoding'],
              )
            : null;
        if (stored) {
          if (stored.damaged) {
            request.log.error(`${pathname}: the store holds other bytes than ${stored.digest}: not served`);
            return reply
              .code(502)
              .header('cache-control', 'no-store')
              .type(TYPES['.txt'])
              .send('Not the released bytes');
          }
          reply.type(TYPES[extname(stored.file)] ?? 'application/octet-stream');
          // immutable: never revalidated, so no validators (as for a release in a folder)
          reply.header('cache-control', IMMUTABLE);
          if (stored.encoding) reply.header('content-encoding', stored.encoding);
          return reply.send(stored.bytes);
        }
        if (released && releases === null) {
          return reply.code(404).header('cache-control', 'no-cache').type(TYPES['.txt']).send('Not found');
        }
        let root = released ? releases : rootOf();
        const path = released ? pathname.slice(releasesAt.length - 1) : pathname;
        let found = await findFile(root, path);
        // a name with its content's hash is those bytes wherever it is found
        if (!found && !released && hashedFrom !== null && HASHED.test(pathname)) {
          found = await findFile(hashedFrom, path);
          if (found) root = hashedFrom;
        }
        if (!found && !released && options.spa && !extname(pathname)) found = await findFile(root, '/index.html');
        if (!found) return reply.code(404).header('cache-control', 'no-cache').type(TYPES['.txt']).send('Not found');

        const { file, info } = found;
        const ext = extname(file);
        const immutable = released || cacheControl(file) === IMMUTABLE;
        reply.type(TYPES[ext] ?? 'application/octet-stream');
        reply.header('cache-control', immutable ? IMMUTABLE : 'no-cache');
        const copy = info.size > 512 ? await precompressed(file, info, request.headers['accept-encoding']) : null;
        if (copy) reply.header('content-encoding', copy.encoding);
        // an immutable file is never revalidated: no validators, about 75 bytes less on each of a page's
        // chunks; an entry or manifest has both, and its ETag (size and mtime) tells a rollback to an
        // older file from the newer one (Last-Modified alone would answer 304 and keep the newer)
        const validators = immutable ? { etag: false, lastModified: false } : undefined;
        return reply.sendFile(file.slice(root.length) + (copy?.suffix ?? ''), root, validators);
      },
    });
  });

  app.setErrorHandler((error, request, reply) => {
    if (error.statusCode && error.statusCode < 500) return reply.send(error);
    request.log.error(error);
    return reply.code(500).type(TYPES['.txt']).send('Internal error');
  });
  return app;
}
