/**
 * The OpenAPI document, generated from the routes' contract schemas: `/api/openapi.json`, and a
 * browsable page at `/api/docs`. Registered before the routes so that it sees each of them.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COOKIE_BASE_NAME } from '../../auth/cookies';
import { SESSION_SECURITY } from '../../http/contract-route';
import { LIS_KEY_HEADER, LIS_SECURITY } from '../../http/lis-route';

export interface SwaggerOptions {
  /** Serve the swagger-ui page (the JSON document is always served). */
  readonly ui?: boolean;
}

export default fp(
  async (app: FastifyInstance, options: SwaggerOptions) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Medical laboratory storefront API',
          version: '1.0.0',
          description:
            'Calls of the storefront (docs/product.md#calls). Every failure answers { code, message, field? } ' +
            'with the message in the Accept-Language (ua/uk: Ukrainian, ru: Russian).',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        // relative: the same document serves the API's own origin and the site, which proxies /api
        servers: [{ url: '/', description: 'The origin this document is served from' }],
        components: {
          securitySchemes: {
            [SESSION_SECURITY]: {
              type: 'apiKey',
              in: 'cookie',
              name: COOKIE_BASE_NAME,
              description:
                `HttpOnly session cookie set by sign-in (login, registration); named __Host-${COOKIE_BASE_NAME} ` +
                'over https. Sessions are server-side rows: signing out ends one.',
            },
            [LIS_SECURITY]: {
              type: 'apiKey',
              in: 'header',
              name: 'X-Api-Key',
              description:
                "A laboratory information system's API key (issued by `tsx src/cli/lis-keys.ts create`; several per " +
                'system, so that one can be rotated). Never sent from a browser: requests with Origin, ' +
                `Sec-Fetch-Site, Sec-Fetch-Dest or Cookie headers are refused. Header: ${LIS_KEY_HEADER}.`,
            },
          },
        },
        tags: [
          { name: 'public', description: '/api/public: guests and everyone' },
          { name: 'private', description: '/api/private: signed-in users (session cookie)' },
          { name: 'app', description: '/api/app: application settings' },
          {
            name: 'lis',
            description:
              "/api/lis: the laboratory's information system publishes results (API key; rate-limited per key). " +
              'Not for browsers.',
          },
        ],
      },
    });
    if (options.ui !== false) {
      await app.register(swaggerUi, {
        routePrefix: '/api/docs',
        staticCSP: true,
        // as in helmet.ts: the page must also load over plain http in development
        transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?\s*/, ''),
      });
    }
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'swagger' },
);
