// The pages of /__override (override.ts: what an override is, its cookie and its signature): the one that
// confirms it, the one that says why one is refused, /__override/stop, and the banner every page of an
// overridden browser carries.
import type { IncomingMessage, ServerResponse } from 'node:http';
import ru from '../src/app/locales/ru.json';
import ua from '../src/app/locales/ua.json';
import type { RemotesMap } from '../src/features/remotes/headless';
import { escapeHtml } from '../src/features/seo/headless';
import { hashSource } from './csp';
import {
  confirmToken,
  OVERRIDE_COOKIE,
  OVERRIDE_PATH,
  type OverrideSettings,
  type RemoteOverrides,
  refusalOf,
  signOverrides,
  tokenIsValid,
} from './override';

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
  // sticky at the end of the body: over the page while it scrolls, below the footer at its end (nothing hidden)
  '.lab-override{position:sticky;bottom:0;z-index:2147483647;display:flex;flex-wrap:wrap;gap:.25rem .75rem;' +
  'align-items:center;justify-content:center;padding:.5rem 1rem;background:var(--color-warning,#8a5300);' +
  'color:var(--color-on-primary,#fff);font:14px/1.4 system-ui,sans-serif}' +
  '.lab-override a{color:#fff;font-weight:600}.lab-override code{word-break:break-all;font-size:.8125rem}';
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
