/**
 * The session cookie: HttpOnly, SameSite=Lax, Path=/; on any host but localhost it is also Secure and
 * named with the `__Host-` prefix (bound to the exact host, immune to cookies planted by sibling
 * subdomains). The name the server reads follows the same rule, so a plain cookie is ignored there.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { AuthSettings } from '../config';

export const COOKIE_BASE_NAME = 'lab_session';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The host name without port (request.hostname may carry one behind some proxies). */
export function bareHost(hostname: string): string {
  if (hostname.startsWith('[')) return hostname.slice(0, hostname.indexOf(']') + 1);
  return hostname.split(':')[0]?.toLowerCase() ?? '';
}

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(bareHost(hostname));
}

export function secureCookie(settings: Pick<AuthSettings, 'cookieSecure'>, hostname: string): boolean {
  if (settings.cookieSecure === 'always') return true;
  if (settings.cookieSecure === 'never') return false;
  return !isLocalHost(hostname);
}

export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${COOKIE_BASE_NAME}` : COOKIE_BASE_NAME;
}

export function sessionCookieOptions(secure: boolean, maxAgeSeconds: number): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: maxAgeSeconds };
}
