// The shell's /api proxy on @fastify/reply-from (undici): bodies stream both ways untouched, the API's
// answers (413, 429, ...) pass as they are; 502/504 with the request's id only when the API cannot answer.
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import replyFrom from '@fastify/reply-from';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';

// reply-from's callbacks are typed for any server (HTTP/2 too); this one is HTTP/1.1
type Request = FastifyRequest<RouteGenericInterface, RawServerBase>;
type Reply = FastifyReply<RouteGenericInterface, RawServerBase>;

export type ProxyOptions = {
  /** the API's origin */
  target: string;
  /** ms the API may take to start answering */
  timeout: number;
};

/**
 * What the API is told of the visitor's request by whoever asks it on the visitor's behalf (this
 * proxy, the shell's server priming a page): the host the visitor addressed (it decides the session
 * cookie's name), the scheme, and the address (per-address limits, audit log).
 */
export function forwardedHeaders(
  request: IncomingMessage,
): Record<'x-forwarded-host' | 'x-forwarded-proto' | 'x-forwarded-for', string> {
  return {
    'x-forwarded-host': request.headers.host ?? '',
    'x-forwarded-proto': (request.socket as TLSSocket).encrypted ? 'https' : 'http',
    'x-forwarded-for': [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', '),
  };
}

/** The proxy's own answer when the API cannot give one: named like every API error, with the request's id. */
function upstreamFailure(reply: Reply, error: { statusCode?: number; cause?: unknown } | undefined): void {
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

const drainable = (request: Request): boolean => Number(request.headers['content-length']) <= DRAIN_LIMIT;

/**
 * The visitor's body as the API reads it. When the API stops reading it (it answered early, 413, or
 * could not be reached) the rest is read here and dropped, so that the visitor, still sending, reads
 * the answer and its connection stays usable: closing with the body unread would reset the connection
 * (TCP sends RST on unread data) and could take the answer with it.
 */
function bodyFor(request: Request, payload: IncomingMessage): PassThrough {
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
function keepOrClose(request: Request, reply: Reply): void {
  if (request.raw.complete || drainable(request)) reply.removeHeader('connection');
  else reply.header('connection', 'close');
}

export const apiProxy: FastifyPluginAsync<ProxyOptions> = async (app, { target, timeout }) => {
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
  const forward = (request: FastifyRequest, reply: FastifyReply) =>
    reply.from(request.url, {
      timeout,
      rewriteRequestHeaders: (original, { expect: _continue, ...headers }) => ({
        // (`Expect: 100-continue` was answered here, by Node's server: the body follows in any case)
        ...headers,
        // the API sees the visitor's address (per-address limits, audit log), not the proxy's
        ...forwardedHeaders(original.raw as IncomingMessage),
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
};
