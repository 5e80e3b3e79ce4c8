import type { FastifyReply } from 'fastify';

/** The answer for a path that names no file here (never a page in its place, never kept). */
export function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');
}

/** A request's path as the files are named (its query aside; `%2F` stays a character, never a folder). */
export function pathOf(url: string): string | null {
  try {
    return decodeURI(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}
