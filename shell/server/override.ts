// A team tries its build on the live site before releasing it: one browser loads one remote from another
// manifest (the team's `npm run dev`, a preview release), everyone else keeps the deployment. Set through
// a URL the team opens (`/__override?mf_catalog=<manifest URL>`), confirmed on a page of this server,
// kept in a signed cookie, shown on every page as a banner with a "stop" link. Only manifests on the
// allowed origins are taken (OVERRIDE_ORIGINS; by default this machine's and the releases' own), and a
// cookie this server did not sign, or signed for an origin no longer allowed, is ignored.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import ru from '../src/app/locales/ru.json';
import ua from '../src/app/locales/ua.json';
import type { RemotesMap } from '../src/features/remotes/headless';
import { escapeHtml } from '../src/features/seo/headless';
import { hashSource } from './csp';

export const OVERRIDE_PATH = '/__override';
export const OVERRIDE_COOKIE = 'labOverride';
/** What the release a visitor runs is called on /ops while it is overridden: never mixed with a release's. */
export const OVERRIDE_VERSION = 'override';

/** remote name -> the manifest URL this browser loads it from */
export type RemoteOverrides = Readonly<Record<string, string>>;

export type OverrideSettings = {
  secret: Buffer;
  /** origins (`https://cdn.example`), a `*` port allowed (`http://localhost:*`) */
  allowedOrigins: readonly string[];
  /** how long an override lasts */
  maxAgeSeconds: number;
  /** the cookie only over HTTPS (the site's public URL is https) */
  secure: boolean;
};

const LOCAL_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'];
const CONFIRM_SECONDS = 600;

/**
 * The settings from the environment: OVERRIDE_ORIGINS (comma-separated; replaces the default of this
 * machine's origins and `releaseOrigins`), OVERRIDE_SECRET (the key that signs the cookie; without it a
 * key of this process, so an override ends with a restart and is not shared by several instances),
 * OVERRIDE_HOURS (8). OVERRIDE_ORIGINS=off turns overrides off.
 */
export function overrideSettingsFromEnv(
  env: NodeJS.ProcessEnv,
  releaseOrigins: readonly string[],
  publicUrl: string | null,
): OverrideSettings | null {
  const listed = env.OVERRIDE_ORIGINS?.trim();
  if (listed === 'off') return null;
  const allowedOrigins = listed
    ? listed
        .split(',')
        .map((origin) => origin.trim().replace(/\/+$/, ''))
        .filter(Boolean)
    : [...LOCAL_ORIGINS, ...new Set(releaseOrigins)];
  return {
    secret: env.OVERRIDE_SECRET ? Buffer.from(env.OVERRIDE_SECRET) : randomBytes(32),
    allowedOrigins,
    maxAgeSeconds: Math.round(Number(env.OVERRIDE_HOURS || 8) * 3600),
    secure: publicUrl?.startsWith('https:') ?? false,
  };
}

/** Why a manifest URL is refused, or null when it may be loaded. */
export type Refusal = 'not-url' | 'scheme' | 'origin' | 'remote';

export function refusalOf(url: string, settings: OverrideSettings): Refusal | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not-url';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'scheme';
  if (parsed.username || parsed.password) return 'not-url';
  // `http://localhost:*`: that scheme and host on any port
  const allowed = settings.allowedOrigins.some((rule) =>
    rule.endsWith(':*') ? `${parsed.protocol}//${parsed.hostname}` === rule.slice(0, -2) : parsed.origin === rule,
  );
  return allowed ? null : 'origin';
}

const sign = (text: string, settings: OverrideSettings): string =>
  createHmac('sha256', settings.secret).update(text).digest('base64url');

function verified(value: string, settings: OverrideSettings): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const [payload, signature] = [value.slice(0, dot), Buffer.from(value.slice(dot + 1))];
  const expected = Buffer.from(sign(payload, settings));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? payload : null;
}

/** The cookie's value: the overrides and their end, signed. */
export function signOverrides(overrides: RemoteOverrides, settings: OverrideSettings, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ remotes: overrides, until: now + settings.maxAgeSeconds * 1000 }));
  const encoded = payload.toString('base64url');
  return `${encoded}.${sign(encoded, settings)}`;
}

const COOKIE = new RegExp(`(?:^|;\\s*)${OVERRIDE_COOKIE}=([A-Za-z0-9_\\-.]+)(?:;|$)`);

