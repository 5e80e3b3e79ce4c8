/** One error type for every failed call, built from the server's `{ code, message, field? }` body. */
import { isAxiosError, isCancel } from 'axios';
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

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isCancel(error)) return new ApiError(0, 'canceled', 'Request canceled');
  if (isAxiosError(error)) {
    const response = error.response;
    // a timeout is a network failure to callers (no server answer), with its own text
    const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
    if (!response) return new ApiError(0, 'network', clientMessage(timedOut ? 'timeout' : 'network'));
    const body: unknown = response.data;
    const requestId = response.headers?.['x-request-id'];
    if (isErrorBody(body)) return new ApiError(response.status, body.code, body.message, body.field, body.requestId);
    return new ApiError(
      response.status,
      'http',
      clientMessage('http', response.status),
      undefined,
      typeof requestId === 'string' ? requestId : undefined,
    );
  }
  return new ApiError(0, 'unknown', clientMessage('unknown'));
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
