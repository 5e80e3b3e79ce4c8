/**
 * Opening a results link with its code, for the recipient's three reads (the results, the PDF, the
 * doctor's view). Codes are 6 digits from the CSPRNG, stored as an HMAC bound to the link's row. Wrong
 * codes are limited like the sign-in code (auth/sign-in.ts): `maxCodeAttempts` per link and
 * `checksPerIpPerHour` per client address in an hour, counted in the database so the limits hold across
 * instances; past either, 429 with Retry-After, even for the right code. Every try is audited.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { clientOf } from '../plugins/app/auth';
import type { AuditEvent } from '../repositories/audit';
import type { OpenShare } from '../repositories/shares';
import { hmac, sameDigest, tokenHash } from './crypto';

export const SHARE_CODE_LENGTH = 6;

/** A 6-digit access code, uniformly from 000000..999999. */
export function generateShareCode(): string {
  return String(randomInt(0, 10 ** SHARE_CODE_LENGTH)).padStart(SHARE_CODE_LENGTH, '0');
}

/** The stored form of a link's code: bound to its row, so a hash is useless for any other link. */
export function shareCodeHash(secret: string, shareId: number, code: string): string {
  return hmac(secret, 'share-code', String(shareId), code);
}

/**
 * Why a link no longer opens, as the recipient is told: by the link itself, and in the doctor's view of
 * an order the doctor took through it (routes/private/results/registries.ts).
 */
export function closedShareError(status: Exclude<OpenShare['status'], 'active'>): AppError {
  if (status === 'revoked') return new AppError(410, 'share-revoked', 'share-revoked');
  if (status === 'expired') return new AppError(410, 'share-expired', 'share-expired');
  return new AppError(403, 'sharing-unavailable', 'sharing-unavailable');
}

const attemptsExceeded = () =>
  new AppError(429, 'share-attempts-exceeded', 'share-attempts-exceeded', 'code', undefined, { 'retry-after': '3600' });

/** The link behind `token` once `code` is right; refusals (and the opening) are written to the audit log. */
export async function openShare(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  code: string,
  event: Extract<AuditEvent, `shared-results-${string}`>,
  userId: number | null = null,
): Promise<OpenShare> {
  const { auth, shares, audit } = app.repos;
  const limits = app.config.auth;
  const client = clientOf(request);
  const share = await shares.byToken(tokenHash(token));
  const record = (outcome: 'success' | 'failure', reason: string | null) =>
    audit.record({
      event,
      outcome,
      userId,
      subjectId: share ? `share:${share.id}/registry:${share.registryId}` : null,
      reason,
      ip: client.ip,
      userAgent: client.userAgent,
    });
  const refuse = async (error: AppError): Promise<never> => {
    await record('failure', error.code);
    throw error;
  };

  if (!share) return refuse(new AppError(404, 'not-found', 'share-not-found'));
  const failKey = `share-code:${share.id}`;
  const ipKey = `share-code:ip:${client.ip}`;
  if (
    (await auth.counted(failKey)) >= limits.maxCodeAttempts ||
    (await auth.counted(ipKey)) >= limits.limits.checksPerIpPerHour
  ) {
    return refuse(attemptsExceeded());
  }
  if (share.status !== 'active') return refuse(closedShareError(share.status));
  if (!sameDigest(shareCodeHash(limits.secret, share.id, code), share.codeHash)) {
    const withinShare = await auth.hit(failKey, limits.maxCodeAttempts);
    const withinIp = await auth.hit(ipKey, limits.limits.checksPerIpPerHour);
    return refuse(
      withinShare && withinIp
        ? new AppError(400, 'share-code-invalid', 'share-code-invalid', 'code')
        : attemptsExceeded(),
    );
  }
  await shares.opened(share.id);
  await record('success', null);
  return share;
}
