/**
 * Settings read from the environment, in one place. Everything has a development default, so
 * `tsx src/server.ts` runs with no environment at all.
 */
import path from 'node:path';
import type { PaymentType } from '@lab/api/contract';

/** The monorepo root (packages/server/src -> ../../..). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

export interface AppConfig {
  /** Percent off for paying online (docs/product.md#constants: compared with the promo value, the larger applies). */
  readonly onlineDiscountPercent: number;
  /** The payment type the checkout preselects (GET /api/app/order/default/configuration). */
  readonly systemPaymentType: PaymentType;
  /** Requests per minute per client address; 0 turns rate limiting off. */
  readonly rateLimitMax: number;
  /**
   * Bytes of serialized public catalogue answers the server keeps (http/public-cache.ts); 0 turns the
   * cache and the answers' ETags off (the bench's "before").
   */
  readonly publicCacheBytes: number;
  /** Real-user beacons (POST /api/app/vitals) per client address per minute, counted in the database. */
  readonly vitalsPerIpPerMinute: number;
  /** Signs cookies (sessions come with the sign-in issue); a fixed value is fine only in development. */
  readonly cookieSecret: string;
  /** Largest accepted upload (photos), bytes. */
  readonly uploadMaxBytes: number;
  /** NODE_ENV is production: no development routes (SMS outbox, clock), no development secrets. */
  readonly production: boolean;
  /** Sign-in, sessions, SMS codes and their limits (auth/settings.ts). */
  readonly auth: AuthSettings;
  /** Orders, home visits, payments. */
  readonly orders: OrderSettings;
  /** Results from the laboratory's information system, and telling patients they are ready. */
  readonly results: ResultsSettings;
  /** The mobile app's store pages (/getapp); none set: the site offers no app. */
  readonly mobileApp: MobileAppSettings;
}

export interface MobileAppSettings {
  /** MOBILE_APP_STORE_URL: the app's App Store page (https), or null. */
  readonly appStoreUrl: string | null;
  /** MOBILE_GOOGLE_PLAY_URL: the app's Google Play page (https), or null. */
  readonly googlePlayUrl: string | null;
}

export interface AuthLimits {
  /** Codes sent to one phone per hour. */
  readonly sendsPerPhonePerHour: number;
  /** Codes sent on behalf of one client address per hour. */
  readonly sendsPerIpPerHour: number;
  /** Code checks (login, approve) for one phone per hour. */
  readonly checksPerPhonePerHour: number;
  /** Code checks from one client address per hour. */
  readonly checksPerIpPerHour: number;
}

export interface AuthSettings {
  /** HMAC key for SMS codes, login tokens and phone hashes (AUTH_SECRET; required in production). */
  readonly secret: string;
  /** A code expires this long after it was sent (at most 10 minutes). */
  readonly codeTtlSeconds: number;
  /** No new code to the same phone before this (the answer's timeToNextSend). */
  readonly resendSeconds: number;
  /** Wrong tries per code; the next one is refused even with the right code. */
  readonly maxCodeAttempts: number;
  readonly limits: AuthLimits;
  /** A session ends after this long without requests (sliding). */
  readonly sessionIdleMinutes: number;
  /** ... and at the latest this long after sign-in. */
  readonly sessionAbsoluteHours: number;
  /**
   * 'auto': a Secure `__Host-` cookie unless the request's host is localhost / 127.0.0.1 / ::1;
   * 'always' / 'never' force it.
   */
  readonly cookieSecure: 'auto' | 'always' | 'never';
  /** Origins allowed to make state-changing calls; empty: the request's own origin only. */
  readonly allowedOrigins: readonly string[];
  /** 'dev': codes to the log and the development outbox; 'none': sending fails (no provider yet). */
  readonly smsProvider: 'dev' | 'none';
  /** Messages the development outbox keeps (a load run of hundreds of customers needs more). */
  readonly devSmsOutboxSize: number;
}

export interface OrderSettings {
  /** Visits per settlement and arrival time. */
  readonly homeVisitSlotCapacity: number;
  /** 'sandbox': the server's own hosted payment page; 'none': online payment unavailable. */
  readonly paymentProvider: 'sandbox' | 'none';
  /** HMAC key of the payment provider's callbacks (PAYMENT_SECRET; required in production). */
  readonly paymentSecret: string;
  /** A payment page is valid this long. */
  readonly paymentTtlMinutes: number;
  /** Development clock: moves paid orders on every N ms (0 = off; never in production). */
  readonly devClockIntervalMs: number;
  /** Insert the demo accounts when missing (default: outside production). */
  readonly demoData: boolean;
}

