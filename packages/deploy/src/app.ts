// The deploy API (docs/releases.md "The deploy API"): what a team's pipeline calls to upload a release,
// start a canary, promote, widen, roll back and read the deployment and its history. Every move goes
// through @lab/releases, so the gate, the compare-and-swap and the integrity checks are the ones
// the judge and the tests use. Its own process (cli.mjs), or in the process of an operator's command
// (local.ts), on the same routes.
//
// Who may call: `Authorization: Bearer <token>` only (never a cookie), a team token checked against the
// token store on every request, or the one-off operator credential of a command run in-process. A browser
// request from another origin is refused (no CORS). Requests are counted per token (per address without
// one, in PostgreSQL for every instance alike when the tokens are there) and refused over the limit with
// Retry-After.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { mayMove, PLATFORM, type TokenStore } from '@lab/releases';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { type ApiError, apiError, errorSchema } from './errors';
import { routes } from './routes';
import type { RoutePlugin } from './routes/shared';

export type { RouteOptions, RoutePlugin } from './routes/shared';

/** Who calls, once the Authorization header is checked. */
export type Caller = { tokenId: string; team: string; name: string; apps: string[] };

/** The caller, or why not (`status`: 401 unless said). */
export type Deployer =
  | { token: Caller; refusal?: undefined; status?: undefined }
  | {
      token?: undefined;
      refusal: ApiError;
      status?: number;
    };

/** Who may call a route: nobody's token needed, any token (the default), a token scoped to its `:app`. */
export type Access = 'public' | 'read' | 'move';

declare module 'fastify' {
  interface FastifyRequest {
    deployer: Deployer | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

export type DeployApiOptions = {
  tokens?: TokenStore | null;
  operator?: { credential: string; name: string } | null;
  rateLimit?: { max: number; timeWindow: number } | false;
  plugins?: RoutePlugin[];
  logger?: FastifyServerOptions['logger'];
};

const CLIENT = join(__dirname, 'deploy.mjs');
/** Requests per minute per token (per address without one): DEPLOY_RATE_LIMIT. */
const RATE_LIMIT = 120;

/**
 * The API as a Fastify instance, not yet listening.
 * - `tokens`: the token store (@lab/releases), or null to accept the operator credential only;
 * - `operator`: `{ credential, name }`, the one-off credential of a command run in-process (its moves
 *   are recorded as `operator/<name>`);
 * - `rateLimit`: `{ max, timeWindow }` (ms), or false;
 * - `plugins`: more route plugins, registered beside `routes/` with the same options (a route says who may
 *   call it with `config.access`: 'public', 'read' (any token, the default) or 'move' (its `:app` in scope)).
 */
export async function createDeployApi({
  tokens = null,
  operator = null,
  rateLimit: limits = { max: Number(process.env.DEPLOY_RATE_LIMIT) || RATE_LIMIT, timeWindow: 60_000 },
  plugins = [],
  logger = false,
}: DeployApiOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 1024 * 1024 });
  app.decorateRequest('deployer', null);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Deploy API',
        version: '1.0.0',
        description:
          'Releases and the live deployment of the storefront’s apps. Every route but this document takes `Authorization: Bearer <team token>`; moves need a token scoped to the app (`*` for the shell).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error.validation) {
      const first = error.validation[0];
      const missing = (first?.params as { missingProperty?: unknown } | undefined)?.missingProperty;
      const field = first?.instancePath?.replace(/^\//, '') || (typeof missing === 'string' ? missing : undefined);
      return reply.code(400).send(apiError('invalid-request', `${error.validationContext}: ${error.message}`, field));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send(apiError('rate-limited', error.message));
    if (status >= 500) request.log.error(error);
    return reply
      .code(status)
      .send(
        apiError(
          error.code && status < 500 ? String(error.code) : 'internal',
          status < 500 ? error.message : 'the deploy API failed',
        ),
      );
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(apiError('not-found', `no route ${request.method} ${request.url.split('?')[0]}`)),
  );

