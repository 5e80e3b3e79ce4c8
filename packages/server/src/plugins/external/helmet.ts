/** Security headers. The API answers JSON; the docs page gets its own CSP from swagger-ui. */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      global: true,
      // the site (another origin in development) loads photos from the API
      crossOriginResourcePolicy: { policy: 'same-site' },
      // plain http is normal in development (also from another machine on the LAN); TLS ends in front
      contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
    });
  },
  { name: 'helmet' },
);
