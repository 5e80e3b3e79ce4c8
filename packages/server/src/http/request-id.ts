/**
 * Every request's id: the one a trusted proxy (the shell's server, a load balancer) sent in
 * X-Request-Id, so that one id follows a request through every hop's log; otherwise a new UUID. It is
 * in every log line about the request (pino's child logger), in the X-Request-Id response header and in
 * every error body (plugins/app/errors.ts).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerOptions } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What a proxy's id may look like: no spaces or control characters to forge log lines with. */
const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

type TrustProxy = FastifyServerOptions['trustProxy'];

/** Fastify's trustProxy setting as a test of the peer's address. */
function trustOf(option: TrustProxy): (address: string) => boolean {
  if (option === true) return () => true;
  if (option === undefined || option === false) return () => false;
  if (typeof option === 'function') return (address) => option(address, 0);
  if (typeof option === 'number') return () => option > 0;
  const list = typeof option === 'string' ? option.split(',').map((part) => part.trim()) : [...option];
  const trusted = proxyAddr.compile(list);
  return (address) => trusted(address, 0);
}

/** Fastify's genReqId for these proxies. */
export function requestIdGenerator(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  const trusted = trustOf(trustProxy);
  return (request) => {
    const sent = request.headers[REQUEST_ID_HEADER];
    const peer = request.socket?.remoteAddress;
    if (typeof sent === 'string' && VALID_ID.test(sent) && peer !== undefined && trusted(peer)) return sent;
    return randomUUID();
  };
}
