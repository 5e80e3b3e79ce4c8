/** Cookies (signed with COOKIE_SECRET): the session cookie of the sign-in issue rides on this. */
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (app: FastifyInstance) => {
    await app.register(cookie, { secret: app.config.cookieSecret, hook: 'onRequest' });
  },
  { name: 'cookie', dependencies: ['config'] },
);
