// A team tries its build on the live site before releasing it: one browser loads one remote from another
// manifest (the team's `npm run dev`, a preview release), everyone else keeps the deployment. Set through
// a URL the team opens (`/__override?mf_catalog=<manifest URL>`), confirmed on a page of this server,
// kept in a signed cookie, shown on every page as a banner with a "stop" link. Only manifests on the
// allowed origins are taken (OVERRIDE_ORIGINS; by default this machine's and the releases' own), and a
// cookie this server did not sign, or signed for an origin no longer allowed, is ignored.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RemotesMap } from '../src/features/remotes/headless';

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

/** The visitor's remotes map with the overridden remotes at their manifests (prefixes and deployment kept). */
export function applyOverrides(map: RemotesMap, overrides: RemoteOverrides | null): RemotesMap {
  if (!overrides) return map;
  const merged: Record<string, RemotesMap[string]> = { ...map };
  for (const [name, manifest] of Object.entries(overrides)) {
    const declaration = map[name];
    const { routes, deployment } = declaration && typeof declaration !== 'string' ? declaration : {};
    // no pinned digests: the team's build is loaded as it is served
    merged[name] = {
      manifest,
      ...(routes ? { routes } : {}),
      version: OVERRIDE_VERSION,
      ...(deployment !== undefined ? { deployment } : {}),
    };
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

/** A token for the confirmation form: only this server's page can ask for the cookie to be set. */
export const confirmToken = (pairs: [string, string][], settings: OverrideSettings, now: number): string => {
  const issued = String(Math.floor(now / 1000));
  return `${issued}.${sign(`confirm|${issued}|${JSON.stringify(pairs)}`, settings)}`;
};

export function tokenIsValid(
  token: string,
  pairs: [string, string][],
  settings: OverrideSettings,
  now: number,
): boolean {
  const [issued, signature] = token.split('.');
  if (!issued || !signature || now / 1000 - Number(issued) > CONFIRM_SECONDS) return false;
  const expected = Buffer.from(sign(`confirm|${issued}|${JSON.stringify(pairs)}`, settings));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A remote this browser loads from its override: the shell's server neither reads nor describes its build. */
export const isOverridden = (declaration: RemotesMap[string] | undefined): boolean =>
  typeof declaration === 'object' && declaration.version === OVERRIDE_VERSION;
