// The shell's page logic ahead of everything else the server does (but /health): it works on Node's own
// request and response, and either answers (a page, its remotes map, a team's override) or lets the
// request through to the files and the /api proxy.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';

/** handles a request first; true when it answered */
export type PageLogic = (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;

export const pages = fp<{ handle: PageLogic }>(async (app, { handle }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/health' || request.url.startsWith('/health?')) return;
    let handled = false;
    try {
      handled = await handle(request.raw, reply.raw);
    } catch (error) {
      request.log.error(error);
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      reply.raw.end('Internal error');
      handled = true;
    }
    if (handled) reply.hijack();
  });
});
