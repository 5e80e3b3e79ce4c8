// The API's errors: `{ code, message, field? }`, English messages, stable codes (docs/releases.md).

export type ApiError = { code: string; message: string; field?: string };

/** An error body. */
export function apiError(code: string, message: string, field?: string): ApiError {
  return field ? { code, message, field } : { code, message };
}

/** The error body's schema, referenced by every route's answers as `DeployError#`. */
export const errorSchema = {
  $id: 'DeployError',
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'stable: token-missing, app-out-of-scope, gate-refused, …' },
    message: { type: 'string' },
    field: { type: 'string' },
    app: { type: 'string' },
    scope: { type: 'array', items: { type: 'string' } },
    misfits: { type: 'array', items: { type: 'string' } },
    files: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;

/** The answers every route may give besides its own. */
export const refusals = {
  400: { $ref: 'DeployError#' },
  401: { $ref: 'DeployError#' },
  403: { $ref: 'DeployError#' },
  429: { $ref: 'DeployError#' },
} as const;