export interface ResultsSettings {
  /** Requests per minute per LIS API key (counted in the database, so every instance enforces one limit). */
  readonly lisRequestsPerMinute: number;
  /**
   * The development key of the demo LIS system (`dev-lis`), inserted with the demo accounts; never in
   * production, where keys come only from the operator's CLI (src/cli/lis-keys.ts).
   */
  readonly lisDevKey: string | null;
  /** The laboratory's name as the SMS names it (the product's name is not given: docs/product.md#what-it-is). */
  readonly labName: string;
  /** The site's public address, for the link in the SMS. */
  readonly publicUrl: string;
  /** How often this instance sends the notifications that are due, ms; 0: this instance sends none. */
  readonly notifyIntervalMs: number;
  /** Tries per message before it is given up (failed). */
  readonly notifyMaxAttempts: number;
  /** The first retry's delay, seconds; each next one doubles, up to an hour. */
  readonly notifyRetrySeconds: number;
}

export const DEV_LIS_KEY = 'dev-lis-key-for-development-only';

export function resultsSettingsFromEnv(env: Env, production: boolean): ResultsSettings {
  const devKey = env.LIS_DEV_KEY?.trim();
  if (devKey !== undefined && devKey !== '' && devKey.length < 24)
    throw new Error('LIS_DEV_KEY must be at least 24 characters');
  return {
    lisRequestsPerMinute: numberFrom(env, 'LIS_REQUESTS_PER_MINUTE', 120, 1),
    lisDevKey: production || devKey === 'off' ? null : devKey || DEV_LIS_KEY,
    labName: env.LAB_NAME?.trim() || 'Медична лабораторія',
    publicUrl: (env.PUBLIC_URL?.trim() || 'http://localhost:3000').replace(/\/+$/, ''),
    notifyIntervalMs: numberFrom(env, 'NOTIFY_INTERVAL_MS', 2000, 0),
    notifyMaxAttempts: numberFrom(env, 'NOTIFY_MAX_ATTEMPTS', 8, 1, 100),
    notifyRetrySeconds: numberFrom(env, 'NOTIFY_RETRY_SECONDS', 30, 1, 3600),
  };
}

export interface ServerEnv {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | null;
  readonly pgliteDataDir: string;
  readonly logLevel: string;
  /** The operations port (metrics, real-user vitals; ops/server.ts); null: none (METRICS_PORT=off). */
  readonly metricsPort: number | null;
  /** Where it listens: loopback unless a scraper elsewhere needs it (METRICS_HOST). */
  readonly metricsHost: string;
}

const PAYMENT_TYPES: readonly PaymentType[] = [
  'online',
  'cash',
  'card',
  'bank',
  'online-provider-1',
  'online-provider-2',
];

type Env = Readonly<Record<string, string | undefined>>;

function numberFrom(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function choice<T extends string>(env: Env, name: string, options: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!(options as readonly string[]).includes(raw)) throw new Error(`${name} must be one of ${options.join(', ')}`);
  return raw as T;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

/** A secret from the environment; the development value is refused in production. */
/** An https address, or null when the setting is empty; anything else stops the server at start. */
function httpsUrl(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an https:// address`);
  }
  if (url.protocol !== 'https:') throw new Error(`${name} must be an https:// address`);
  return url.href;
}

export function mobileAppSettingsFromEnv(env: Env): MobileAppSettings {
  return { appStoreUrl: httpsUrl(env, 'MOBILE_APP_STORE_URL'), googlePlayUrl: httpsUrl(env, 'MOBILE_GOOGLE_PLAY_URL') };
}

function secret(env: Env, name: string, production: boolean): string {
  const value = env[name];
  if (value && value.length >= 32) return value;
  if (value) throw new Error(`${name} must be at least 32 characters`);
  if (production) throw new Error(`${name} must be set in production`);
  return `development-${name.toLowerCase()}-change-me-in-production`;
}

