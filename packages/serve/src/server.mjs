// A production-like static server for one built app (ARCHITECTURE.md "Deployment picture"):
// files are looked up on every request (a redeployed remote's new files are served at once),
// compressed with brotli or gzip, cached by content hash, CORS-enabled for remotes, with the SPA
// fallback and an /api proxy for the shell. Node built-ins only.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);

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
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.xml']);
/** chunk names carry an 8-hex content hash (packages/config/webpack.cjs): safe to cache forever */
const HASHED = /\.[0-9a-f]{8}\.(js|css|png|svg|jpe?g|webp|woff2?)$/;

/** compressed bodies by path, encoding and file version (size + mtime) */
const compressedCache = new Map();

const IMMUTABLE = 'public, max-age=31536000, immutable';

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

async function compressed(file, info, encoding) {
  const key = `${file}|${encoding}|${info.size}|${info.mtimeMs}`;
  let body = compressedCache.get(key);
  if (!body) {
    const raw = await readFile(file);
    body =
      encoding === 'br'
        ? ((await prebuilt(file, raw)) ?? (await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })))
        : await gzip(raw, { level: 9 });
    compressedCache.set(key, body);
  }
  return body;
}

/**
 * The build's brotli of a file (`<file>.br`, at the highest quality: packages/config/webpack.cjs), as a
 * CDN or nginx's brotli_static would send it, when it still holds the file's bytes: a file copied over
 * without its .br, or from another build, is compressed here instead.
 */
async function prebuilt(file, raw) {
  const packed = await readFile(`${file}.br`).catch(() => null);
  if (!packed) return null;
  const unpacked = await unbrotli(packed).catch(() => null);
  return unpacked?.equals(raw) ? packed : null;
}

async function findFile(root, pathname) {
  const decoded = decodeURIComponent(pathname);
  const file = normalize(join(root, decoded));
  if (file !== root && !file.startsWith(root + sep)) return null; // no escaping the root
  try {
    const info = await stat(file);
    if (info.isFile()) return { file, info };
    if (info.isDirectory()) {
      const index = join(file, 'index.html');
      const indexInfo = await stat(index);
      return { file: index, info: indexInfo };
    }
  } catch {
    return null;
  }
  return null;
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

function proxy(request, response, target) {
  const url = new URL(request.url, target);
  const requestId = randomUUID();
  const upstream = http.request(
    url,
    {
      method: request.method,
      // the API sees the visitor's address (per-address limits, audit log), not the proxy's
      headers: {
        ...request.headers,
        host: url.host,
        ...forwardedHeaders(request),
        // the request's id from here on (the API trusts this proxy's): a visitor's own header is not
        // passed on, so nobody can plant ids in the API's log
        'x-request-id': requestId,
      },
    },
    (reply) => {
      response.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (response.headersSent) return response.destroy();
    response.writeHead(502, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId });
    response.end(JSON.stringify({ code: 'upstream-unavailable', message: 'API server is unavailable', requestId }));
  });
  request.pipe(upstream);
}

async function health(root, response, extra) {
  const entries = await Promise.all(['index.html', 'mf-manifest.json'].map((name) => findFile(root, `/${name}`)));
  const ok = entries.some(Boolean);
  response.writeHead(ok ? 200 : 503, { 'content-type': TYPES['.json'], 'cache-control': 'no-store' });
  response.end(JSON.stringify({ ...(ok ? { status: 'ok' } : { status: 'no-build', root }), ...extra?.() }));
}

/**
 * @param {object} options
 * @param {string|(() => string)} options.root  the built app's dist folder (a function: read per request,
 *   so a deployment can point the server at another release without a restart)
 * @param {string} [options.releases]   a folder of immutable releases (`<version>/...`), served at /releases/
 * @param {boolean} [options.spa]       unknown paths without an extension get index.html (the shell)
 * @param {boolean} [options.cors]      allow other origins to load the files (remotes)
 * @param {string} [options.apiTarget]  proxy /api/* to this origin (the shell)
 * @param {Record<string,unknown>} [options.remotesMap]  serve this as /remotes.json instead of the file
 * @param {(req: http.IncomingMessage, res: http.ServerResponse) => boolean|Promise<boolean>} [options.before]
 * @param {() => Record<string,unknown>} [options.health]  more to say in /health (the shell: its deployment)
 *
 * GET /health answers 200 while the build it serves is in place (its index.html or mf-manifest.json),
 * 503 otherwise: what a load balancer and `npm start` ask.
 */
export function createStaticServer(options) {
  const rootOf = typeof options.root === 'function' ? () => resolve(options.root()) : () => fixedRoot;
  const fixedRoot = typeof options.root === 'function' ? '' : resolve(options.root);
  const releases = options.releases ? resolve(options.releases) : null;
  return http.createServer(async (request, response) => {
    const root = rootOf();
    try {
      const { pathname } = new URL(request.url ?? '/', 'http://localhost');
      if (pathname === '/health' && (request.method === 'GET' || request.method === 'HEAD')) {
        return void (await health(root, response, options.health));
      }
      if (options.before && (await options.before(request, response))) return;
      if (options.apiTarget && (pathname === '/api' || pathname.startsWith('/api/'))) {
        return proxy(request, response, options.apiTarget);
      }
      if (options.cors) {
        response.setHeader('Access-Control-Allow-Origin', '*');
        response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      }
      if (request.method === 'OPTIONS') return void response.writeHead(204).end();
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return void response.writeHead(405, { allow: 'GET, HEAD' }).end();
      }
      response.setHeader('X-Content-Type-Options', 'nosniff');
      response.setHeader('Vary', 'Accept-Encoding');

      if (pathname === '/remotes.json' && options.remotesMap) {
        response.writeHead(200, { 'content-type': TYPES['.json'], 'cache-control': 'no-cache' });
        return void response.end(request.method === 'HEAD' ? undefined : JSON.stringify(options.remotesMap));
      }

      // a release is never overwritten (scripts/release.mjs): every file in it, its manifest and entry
      // included, can be cached for good
      const released = releases !== null && pathname.startsWith('/releases/');
      let found = released
        ? await findFile(releases, pathname.slice('/releases'.length))
        : await findFile(root, pathname);
      let status = 200;
      if (!found && !released && options.spa && !extname(pathname)) found = await findFile(root, '/index.html');
      if (!found) {
        status = 404;
        response.writeHead(status, { 'content-type': TYPES['.txt'], 'cache-control': 'no-cache' });
        return void response.end('Not found');
      }
      const { file, info } = found;
      const ext = extname(file);
      const headers = {
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'cache-control': released ? IMMUTABLE : cacheControl(file),
        'last-modified': info.mtime.toUTCString(),
      };
      const encoding =
        COMPRESSIBLE.has(ext) && info.size > 512 ? pickEncoding(request.headers['accept-encoding']) : null;
      if (encoding) {
        const body = await compressed(file, info, encoding);
        response.writeHead(status, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
        return void response.end(request.method === 'HEAD' ? undefined : body);
      }
      response.writeHead(status, { ...headers, 'content-length': info.size });
      if (request.method === 'HEAD') return void response.end();
      createReadStream(file).pipe(response);
    } catch (error) {
      console.error(error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': TYPES['.txt'] });
      response.end('Internal error');
    }
  });
}
