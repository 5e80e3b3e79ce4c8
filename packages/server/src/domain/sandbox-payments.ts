/**
 * The sandbox payment provider's signatures: the provider signs each callback with HMAC-SHA256 over its
 * fields (PAYMENT_SECRET); the API recomputes it, compares in constant time, and checks that the
 * callback is fresh, names the right order and amount, and has not been seen before (nonce).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface SandboxCallback {
  readonly paymentId: string;
  readonly orderId: string;
  /** Kopecks, an integer: no floating-point amounts on the wire. */
  readonly amount: number;
  readonly status: 'success' | 'failure';
  readonly nonce: string;
  /** ISO instant the provider sent it. */
  readonly timestamp: string;
}

export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** A callback older (or newer) than this is refused. */
export const CALLBACK_MAX_AGE_MS = 5 * 60_000;

export function canonical(callback: SandboxCallback): string {
  return [
    callback.paymentId,
    callback.orderId,
    callback.amount,
    callback.status,
    callback.nonce,
    callback.timestamp,
  ].join('|');
}

export function signCallback(secret: string, callback: SandboxCallback): string {
  return createHmac('sha256', secret).update(canonical(callback)).digest('hex');
}

export function verifySignature(secret: string, callback: SandboxCallback, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signCallback(secret, callback), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const toKopecks = (amount: number): number => Math.round(amount * 100);

export function newNonce(): string {
  return randomBytes(16).toString('hex');
}