/**
 * This browser's overrides: from a cookie this server signed, not expired, each remote one the site
 * composes and each manifest still on an allowed origin; null when there are none.
 */
export function overridesOf(
  cookieHeader: string | undefined,
  settings: OverrideSettings | null,
  remotes: RemotesMap,
  now = Date.now(),
): RemoteOverrides | null {
  const value = settings ? COOKIE.exec(cookieHeader ?? '')?.[1] : undefined;
  const payload = value && settings ? verified(value, settings) : null;
  if (!payload || !settings) return null;
  try {
    const { remotes: chosen, until } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      remotes: Record<string, unknown>;
      until: number;
    };
    if (typeof until !== 'number' || until < now) return null;
    const kept = Object.entries(chosen ?? {}).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && entry[0] in remotes && refusalOf(entry[1], settings) === null,
    );
    return kept.length > 0 ? Object.fromEntries(kept) : null;
  } catch {
    return null;
  }
}

/** The visitor's remotes map with the overridden remotes at their manifests (their prefixes kept). */
export function applyOverrides(map: RemotesMap, overrides: RemoteOverrides | null): RemotesMap {
  if (!overrides) return map;
  const merged: Record<string, RemotesMap[string]> = { ...map };
  for (const [name, manifest] of Object.entries(overrides)) {
    const declaration = map[name];
    const routes = declaration && typeof declaration !== 'string' ? declaration.routes : undefined;
    merged[name] = { manifest, ...(routes ? { routes } : {}), version: OVERRIDE_VERSION };
  }
  return merged;
}

/** The request's cookies other than the override: a browser trying a build is not a returning visitor. */
export const withoutOverrideCookie = (cookieHeader: string): string =>
  cookieHeader
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${OVERRIDE_COOKIE}=`))
    .join('; ');

// ---- texts and pages

type Texts = typeof ua.override;
const TEXTS: Record<'ua' | 'ru', Texts> = { ua: ua.override, ru: ru.override };

/** The pages of /__override speak Russian to a browser that prefers it, else Ukrainian (the default). */
function textsFor(request: IncomingMessage): Texts {
  const preferred = (request.headers['accept-language'] ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return preferred.startsWith('ru') ? TEXTS.ru : TEXTS.ua;
}

/** A text as HTML, its `{{placeholders}}` filled (both escaped). */
const fill = (text: string, values: Record<string, string> = {}): string =>
  escapeHtml(text).replace(/\{\{(\w+)\}\}/g, (_, key: string) => escapeHtml(values[key] ?? ''));

// the site's tokens (packages/ui tokens.css), with their values for a page whose style sheets did not load
const BANNER_CSS =
  '.lab-override{position:fixed;inset:auto 0 0 0;z-index:2147483647;display:flex;flex-wrap:wrap;gap:.25rem .75rem;' +
  'align-items:center;justify-content:center;padding:.5rem 1rem;background:var(--color-warning,#8a5300);' +
  'color:var(--color-on-primary,#fff);font:14px/1.4 system-ui,sans-serif}' +
  '.lab-override a{color:#fff;font-weight:600}.lab-override code{word-break:break-all}';
// the tokens' values (packages/ui tokens.css): these pages load no style sheet of the site
const PAGE_CSS =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#161b1f}' +
  'h1{font-size:1.5rem}code{word-break:break-all}.error{color:#b3261e}' +
  'button{font:inherit;padding:.5rem 1rem;cursor:pointer;background:#0b5e72;color:#fff;border:0;border-radius:.5rem}';

/** The banner every page of an overridden browser carries, and the hash its style needs in the CSP. */
export function overrideBanner(
  overrides: RemoteOverrides,
  locale: 'ua' | 'ru',
): { html: string; css: string; styleHash: string } {
  const t = TEXTS[locale];
  const items = Object.entries(overrides)
    .map(([name, url]) => `<code>${escapeHtml(name)}</code> ← <code>${escapeHtml(url)}</code>`)
    .join('; ');
  return {
    html: `<div class="lab-override" role="status">${fill(t.banner)} ${items} <a href="${OVERRIDE_PATH}/stop">${fill(t.stop)}</a></div>`,
    css: BANNER_CSS,
    styleHash: hashSource(BANNER_CSS),
  };
}

function page(response: ServerResponse, status: number, lang: string, title: string, body: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'private, no-store',
    vary: 'cookie, accept-language',
    'content-security-policy': `default-src 'none'; style-src ${hashSource(PAGE_CSS)}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    'x-content-type-options': 'nosniff',
  });
  response.end(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_CSS}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  );
}

