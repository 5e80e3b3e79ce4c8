/** Settings and the clock, decorated onto the instance for plugins and routes. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import type { Clock } from '../../domain/kyiv-time';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** "Now"; tests stop it to check time-dependent answers (branch status, promo validity). */
    clock: Clock;
  }
}

export interface ConfigPluginOptions {
  readonly config: AppConfig;
  readonly clock: Clock;
}

export default fp(
  async (app: FastifyInstance, options: ConfigPluginOptions) => {
    app.decorate('config', options.config);
    app.decorate('clock', options.clock);
  },
  { name: 'config' },
);
