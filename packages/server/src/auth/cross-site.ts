/**
 * Refusing cross-site state changes (CSRF). Browsers send Sec-Fetch-Site on every request: same-origin,
 * same-site and none (typed URL, bookmarks) pass; cross-site is refused. Browsers without it send
 * Origin on cross-origin POSTs: it must be one of the allowed origins (settings; by default the
 * request's own origin, from Host / X-Forwarded-Host behind the trusted proxy). A request with
 * neither header is not from a browser page (curl, the payment provider's server) and carries no
 * ambient authority a page could abuse; the SameSite=Lax cookie is the second line of defence.
 */

export interface CrossSiteInput {
  readonly method: string;
  readonly secFetchSite: string | undefined;
  readonly origin: string | undefined;
  /** `${protocol}://${host}` of the request as the client addressed it. */
  readonly ownOrigin: string;
  readonly allowedOrigins: readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'same-site', 'none']);

function normalizeOrigin(origin: string): string | null {
  try {
    const url = new URL(origin);
    return `${url.protocol}//${url.host}`.toLowerCase();
  } catch {
    return null;
  }
}

/** True when the request must be refused. */
export function isCrossSiteStateChange(input: CrossSiteInput): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return false;
  const site = input.secFetchSite?.trim().toLowerCase();
  if (site) return !ALLOWED_FETCH_SITES.has(site);
  if (input.origin === undefined) return false;
  const origin = normalizeOrigin(input.origin);
  if (origin === null) return true; // "null" (sandboxed frames, file:) or garbage
  const allowed = input.allowedOrigins.length > 0 ? input.allowedOrigins : [input.ownOrigin];
  return !allowed.some((candidate) => normalizeOrigin(candidate) === origin);
}
