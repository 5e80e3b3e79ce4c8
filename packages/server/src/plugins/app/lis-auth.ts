/**
 * Who is calling the results intake (`/api/lis/...`): a laboratory information system with a live API
 * key in `X-Api-Key`, never a browser.
 *  - A request with any mark of a browser (Origin, Sec-Fetch-Site/-Dest, a Cookie) is refused 403 before the
 *    key is looked at: a key must not work from a page, and no session cookie means anything here. The
 *    server sends no CORS headers, so a page cannot read an answer either.
 *  - No key: 401 `lis-key-missing`; an unknown or revoked one: 401 `lis-key-invalid`.
 *  - LIS_REQUESTS_PER_MINUTE per key, counted in the database (every instance enforces one limit):
 *    429 with Retry-After past it.
 *  - `request.lis` is the key's system; the request's log lines name the system and the key's name.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';
import { LIS_KEY_HEADER, LIS_PREFIX } from '../../http/lis-route';
import type { LisKeyOwner } from '../../repositories/lis';

declare module 'fastify' {
  interface FastifyRequest {
    /** The laboratory system of an authenticated /api/lis request, else null. */
    lis: LisKeyOwner | null;
  }
}

const WINDOW_MS = 60_000;
/**
 * Headers only a browser sends (every browser request has Sec-Fetch-Site and -Dest; a page's
 * cross-origin or POST request has Origin). Not Sec-Fetch-Mode: Node's own fetch sends that one too.
 */
const BROWSER_HEADERS = ['origin', 'sec-fetch-site', 'sec-fetch-dest', 'cookie'] as const;

/** The system of an authenticated intake request (the hook has refused everything else). */
export function requireLis(request: FastifyRequest): LisKeyOwner {
  if (!request.lis) throw new AppError(401, 'lis-key-missing', 'lis-key-missing');
  return request.lis;
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('lis', null);
    app.addHook('onRequest', async (request) => {
      if (request.url !== LIS_PREFIX && !request.url.startsWith(`${LIS_PREFIX}/`)) return;
      if (BROWSER_HEADERS.some((name) => request.headers[name] !== undefined)) {
        throw new AppError(403, 'lis-browser-refused', 'lis-browser-refused');
      }
      const raw = request.headers[LIS_KEY_HEADER];
      const key = typeof raw === 'string' ? raw.trim() : '';
      if (key === '') throw new AppError(401, 'lis-key-missing', 'lis-key-missing');
      const owner = key.length > 200 ? null : await app.repos.lis.ownerOf(key);
      if (!owner) {
        request.log.warn('LIS request with an unknown or revoked API key');
        throw new AppError(401, 'lis-key-invalid', 'lis-key-invalid');
      }
      request.lis = owner;
      request.log.info({ lisSystem: owner.systemKey, lisKey: owner.keyName }, 'LIS request');
      const now = app.clock().getTime();
      const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
      const count = await app.repos.auth.countRequest(`lis:${owner.keyId}`, new Date(windowStart));
      if (count > app.config.results.lisRequestsPerMinute) {
        const retryAfter = String(Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000)));
        throw new AppError(429, 'rate-limited', 'rate-limited', undefined, undefined, { 'retry-after': retryAfter });
      }
    });
  },
  { name: 'lis-auth', dependencies: ['config', 'repositories', 'errors'] },
);
