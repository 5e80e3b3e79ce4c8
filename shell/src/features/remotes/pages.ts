import type { ExposedName, ExposedProps, RemoteName } from './types';

/** The exposed modules of a remote that can be mounted without props: the pages the routes mount. */
type PropFree<R extends RemoteName> = {
  [M in ExposedName<R>]: Record<string, never> extends ExposedProps<R, M> ? M : never;
}[ExposedName<R>];

/** A route whose content is one remote's page (spec section 2); the path is relative to the locale. */
export type PageRemote = { [R in RemoteName]: { path: string; remote: R; module: PropFree<R> } }[RemoteName];

export const PAGE_REMOTES: readonly PageRemote[] = [
  { path: 'analyzes', remote: 'mf_catalog', module: 'CataloguePage' },
  { path: 'analyzes/:slug', remote: 'mf_catalog', module: 'CategoryPage' },
  { path: 'analysis/:slug', remote: 'mf_catalog', module: 'ServicePage' },
  { path: 'search', remote: 'mf_catalog', module: 'SearchPage' },
  { path: 'cart', remote: 'mf_cart_checkout', module: 'CartPage' },
  { path: 'checkout', remote: 'mf_cart_checkout', module: 'CheckoutPage' },
  { path: 'checkout/result', remote: 'mf_cart_checkout', module: 'PaymentResultPage' },
  { path: 'account/*', remote: 'mf_account', module: 'AccountPage' },
];

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/');
  const splat = parts.at(-1) === '*';
  const fixed = splat ? parts.slice(0, -1) : parts;
  if (splat ? segments.length < fixed.length : segments.length !== fixed.length) return false;
  return fixed.every((part, index) => part.startsWith(':') || part === segments[index]);
}

/**
 * The remote page at a path, if any: the path may start with the locale (/ru) or a city's sourceId
 * (/lviv), so it is tried without its first segment too. Only a head start depends on it.
 */
export function pageRemoteAt(pathname: string): PageRemote | null {
  const segments = pathname.split('/').filter(Boolean);
  return pageRemoteOf(segments) ?? pageRemoteOf(segments.slice(1));
}

/** The remote page whose route is exactly these segments (no locale or city before them). */
export function pageRemoteOf(segments: readonly string[]): PageRemote | null {
  return PAGE_REMOTES.find((page) => matches(page.path, segments)) ?? null;
}
