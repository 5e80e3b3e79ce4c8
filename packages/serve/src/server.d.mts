import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ReleaseStore } from './releaseStore.mjs';

export type StaticServerOptions = {
  /** the built app's dist folder (a function: read per request, a deployment may move it) */
  root: string | (() => string);
  /** a folder of immutable releases (`<version>/...`), served at /releases/ and cached for good */
  releases?: string;
  /**
   * the app's releases from the release store instead of a folder (PostgreSQL: every instance serves
   * every release), each file by its digest and only with those bytes; `app` is its folder's name
   */
  releaseStore?: { app: string; store: ReleaseStore };
  /** the address the releases are served at instead of /releases/ (the shell's server: /releases/shell/) */
  releasesAt?: string;
  /**
   * a folder whose content-hashed files are served when the root has none of that name (the shell's
   * build, while a release of it is live: a page the build served keeps loading its own chunks)
   */
  hashedFrom?: string;
  /** unknown paths without an extension get index.html (the shell) */
  spa?: boolean;
  /** allow other origins to load the files (remotes) */
  cors?: boolean;
  /** proxy /api/* to this origin (the shell) */
  apiTarget?: string;
  /** how long the API may take to start answering, in ms (30 s); then 504 */
  apiTimeout?: number;
  /** serve this as /remotes.json instead of the file */
  remotesMap?: Readonly<Record<string, unknown>>;
  /** handles a request first; true when it answered */
  before?: (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;
  /** more to say in GET /health (the shell's server: the deployment it serves) */
  health?: () => Readonly<Record<string, unknown>>;
};

export function cacheControl(pathname: string): string;

/** The x-forwarded-host, -proto and -for headers of a request made to the API on the visitor's behalf. */
export function forwardedHeaders(
  request: IncomingMessage,
): Record<'x-forwarded-host' | 'x-forwarded-proto' | 'x-forwarded-for', string>;
/** The server (Fastify), not yet listening: `await server.listen({ port, host })`, `await server.close()`. */
export function createStaticServer(options: StaticServerOptions): FastifyInstance;

/** A body made per request compressed with brotli or gzip as the request accepts, or left as it is. */
export function compressFor(
  body: Buffer,
  acceptEncoding: string | undefined,
): Promise<{ encoding: 'br' | 'gzip' | null; body: Buffer }>;
