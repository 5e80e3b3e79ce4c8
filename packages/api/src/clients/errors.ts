/** One error type for every failed call, built from the server's `{ code, message, field? }` body. */
import type { ErrorBody } from '../contract/common';
import { clientMessage } from './messages';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (network failure, cancellation). */
  readonly status: number;
  /**
   * The server's error code, or 'network' (no answer: offline, refused, timed out), 'canceled', 'http'
   * (an answer without an error body), 'unknown' from the client; then the message is a localized text.
   */
  readonly code: string;
  /** The form field the error belongs to, when the server names one. */
  readonly field?: string;
  /** The server's id of the failed request (its X-Request-Id): what support finds the log lines by. */
  readonly requestId?: string;

  constructor(status: number, code: string, message: string, field?: string, requestId?: string) {
    super(message);
    this.status = status;
    this.code = code;
    if (field !== undefined) this.field = field;
    if (requestId !== undefined) this.requestId = requestId;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.code === 'string' &&
    typeof body.message === 'string' &&
    (body.field === undefined || typeof body.field === 'string') &&
    (body.requestId === undefined || typeof body.requestId === 'string')
  );
}

/**
 * The error of a call that failed: the server's answer (its error body, else a localized text with the
 * status), or no answer (offline, refused, timed out: a network failure to callers, with its own text).
 */
export function failureOf(
  failure: { status: number; data: unknown; headers: Headers } | 'network' | 'timeout',
): ApiError {
  if (failure === 'network' || failure === 'timeout') return new ApiError(0, 'network', clientMessage(failure));
  const { status, data, headers } = failure;
  if (isErrorBody(data)) return new ApiError(status, data.code, data.message, data.field, data.requestId);
  return new ApiError(
    status,
    'http',
    clientMessage('http', status),
    undefined,
    headers.get('x-request-id') ?? undefined,
  );
}

/** Any failure as an ApiError: the clients' own as they are, anything else as 'unknown'. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, 'unknown', clientMessage('unknown'));
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
