// The app's own build: its files as @fastify/static sends them (the build's precompressed .br/.gz, Range,
// HEAD, conditional requests), its root read on every request (a redeployed remote's files are served at
// once, a promoted shell without a restart), the build's hashed chunks while a release of it is live, and
// the shell's page for its routes.
import { extname } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HASHED, IMMUTABLE, WITHOUT_VALIDATORS } from './cache';
import { notFound, pathOf } from './notFound';

export type SiteOptions = {
  /** the build's folder, read per request */
  root: () => string;
  /** a folder whose content-hashed files are served when the root has none of that name */
  hashedFrom: string | null;
  /** unknown paths without an extension get index.html */
  spa: boolean;
};

/** One place a request's file may be, tried in turn until one holds it. */
type Attempt = { root: string; path: string; immutable: boolean };

export const site: FastifyPluginAsync<SiteOptions> = async (app, { root, hashedFrom, spa }) => {
  const attempts = new WeakMap<FastifyRequest, Attempt[]>();
  // the next place to look; @fastify/static calls the not-found handler when a place has no such file
  // (the handlers return nothing: a reply returned is awaited, a listener on the response each time)
  const next = (request: FastifyRequest, reply: FastifyReply): void => {
    const attempt = attempts.get(request)?.shift();
    if (!attempt) {
      notFound(reply);
      return;
    }
    reply.header('cache-control', attempt.immutable ? IMMUTABLE : 'no-cache');
    reply.sendFile(attempt.path, attempt.root, attempt.immutable ? WITHOUT_VALIDATORS : {});
  };
  app.get('/*', (request, reply) => {
    const path = pathOf(request.url);
    if (path === null) {
      notFound(reply);
      return;
    }
    const live = root();
    const hashed = HASHED.test(path);
    attempts.set(request, [
      { root: live, path, immutable: hashed },
      // a name with its content's hash is those bytes wherever it is found (a page the build served
      // keeps its chunks once a release is promoted)
      ...(hashed && hashedFrom ? [{ root: hashedFrom, path, immutable: true }] : []),
      ...(spa && !extname(path) ? [{ root: live, path: '/index.html', immutable: false }] : []),
    ]);
    next(request, reply);
  });
  app.setNotFoundHandler(next);
};