const cookieLine = (value: string, maxAge: number, settings: OverrideSettings | null): string =>
  `${OVERRIDE_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${settings?.secure ? '; Secure' : ''}`;

/** The overrides a request names (`?mf_catalog=<url>`), in a stable order. */
const named = (params: URLSearchParams): [string, string][] =>
  [...params.entries()].filter(([name]) => name !== 'token').sort(([a], [b]) => a.localeCompare(b));

/** A token for the confirmation form: only this server's page can ask for the cookie to be set. */
const confirmToken = (pairs: [string, string][], settings: OverrideSettings, now: number): string => {
  const issued = String(Math.floor(now / 1000));
  return `${issued}.${sign(`confirm|${issued}|${JSON.stringify(pairs)}`, settings)}`;
};

function tokenIsValid(token: string, pairs: [string, string][], settings: OverrideSettings, now: number): boolean {
  const [issued, signature] = token.split('.');
  if (!issued || !signature || now / 1000 - Number(issued) > CONFIRM_SECONDS) return false;
  const expected = Buffer.from(sign(`confirm|${issued}|${JSON.stringify(pairs)}`, settings));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 8192) break;
  }
  return new URLSearchParams(body);
}

/**
 * Serves /__override: GET with remotes shows what will change and a button that confirms it (POST);
 * /__override/stop ends it. Anything refused gets a page that says why. True when the request was one.
 */
export async function handleOverride(
  request: IncomingMessage,
  response: ServerResponse,
  settings: OverrideSettings | null,
  remotes: RemotesMap,
  now = Date.now(),
): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname !== OVERRIDE_PATH && url.pathname !== `${OVERRIDE_PATH}/stop`) return false;
  const t = textsFor(request);
  const lang = t === TEXTS.ru ? 'ru' : 'uk';
  if (url.pathname === `${OVERRIDE_PATH}/stop`) {
    response.setHeader('set-cookie', cookieLine('', 0, settings));
    response.writeHead(303, { location: '/', 'cache-control': 'private, no-store' });
    response.end();
    return true;
  }
  if (!settings) {
    page(response, 404, lang, t.refusedTitle, `<p class="error">${fill(t.off)}</p>`);
    return true;
  }
  const params = request.method === 'POST' ? await formBody(request) : url.searchParams;
  const pairs = named(params);
  const refusals = pairs.flatMap(([name, manifest]) => {
    const refusal = name in remotes ? refusalOf(manifest, settings) : 'remote';
    return refusal ? [fill(t.refusal[refusal], { remote: name, url: manifest })] : [];
  });
  if (pairs.length === 0) refusals.push(fill(t.nothing));
  if (refusals.length > 0) {
    const allowed = settings.allowedOrigins.map((origin) => `<li><code>${escapeHtml(origin)}</code></li>`).join('');
    page(
      response,
      400,
      lang,
      t.refusedTitle,
      `${refusals.map((line) => `<p class="error">${line}</p>`).join('')}<p>${fill(t.allowed)}</p><ul>${allowed}</ul>`,
    );
    return true;
  }
  if (request.method === 'POST') {
    if (!tokenIsValid(params.get('token') ?? '', pairs, settings, now)) {
      page(response, 403, lang, t.refusedTitle, `<p class="error">${fill(t.expired)}</p>`);
      return true;
    }
    response.setHeader(
      'set-cookie',
      cookieLine(signOverrides(Object.fromEntries(pairs), settings, now), settings.maxAgeSeconds, settings),
    );
    response.writeHead(303, { location: '/', 'cache-control': 'private, no-store' });
    response.end();
    return true;
  }
  const list = pairs.map(([name, manifest]) => `<li>${fill(t.item, { remote: name, url: manifest })}</li>`).join('');
  const hidden = [...pairs, ['token', confirmToken(pairs, settings, now)] as const]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  page(
    response,
    200,
    lang,
    t.confirmTitle,
    `<p>${fill(t.confirmLead)}</p><ul>${list}</ul><p>${fill(t.duration, { hours: String(settings.maxAgeSeconds / 3600) })}</p><form method="post" action="${OVERRIDE_PATH}">${hidden}<button type="submit">${fill(t.confirm)}</button></form>`,
  );
  return true;
}
