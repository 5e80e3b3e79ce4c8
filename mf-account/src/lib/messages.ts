import { isApiError } from '@lab/api';
import type { TFunction } from '@lab/i18n';

/** Codes the client gives a failure with no server body; their messages are not for people. */
const CLIENT_CODES = new Set(['network', 'canceled', 'http', 'unknown']);

/** The text for a failed call: the server's own (localized) message, or ours when none came. */
export function messageOf(failure: unknown, t: TFunction<'account'>): string {
  if (isApiError(failure) && !CLIENT_CODES.has(failure.code) && failure.message) return failure.message;
  if (isApiError(failure) && failure.code === 'network') return t('errors.network');
  if (isApiError(failure) && failure.status > 0) return t('errors.status', { status: failure.status });
  return t('errors.unknown');
}

/**
 * The description of a failed read that shows only the HTTP status (docs/product.md#errors); with no answer
 * at all (offline, a timeout) there is no status to show, so it says the connection failed instead.
 */
export function statusOf(failure: { status: number } | undefined, t: TFunction<'account'>): string {
  return failure && failure.status > 0 ? t('errors.status', { status: failure.status }) : t('errors.network');
}