  // before anything else: a browser's cross-origin request is refused, and the token is looked up (the
  // rate limit counts per token, so it must be known before the count)
  app.addHook('onRequest', async (request, reply) => {
    // the page's host against the one asked (the scheme may differ behind a TLS proxy)
    const origin = request.headers.origin;
    const foreign = origin !== undefined && hostOf(origin) !== request.host;
    if (foreign || request.headers['sec-fetch-site'] === 'cross-site') {
      return reply
        .code(403)
        .send(
          apiError(
            'browser-origin',
            `requests from ${origin ?? 'another site'} are refused: call the deploy API from a pipeline, with a token`,
          ),
        );
    }
    request.deployer = await identify(request.headers.authorization, { tokens, operator }).catch((error: unknown) => {
      request.log.error(error);
      return {
        refusal: apiError('token-store-unavailable', 'the token store cannot be read now: try again'),
        status: 503,
      };
    });
  });

  if (limits) {
    await app.register(rateLimit, {
      global: true,
      max: limits.max,
      timeWindow: limits.timeWindow,
      ...(tokens?.countRequest
        ? { store: sharedCounts(tokens.countRequest.bind(tokens), limits.timeWindow), skipOnError: true }
        : {}),
      keyGenerator: (request) =>
        request.deployer?.token ? `token:${request.deployer.token.tokenId}` : `ip:${request.ip}`,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'rate-limited',
        message: `more than ${context.max} requests in a minute: try again in ${context.after}`,
      }),
    });
  }

  // after the count, before the body is read (an upload is not read for a caller that may not make it)
  app.addHook('preParsing', async (request, reply, payload) => {
    const access = request.routeOptions.config?.access ?? 'read';
    if (access === 'public') return payload;
    const { token, refusal, status } = request.deployer ?? {};
    if (!token) return reply.code(status ?? 401).send(refusal);
    const target = (request.params as { app?: string } | undefined)?.app;
    if (access === 'move' && target && !mayMove(token.apps, target)) {
      return reply.code(403).send({
        ...apiError(
          'app-out-of-scope',
          `the token ${token.team}/${token.name} may move ${token.apps.includes(PLATFORM) ? 'every app' : token.apps.join(', ')}; not ${target}`,
        ),
        app: target,
        scope: token.apps,
      });
    }
    return payload;
  });

  app.addSchema(errorSchema);
  app.get('/v1/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  // the client a team's pipeline runs (Node's own modules only): fetched with curl, no install
  app.get('/v1/deploy.mjs', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(await readFile(CLIENT, 'utf8')),
  );
  for (const plugin of [...routes, ...plugins]) await app.register(plugin, { tokens });
  return app;
}

/**
 * The rate limit's counts in the token store (PostgreSQL): every instance counts the same token once.
 * When the store cannot count, the request goes on (skipOnError) and meets the token check's own
 * refusal if the store is down.
 */
function sharedCounts(count: NonNullable<TokenStore['countRequest']>, windowMs: number): FastifyRateLimitStoreCtor {
  return class SharedCounts implements FastifyRateLimitStore {
    incr(key: string, done: (error: Error | null, counted?: { current: number; ttl: number }) => void) {
      count(key, windowMs).then(
        (counted) => done(null, counted),
        (error: Error) => done(error),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Who calls: `{ token: { tokenId, team, name, apps } }`, or `{ refusal, status }` saying why not. A
 * cookie is never looked at: only the Authorization header.
 */
async function identify(
  authorization: string | undefined,
  { tokens, operator }: { tokens: TokenStore | null; operator: DeployApiOptions['operator'] },
): Promise<Deployer> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!bearer) {
    return { refusal: apiError('token-missing', 'send the team token as `Authorization: Bearer <token>`') };
  }
  if (operator && bearer === operator.credential) {
    return { token: { tokenId: 'operator', team: 'operator', name: operator.name, apps: [PLATFORM] } };
  }
  const verified = tokens ? await tokens.verify(bearer) : ({ error: 'token-invalid' } as const);
  if (verified.error === 'token-revoked') {
    return { refusal: apiError('token-revoked', 'this token was revoked: ask the operator for a new one') };
  }
  if (verified.error !== undefined)
    return { refusal: apiError('token-invalid', 'this token is not one the deploy API knows (or was rotated)') };
  const { id, team, name, apps } = verified.token;
  return { token: { tokenId: id, team, name, apps } };
}
