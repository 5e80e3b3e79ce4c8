// The releases at /releases/ (or the address given): every file in a release, its manifest and entry
// included, is cached for good, since a release is never overwritten. Each comes from the release store
// by the digest its release.json gives, only with those bytes, or from a folder of releases
// (@fastify/static at that prefix).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE, typeOf, WITHOUT_VALIDATORS } from './cache';
import { notFound, pathOf } from './notFound';
import type { ReleaseStore } from './releaseStore.mjs';

const unbrotli = promisify(zlib.brotliDecompress);
const digestOf = (bytes: Buffer): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

export type ReleasesOptions = {
  /** the address the releases are at, with its trailing slash (`/releases/`): the plugin's prefix less that slash */
  at: string;
  /** a folder of releases (`<version>/...`): a release the store lacks is read there */
  folder: string | null;
  /** the app's releases in the release store */
  store: { app: string; store: ReleaseStore } | null;
};

type Stored = { file: string; bytes: Buffer; encoding?: 'br' } | { file: string; digest: string; damaged: true };

/** Twins (`file`, `file.br`) of a release whose copy was found to hold the file's bytes, by their digests. */
const twins = new Set<string>();

/**
 * A file of a release in the store (`/<version>/<path>`), by the digest its release.json gives, with the
 * release's brotli twin when the request takes it and it holds the file's bytes. null: no such release
 * or file; `damaged`: the store has other bytes.
 */
async function storedFile(
  { app, store }: { app: string; store: ReleaseStore },
  path: string,
  acceptEncoding: string | undefined,
): Promise<Stored | null> {
  let decoded: string;
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
  if (file === 'release.json') return { file, bytes: Buffer.from(`${JSON.stringify(meta, null, 2)}\n`) };
  const digest = meta.files[file];
  if (!digest) return null;
  const where = (name: string) => ({ app, version, path: name });
  const twin = meta.files[`${file}.br`];
  if (twin && acceptEncoding && negotiate(acceptEncoding, ['br', 'identity']) === 'br') {
    const packed = await store.file(twin, where(`${file}.br`));
    if (packed && !twins.has(`${digest} ${twin}`)) {
      const raw = await unbrotli(packed).catch(() => null);
      if (raw && digestOf(raw) === digest) twins.add(`${digest} ${twin}`);
    }
    if (packed && twins.has(`${digest} ${twin}`)) return { file, bytes: packed, encoding: 'br' };
  }
  const bytes = await store.file(digest, where(file));
  return bytes ? { file, bytes } : { file, digest, damaged: true };
}

function sendStored(request: FastifyRequest, reply: FastifyReply, stored: Stored): FastifyReply {
  if ('damaged' in stored) {
    request.log.error(`${request.url}: the store holds other bytes than ${stored.digest}: not served`);
    return reply
      .code(502)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('Not the released bytes');
  }
  if (stored.encoding) reply.header('content-encoding', stored.encoding);
  return reply.type(typeOf(stored.file)).send(stored.bytes);
}

export const releases: FastifyPluginAsync<ReleasesOptions> = async (app, { at, folder, store }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', IMMUTABLE);
  });
  if (store) {
    // from the store; a release it lacks, from the folder (released on this machine before the store moved)
    app.addHook('preHandler', async (request, reply) => {
      const path = pathOf(request.url.slice(at.length - 1));
      const stored = path === null ? null : await storedFile(store, path, request.headers['accept-encoding']);
      if (stored) return sendStored(request, reply, stored);
    });
  }
  if (folder) {
    await app.register(fastifyStatic, {
      root: folder,
      decorateReply: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      ...WITHOUT_VALIDATORS,
    });
  } else {
    app.get('/*', async (_request, reply) => notFound(reply));
  }
  app.setNotFoundHandler((_request, reply) => notFound(reply));
};
