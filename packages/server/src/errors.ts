/**
 * Failures a handler or repository throws on purpose. The error handler (plugins/app/errors.ts)
 * turns each into `{ code, message, field? }` with the message in the request's language.
 */
import type { MessageKey } from './i18n/messages';

export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly statusCode: number,
    /** Stable machine-readable code for the clients ('not-found', 'wrong-promo', ...). */
    readonly code: string,
    readonly messageKey: MessageKey,
    /** The request property at fault, for forms ('phone', 'settlementId'). */
    readonly field?: string,
    /** Values of the message's `{name}` placeholders. */
    readonly params?: Readonly<Record<string, string | number>>,
    /** Response headers to send with the error (Retry-After). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(`${code} (${messageKey})`);
  }
}

/** 404 `not-found` with an entity-specific message. */
export const notFound = (messageKey: MessageKey = 'not-found'): AppError => new AppError(404, 'not-found', messageKey);

/** 400 `validation-error` for checks the schema cannot express (values of a comma-separated list). */
export const invalidField = (field: string, messageKey: MessageKey = 'validation-invalid'): AppError =>
  new AppError(400, 'validation-error', messageKey, field);
