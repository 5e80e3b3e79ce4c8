/** Where the API lives and which language to ask it for; read per request so later overrides apply. */
import { FALLBACK_LOCALE, i18next, isLocale, type Locale } from '@lab/i18n';
import type { ClientKind } from '../endpoints';

declare global {
  interface Window {
    /** Per-deployment settings injected into the page before the apps start. */
    __LAB_CONFIG__?: {
      apiBase?: string;
      settlementId?: number;
      onlineDiscount?: number;
      publicUrl?: string;
      /** Milliseconds before an unanswered call fails (0: never); see API_TIMEOUT_MS. */
      apiTimeoutMs?: number;
    };
  }
}

/** docs/product.md#calls: each client's base is the backend path followed by its prefix. */
export const CLIENT_PREFIXES: Readonly<Record<ClientKind, string>> = {
  app: '/api/app',
  public: '/api/public',
  private: '/api/private',
};

/** `process.env.API_BASE` as the build defined it; '' (same origin) when the build left it undefined. */
function buildTimeApiBase(): string {
  try {
    // A bundler replaces the whole expression; without it `process` may not exist in a browser.
    return process.env.API_BASE ?? '';
  } catch {
    return '';
  }
}

/** The backend origin/path, without a trailing slash: the window override wins over the build value. */
export function apiBase(): string {
  const override = typeof window === 'undefined' ? undefined : window.__LAB_CONFIG__?.apiBase;
  return (override ?? buildTimeApiBase()).replace(/\/+$/, '');
}

export function clientBaseUrl(kind: ClientKind): string {
  return `${apiBase()}${CLIENT_PREFIXES[kind]}`;
}

/** The page's current locale (ua/ru), as sent in Accept-Language. */
export function currentLocale(): Locale {
  const language = i18next.language;
  return isLocale(language) ? language : FALLBACK_LOCALE;
}

/**
 * How long a call may go unanswered before it fails as a network error (the screen then offers its
 * retry). docs/product.md#errors: "HTTP client timeout 0 (none) by default", so none unless a deployment sets
 * `window.__LAB_CONFIG__.apiTimeoutMs` (the fault journeys set a few seconds).
 */
export const API_TIMEOUT_MS = 0;

export function apiTimeoutMs(): number {
  const override = typeof window === 'undefined' ? undefined : window.__LAB_CONFIG__?.apiTimeoutMs;
  return typeof override === 'number' && override >= 0 ? override : API_TIMEOUT_MS;
}
