/**
 * The secrets of sign-in: SMS codes (4 digits from the CSPRNG), their HMACs bound to the request id,
 * random tokens (sessions, registration login tokens) and their hashes, phone hashes for logs and
 * counters. Nothing here stores or logs a secret.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_LENGTH = 4;

/** A 4-digit SMS code, uniformly from 0000..9999. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** HMAC-SHA256 (hex) of the parts joined by ':'. */
export function hmac(secret: string, ...parts: readonly string[]): string {
  return createHmac('sha256', secret).update(parts.join(':')).digest('hex');
}

/** The stored form of a code: bound to its request, so a hash is useless for any other request. */
export function codeHash(secret: string, requestId: string, code: string): string {
  return hmac(secret, 'sms-code', requestId, code);
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** A random token of `bytes` bytes (default 32 = 256 bits), base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** How a token is stored: SHA-256, hex (the token has 256 bits of entropy: no key stretching needed). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A registration login token's stored form, bound to its registration. */
export function loginTokenHash(secret: string, registrationId: string, token: string): string {
  return hmac(secret, 'login-token', registrationId, token);
}

/** A phone as logs and counters know it: keyed hash, 32 hex characters. */
export function phoneHash(secret: string, phone: string): string {
  return hmac(secret, 'phone', phone).slice(0, 32);
}
