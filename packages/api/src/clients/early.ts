/**
 * A signed-in page's personal GETs started by its HTML (the shell's server writes `earlyCallsScript`
 * into a page whose route names them, its handle's `personal`), before any of the page's scripts has
 * arrived: the client's first request for the same address and language takes the answer instead of
 * asking again (README "Performance": the payment result's largest paint waited for this round trip
 * after the start-up's scripts). An answer is taken once, and none is taken once the session is no
 * longer the signed-in one the page was served to.
 */
import type { Locale } from '@lab/i18n';

/** One GET the page's HTML started: the language it asked in, and the answer on its way. */
export type EarlyCall = { locale: string; response: Promise<Response> };

declare global {
  interface Window {
    /** The page's early GETs by absolute address (earlyCallsScript). */
    __LAB_EARLY__?: Record<string, EarlyCall>;
  }
}

/**
 * The inline script that starts `paths` (API addresses of the page's own origin, `/api/...`) as the
 * client would ask for them: with the session's cookie, JSON, in the page's language.
 */
export function earlyCallsScript(paths: readonly string[], locale: Locale): string {
  const headers = JSON.stringify({
    Accept: 'application/json',
    'Accept-Language': locale,
    'Content-Type': 'application/json',
  });
  return (
    `(function(){var e=window.__LAB_EARLY__=window.__LAB_EARLY__||{};` +
    // a script is its own source: the paths are JSON, and `<` is escaped so none can close the element
    `${JSON.stringify(paths).replace(/</g, '\\u003c')}.forEach(function(p){var u=new URL(p,location.href).href;` +
    `var r=fetch(u,{credentials:'include',headers:${headers}});` +
    // one nobody takes (the session ended) is no unhandled rejection in the console
    `r.catch(function(){});e[u]={locale:${JSON.stringify(locale)},response:r}})})()`
  );
}

/** The answer the page's HTML started for this address and language, once; null when there is none. */
export function takeEarlyResponse(url: string, locale: string | null): Promise<Response> | null {
  if (typeof window === 'undefined' || !window.__LAB_EARLY__) return null;
  const address = new URL(url, window.location.href).href;
  const call = window.__LAB_EARLY__[address];
  if (!call) return null;
  delete window.__LAB_EARLY__[address];
  // once all are taken, the page's later requests skip this look-up
  if (Object.keys(window.__LAB_EARLY__).length === 0) forgetEarlyResponses();
  return call.locale === locale ? call.response : null;
}

/** No answer started for the session the page was served to is taken (a sign-out, another user). */
export function forgetEarlyResponses(): void {
  if (typeof window !== 'undefined') delete window.__LAB_EARLY__;
}
