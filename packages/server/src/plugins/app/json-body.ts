/**
 * JSON bodies as the storefront's clients send them (docs/product.md#calls: every call of all three clients carries a
 * JSON content type): an empty body with that type is `{}` (a logout, a new guest cart), where
 * Fastify's own parser refuses it with 400. Anything else goes to Fastify's parser as before (its
 * prototype-poisoning guards, its invalid-JSON error); a route whose schema needs fields still says
 * which one is missing.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') {
        done(null, {});
        return;
      }
      parseJson(request, body.toString(), done);
    });
  },
  { name: 'json-body' },
);