export function authSettingsFromEnv(env: Env, production: boolean): AuthSettings {
  return {
    secret: secret(env, 'AUTH_SECRET', production),
    codeTtlSeconds: numberFrom(env, 'AUTH_CODE_TTL_SECONDS', 300, 30, 600),
    resendSeconds: numberFrom(env, 'AUTH_RESEND_SECONDS', 60, 0, 600),
    maxCodeAttempts: numberFrom(env, 'AUTH_MAX_CODE_ATTEMPTS', 5, 1, 10),
    limits: {
      sendsPerPhonePerHour: numberFrom(env, 'AUTH_SENDS_PER_PHONE_HOUR', 5, 1),
      sendsPerIpPerHour: numberFrom(env, 'AUTH_SENDS_PER_IP_HOUR', 30, 1),
      checksPerPhonePerHour: numberFrom(env, 'AUTH_CHECKS_PER_PHONE_HOUR', 20, 1),
      checksPerIpPerHour: numberFrom(env, 'AUTH_CHECKS_PER_IP_HOUR', 100, 1),
    },
    sessionIdleMinutes: numberFrom(env, 'SESSION_IDLE_MINUTES', 30, 1),
    sessionAbsoluteHours: numberFrom(env, 'SESSION_ABSOLUTE_HOURS', 12, 1),
    cookieSecure: choice(env, 'SESSION_COOKIE_SECURE', ['auto', 'always', 'never'] as const, 'auto'),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    smsProvider: choice(env, 'SMS_PROVIDER', ['dev', 'none'] as const, production ? 'none' : 'dev'),
    devSmsOutboxSize: numberFrom(env, 'DEV_SMS_OUTBOX_SIZE', 200, 1, 1_000_000),
  };
}

export function orderSettingsFromEnv(env: Env, production: boolean): OrderSettings {
  return {
    homeVisitSlotCapacity: numberFrom(env, 'HOME_VISIT_SLOT_CAPACITY', 2, 0, 1000),
    paymentProvider: choice(env, 'PAYMENT_PROVIDER', ['sandbox', 'none'] as const, production ? 'none' : 'sandbox'),
    paymentSecret: secret(env, 'PAYMENT_SECRET', production),
    paymentTtlMinutes: numberFrom(env, 'PAYMENT_TTL_MINUTES', 30, 1),
    devClockIntervalMs: production ? 0 : numberFrom(env, 'DEV_CLOCK_INTERVAL_MS', 20_000, 0),
    demoData: flag(env, 'DEMO_DATA', !production),
  };
}

export function appConfigFromEnv(env: Env = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const paymentType = (env.SYSTEM_PAYMENT_TYPE ?? 'online') as PaymentType;
  if (!PAYMENT_TYPES.includes(paymentType)) {
    throw new Error(`SYSTEM_PAYMENT_TYPE must be one of ${PAYMENT_TYPES.join(', ')}`);
  }
  return {
    onlineDiscountPercent: numberFrom(env, 'ONLINE_DISCOUNT_PERCENT', 5, 0, 100),
    systemPaymentType: paymentType,
    rateLimitMax: numberFrom(env, 'RATE_LIMIT_MAX', 600, 0),
    publicCacheBytes: numberFrom(env, 'PUBLIC_CACHE_MB', 64, 0, 4096) * 2 ** 20,
    vitalsPerIpPerMinute: numberFrom(env, 'VITALS_PER_IP_MINUTE', 30, 1),
    cookieSecret: env.COOKIE_SECRET ?? 'development-cookie-secret-change-me',
    uploadMaxBytes: numberFrom(env, 'UPLOAD_MAX_BYTES', 2 * 1024 * 1024, 1),
    production,
    auth: authSettingsFromEnv(env, production),
    orders: orderSettingsFromEnv(env, production),
    results: resultsSettingsFromEnv(env, production),
    mobileApp: mobileAppSettingsFromEnv(env),
  };
}

export function serverEnv(env: Env = process.env): ServerEnv {
  return {
    port: numberFrom(env, 'PORT', 4000, 0, 65535),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL?.trim() ? env.DATABASE_URL.trim() : null,
    pgliteDataDir: path.resolve(env.PGLITE_DATA_DIR ?? path.join(repoRoot, '.data', 'pglite')),
    logLevel: env.LOG_LEVEL ?? 'info',
    metricsPort: env.METRICS_PORT?.trim() === 'off' ? null : numberFrom(env, 'METRICS_PORT', 9464, 0, 65535),
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
  };
}
