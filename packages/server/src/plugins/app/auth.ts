/**
 * Sessions and the cross-site guard, for every route:
 *  - `request.user`: the signed-in user (from the session cookie) on /api/private routes, else null;
 *  - /api/private routes without a live session answer 401 `unauthorized`, except `GET info` (guests
 *    get canLogin true) and `POST logout`; new private routes (the cart's) are protected by default;
 *  - state-changing calls (every method but GET/HEAD/OPTIONS under /api) from another site answer 403;
 *  - `app.sms`: the SMS gateway the settings name;
 *  - `app.sessionCookie`: writes and clears the session cookie with the right name and flags.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { secureCookie, sessionCookieName, sessionCookieOptions } from '../../auth/cookies';
import { isCrossSiteStateChange } from '../../auth/cross-site';
import { tokenHash } from '../../auth/crypto';
import { createSmsGateway, type SmsGateway } from '../../auth/sms';
import { AppError } from '../../errors';
import { contractUrl } from '../../http/contract-route';
import type { SessionUser } from '../../repositories/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsGateway;
    sessionCookie: SessionCookie;
  }
  interface FastifyRequest {
    /** The signed-in user on /api/private routes; null for guests and elsewhere. */
    user: SessionUser | null;
  }
}

export interface SessionCookie {
  /** The session token the request carries (the cookie of the name its host calls for), if any. */
  read(request: FastifyRequest): string | null;
  write(request: FastifyRequest, reply: FastifyReply, token: string): void;
  clear(request: FastifyRequest, reply: FastifyReply): void;
}

/** Private routes a guest may call. */
const GUEST_PRIVATE_URLS = new Set([contractUrl('sessionInfo'), contractUrl('logout')]);

export const unauthorized = (): AppError => new AppError(401, 'unauthorized', 'unauthorized');

/** The signed-in user of a private route (the hook has already refused guests). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Where the request came from, for the audit log and the limits. */
export function clientOf(request: FastifyRequest): { ip: string; userAgent: string | null } {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/** The origin the client addressed (behind the trusted proxy: X-Forwarded-Proto/Host). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export default fp(
  async (app: FastifyInstance, options: { sms?: SmsGateway | undefined }) => {
    const settings = app.config.auth;
    app.decorate(
      'sms',
      options.sms ??
        createSmsGateway(settings.smsProvider, {
          production: app.config.production,
          log: app.log,
          clock: app.clock,
          outboxSize: settings.devSmsOutboxSize,
        }),
    );

    const secure = (request: FastifyRequest) => secureCookie(settings, request.hostname);
    const sessionCookie: SessionCookie = {
      read(request) {
        const value = request.cookies[sessionCookieName(secure(request))];
        return value && value.length <= 200 ? value : null;
      },
      write(request, reply, token) {
        const isSecure = secure(request);
        reply.setCookie(
          sessionCookieName(isSecure),
          token,
          sessionCookieOptions(isSecure, Math.round(settings.sessionAbsoluteHours * 3600)),
        );
      },
      clear(request, reply) {
        const isSecure = secure(request);
        reply.clearCookie(sessionCookieName(isSecure), { ...sessionCookieOptions(isSecure, 0), maxAge: undefined });
      },
    };
    app.decorate('sessionCookie', sessionCookie);
    app.decorateRequest('user', null);

    app.addHook('onRequest', async (request) => {
      const url = request.url;
      if (!url.startsWith('/api/')) return;
      const origin = request.headers.origin;
      if (
        isCrossSiteStateChange({
          method: request.method,
          secFetchSite:
            typeof request.headers['sec-fetch-site'] === 'string' ? request.headers['sec-fetch-site'] : undefined,
          origin: typeof origin === 'string' ? origin : undefined,
          ownOrigin: requestOrigin(request),
          allowedOrigins: settings.allowedOrigins,
        })
      ) {
        throw new AppError(403, 'cross-site', 'cross-site-refused');
      }
      if (!url.startsWith('/api/private/')) return;
      const token = sessionCookie.read(request);
      if (token) {
        request.user = await app.repos.sessions.touch(tokenHash(token), Math.round(settings.sessionIdleMinutes * 60));
      }
      const route = request.routeOptions.url;
      if (!request.user && route !== undefined && !GUEST_PRIVATE_URLS.has(route)) throw unauthorized();
    });
  },
  { name: 'auth', dependencies: ['config', 'cookie', 'repositories', 'errors'] },
);
