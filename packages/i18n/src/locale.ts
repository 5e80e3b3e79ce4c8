/**
 * Locales and the routing rules of docs/product.md#routes: ua is the default and fallback and lives under
 * bare paths; other locales live under a prefix (/ru/...). The page language attribute maps ua to uk.
 */
export const LOCALES = ['ua', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'ua';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The value for `<html lang>` and for registration payloads' name keys (ua -> uk). */
export function languageTag(locale: Locale): 'uk' | 'ru' {
  return locale === 'ua' ? 'uk' : 'ru';
}

/** The locale named by the first or second path segment (docs/product.md#routes). */
export function localeFromPath(pathname: string): Locale {
  const segments = pathname.split('/').filter(Boolean).slice(0, 2);
  return (
    segments.find((segment): segment is Locale => isLocale(segment) && segment !== FALLBACK_LOCALE) ?? FALLBACK_LOCALE
  );
}

/** A path without its locale prefix: `/ru/cart` -> `/cart`, `/ru` -> `/`. */
export function stripLocale(pathname: string): string {
  const match = /^\/([a-z]{2})(?=\/|$|\?|#)/.exec(pathname);
  if (match && isLocale(match[1]) && match[1] !== FALLBACK_LOCALE) {
    const rest = pathname.slice(match[0].length);
    return rest.startsWith('/') ? rest : `/${rest}`;
  }
  return pathname;
}

/** External links carry a scheme: they are never prefixed (docs/product.md#routes). */
export function isExternalHref(href: string): boolean {
  return href.includes('://');
}

/**
 * The href to render for an internal path in a locale: prefixed only when the locale differs from
 * the fallback; the root stays `/` for the fallback. External hrefs come back unchanged.
 */
export function localizePath(href: string, locale: Locale): string {
  if (isExternalHref(href)) return href;
  const bare = stripLocale(href.startsWith('/') ? href : `/${href}`);
  if (locale === FALLBACK_LOCALE) return bare;
  if (bare === '/') return `/${locale}`;
  return bare.startsWith('/?') || bare.startsWith('/#') ? `/${locale}${bare.slice(1)}` : `/${locale}${bare}`;
}
