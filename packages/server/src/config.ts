/**
 * Settings read from the environment, in one place. Everything has a development default, so
 * `tsx src/server.ts` runs with no environment at all.
 */
import path from 'node:path';
import type { PaymentType } from '@lab/api/src/contract';

/** The monorepo root (packages/server/src -> ../../..). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

export interface AppConfig {
  /** Percent off for paying online (spec section 9: compared with the promo value, the larger applies). */
  readonly onlineDiscountPercent: number;
  /** The payment type the checkout preselects (GET /api/app/order/default/configuration). */
  readonly systemPaymentType: PaymentType;
  /** Requests per minute per client address; 0 turns rate limiting off. */
  readonly rateLimitMax: number;
  /** Signs cookies (sessions come with the sign-in issue); a fixed value is fine only in development. */
  readonly cookieSecret: string;
  /** Largest accepted upload (photos), bytes. */
  readonly uploadMaxBytes: number;
}

export interface ServerEnv {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | null;
  readonly pgliteDataDir: string;
  readonly logLevel: string;
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

export function appConfigFromEnv(env: Env = process.env): AppConfig {
  const paymentType = (env.SYSTEM_PAYMENT_TYPE ?? 'online') as PaymentType;
  if (!PAYMENT_TYPES.includes(paymentType)) {
    throw new Error(`SYSTEM_PAYMENT_TYPE must be one of ${PAYMENT_TYPES.join(', ')}`);
  }
  return {
    onlineDiscountPercent: numberFrom(env, 'ONLINE_DISCOUNT_PERCENT', 5, 0, 100),
    systemPaymentType: paymentType,
    rateLimitMax: numberFrom(env, 'RATE_LIMIT_MAX', 600, 0),
    cookieSecret: env.COOKIE_SECRET ?? 'development-cookie-secret-change-me',
    uploadMaxBytes: numberFrom(env, 'UPLOAD_MAX_BYTES', 5 * 1024 * 1024, 1),
  };
}

export function serverEnv(env: Env = process.env): ServerEnv {
  return {
    port: numberFrom(env, 'PORT', 4000, 0, 65535),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL?.trim() ? env.DATABASE_URL.trim() : null,
    pgliteDataDir: path.resolve(env.PGLITE_DATA_DIR ?? path.join(repoRoot, '.data', 'pglite')),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
