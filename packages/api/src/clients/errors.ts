/** One error type for every failed call, built from the server's `{ code, message, field? }` body. */
import { isAxiosError, isCancel } from 'axios';
import type { ErrorBody } from '../contract/common';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (network failure, cancellation). */
  readonly status: number;
  /** The server's error code, or 'network', 'canceled', 'http', 'unknown' from the client. */
  readonly code: string;
  /** The form field the error belongs to, when the server names one. */
  readonly field?: string;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    if (field !== undefined) this.field = field;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.code === 'string' &&
    typeof body.message === 'string' &&
    (body.field === undefined || typeof body.field === 'string')
  );
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isCancel(error)) return new ApiError(0, 'canceled', 'Request canceled');
  if (isAxiosError(error)) {
    const response = error.response;
    if (!response) return new ApiError(0, 'network', error.message || 'Network error');
    const body: unknown = response.data;
    if (isErrorBody(body)) return new ApiError(response.status, body.code, body.message, body.field);
    return new ApiError(response.status, 'http', response.statusText || `HTTP ${response.status}`);
  }
  return new ApiError(0, 'unknown', error instanceof Error ? error.message : String(error));
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
