/** `request.locale`: 'uk' or 'ru' from Accept-Language (ua/uk -> Ukrainian, ru -> Russian, default Ukrainian). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Locale, localeFromHeader } from '../../i18n/messages';

declare module 'fastify' {
  interface FastifyRequest {
    readonly locale: Locale;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    // a getter, so that it works in every hook and in the error handler, whatever ran first
    app.decorateRequest('locale', {
      getter(this: FastifyRequest): Locale {
        return localeFromHeader(this.headers['accept-language']);
      },
    });
  },
  { name: 'locale' },
);
