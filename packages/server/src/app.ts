/**
 * The application, built around a database someone else opened (server.ts, the CLI, the test
 * harness). Plugin order: settings, third-party plugins (plugins/external), the app's own plugins
 * (plugins/app), the routes, then 501 stubs for any contract route without a handler (none today;
 * they keep the OpenAPI document whole while a route is being built).
 */
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { SmsGateway } from './auth/sms';
import { type AppConfig, appConfigFromEnv } from './config';
import type { Database } from './db/database';
import { type Clock, systemClock } from './domain/kyiv-time';
import { contractRoutesPlugin } from './http/contract-route';
import { REQUEST_ID_HEADER, requestIdGenerator } from './http/request-id';
import { localeFromHeader } from './i18n/messages';
import type { Metrics } from './metrics/metrics';
import authPlugin from './plugins/app/auth';
import configPlugin from './plugins/app/config';
import databasePlugin from './plugins/app/database';
import errorsPlugin, { errorReply, withRequestId } from './plugins/app/errors';
import finiteNumbersPlugin from './plugins/app/finite-numbers';
import jsonBodyPlugin from './plugins/app/json-body';
import lisAuthPlugin from './plugins/app/lis-auth';
import localePlugin from './plugins/app/locale';
import metricsPlugin from './plugins/app/metrics';
import publicCachePlugin from './plugins/app/public-cache';
import repositoriesPlugin from './plugins/app/repositories';
import cookiePlugin from './plugins/external/cookie';
import helmetPlugin from './plugins/external/helmet';
import multipartPlugin from './plugins/external/multipart';
import rateLimitPlugin from './plugins/external/rate-limit';
import swaggerPlugin from './plugins/external/swagger';
import routes from './routes';

export interface BuildAppOptions {
  readonly db: Database;
  /** Fastify's logger option: false (default), true, or pino options ({ level: 'info' }). */
  readonly logger?: FastifyServerOptions['logger'];
  /** Overrides of the environment's settings (appConfigFromEnv). */
  readonly config?: Partial<AppConfig>;
  /** "Now"; tests inject a fixed instant. */
  readonly clock?: Clock;
  /** Serve the swagger-ui page at /api/docs (default true; /api/openapi.json is always there). */
  readonly docsUi?: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe (client address for rate limiting). Default: loopback,
   * i.e. the shell's development proxy on the same machine.
   */
  readonly trustProxy?: FastifyServerOptions['trustProxy'];
  /** The SMS gateway; default: the one the settings name (auth/sms.ts). Tests plug in their own. */
  readonly sms?: SmsGateway;
  /** The Prometheus metrics (server.ts: with the process figures); default: a registry of its own. */
  readonly metrics?: Metrics;
}

/**
 * Fastify's Ajv (which adds ajv-formats: date, date-time, uuid, email ...) with:
 *  - removeAdditional false: bodies declare additionalProperties false and must fail loudly
 *  - coerceTypes 'array': query strings are text ("page=2" -> 2, "includePartners=true" -> true)
 *  - useDefaults: schema defaults fill missing query parameters
 *  - allErrors false: stop at the first error (cheaper; the error body names one field anyway)
 */
export const AJV_OPTIONS = {
  customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false },
} as const satisfies FastifyServerOptions['ajv'];

/** A body larger than this is not read to its end after an early answer: its connection is closed. */
const UNREAD_BODY_LIMIT = 64 * 1024 * 1024;

/**
 * An answer given before the body was read (413 past a route's limit): the rest of the body is read and
 * dropped, and the connection kept, where Fastify would close it with the body unread. Closing so resets
 * the connection (TCP sends RST on unread data), which can take the answer with it: a client or the
 * site's /api proxy still sending the body got no 413 but a broken connection.
 */
function readUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.complete || reply.getHeader('connection') !== 'close') return;
  const length = Number(request.headers['content-length']);
  if (!Number.isFinite(length) || length > UNREAD_BODY_LIMIT) return;
  reply.removeHeader('connection');
  request.raw.resume();
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const trustProxy = options.trustProxy ?? 'loopback';
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy,
    // pino's child logger puts the id into every line about the request as `reqId`
    genReqId: requestIdGenerator(trustProxy),
    ajv: AJV_OPTIONS,
    bodyLimit: 1024 * 1024,
    // path parameters up to the schemas' own limits (slugs: 200), so that they answer 400, not 414
    routerOptions: { maxParamLength: 1000 },
    // errors the router raises before any hook or handler (a path that is not valid percent-encoded
    // UTF-8, a parameter past maxParamLength): the same { code, message } body as every other failure
    frameworkErrors: (error, request, reply) => {
      const { status, body } = errorReply(error, localeFromHeader(request.headers['accept-language']));
      void (reply as FastifyReply)
        .header(REQUEST_ID_HEADER, request.id)
        .status(status)
        .send(withRequestId(body, request.id));
    },
  });

  await app.register(configPlugin, {
    config: { ...appConfigFromEnv(), ...options.config },
    clock: options.clock ?? systemClock,
  });
  await app.register(contractRoutesPlugin);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // shutting down: the answers still in flight close their connection, so that the server does not wait
  // out the clients' keep-alive (Fastify answers new requests 503 meanwhile)
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing) reply.header('connection', 'close');
    else readUnreadBody(request, reply);
  });

  // third-party plugins
  await app.register(helmetPlugin);
  await app.register(cookiePlugin);
  await app.register(rateLimitPlugin);
  await app.register(multipartPlugin);
  await app.register(swaggerPlugin, { ui: options.docsUi ?? true });

  // the application's own
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(finiteNumbersPlugin);
  await app.register(databasePlugin, { db: options.db });
  await app.register(metricsPlugin, { metrics: options.metrics });
  await app.register(repositoriesPlugin);
  await app.register(publicCachePlugin);
  // before the session's hook: a browser's request to the results intake is refused as such
  await app.register(lisAuthPlugin);
  await app.register(authPlugin, { sms: options.sms });

  await app.register(routes);

  return app;
}
