/** Schemes without `//` (mailto:, tel:, sms:) are no routes and no external pages either. */
export function isNonRouteScheme(href: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(href) && !href.includes('://');
}

function trimSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/**
 * Whether an already localized target is the page being shown: pathname and query must match.
 * A target with a hash is current only on that very hash, since following it scrolls the page.
 */
export function isCurrentLocation(
  target: string,
  location: { pathname: string; search: string; hash: string },
): boolean {
  const hashAt = target.indexOf('#');
  const hash = hashAt >= 0 ? target.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? target.slice(0, hashAt) : target;
  const queryAt = beforeHash.indexOf('?');
  const pathname = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const search = queryAt >= 0 ? beforeHash.slice(queryAt) : '';
  if (trimSlash(pathname) !== trimSlash(location.pathname)) return false;
  if (search !== location.search) return false;
  return hash === '' || hash === location.hash;
}
