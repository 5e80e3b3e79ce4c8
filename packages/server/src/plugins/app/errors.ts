/**
 * The one error handler: every failure becomes `{ code, message, field? }` with the message in the
 * request's language. Validation -> 400 `validation-error` naming the first failing property; unknown
 * route -> 404 `not-found`; AppError -> its status and code; rate limit -> 429 `rate-limited`; anything
 * unexpected -> 500 `internal` with a generic message (the details go to the log only).
 */
import type { ErrorBody } from '@lab/api/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../db/database';
import { AppError } from '../../errors';
import { type Locale, type MessageKey, translate } from '../../i18n/messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** The code of the error this request was answered with (metrics: refusals by code). */
    errorCode: string | null;
  }
}

interface ValidationIssue {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params: Record<string, unknown>;
}

const KEYWORD_MESSAGES: Readonly<Record<string, MessageKey>> = {
  required: 'validation-required',
  type: 'validation-type',
  format: 'validation-format',
  pattern: 'validation-format',
  minimum: 'validation-range',
  maximum: 'validation-range',
  exclusiveMinimum: 'validation-range',
  exclusiveMaximum: 'validation-range',
  minLength: 'validation-range',
  maxLength: 'validation-range',
  minItems: 'validation-range',
  maxItems: 'validation-range',
  minProperties: 'validation-range',
  maxProperties: 'validation-range',
  uniqueItems: 'validation-invalid',
  enum: 'validation-enum',
  const: 'validation-enum',
  anyOf: 'validation-enum',
  oneOf: 'validation-enum',
  additionalProperties: 'validation-unknown-field',
};

/** '/firstName/uk' -> 'firstName': the form field, without the request part (body., querystring.). */
function topProperty(pointer: string): string | undefined {
  const first = pointer.split('/').filter(Boolean)[0];
  return first?.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function validationField(issue: ValidationIssue): string | undefined {
  const fromPath = topProperty(issue.instancePath);
  if (fromPath !== undefined) return fromPath;
  const { missingProperty, additionalProperty, propertyName } = issue.params;
  for (const candidate of [missingProperty, additionalProperty, propertyName]) {
    if (typeof candidate === 'string') return topProperty(`/${candidate}`) ?? candidate;
  }
  return undefined;
}

/**
 * The whole path of the failing value, `results[2].unit`: for bodies of nested rows (the laboratory's
 * results intake), where the top property alone would not say which row is wrong.
 */
export function validationPath(issue: ValidationIssue): string | undefined {
  const parts = issue.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const { missingProperty, additionalProperty } = issue.params;
  for (const candidate of [missingProperty, additionalProperty]) {
    if (typeof candidate === 'string') parts.push(candidate);
  }
  if (parts.length === 0) return undefined;
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function body(
  code: string,
  key: MessageKey,
  locale: Locale,
  field?: string,
  params?: Readonly<Record<string, string | number>>,
): ErrorBody {
  const message = translate(key, locale, params);
  return field === undefined ? { code, message } : { code, message, field };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The status and body for any thrown value. */
export function errorReply(error: unknown, locale: Locale): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: body(error.code, error.messageKey, locale, error.field, error.params),
    };
  }
  // the database is down or restarting: a retry a moment later may succeed (readiness says 503 too)
  if (isDatabaseUnavailable(error)) return { status: 503, body: body('unavailable', 'service-unavailable', locale) };
  const fields = isObject(error) ? error : {};
  const validation = fields.validation;
  if (Array.isArray(validation) && validation.length > 0) {
    const issue = validation[0] as ValidationIssue;
    const key = KEYWORD_MESSAGES[issue.keyword] ?? 'validation-invalid';
    return { status: 400, body: body('validation-error', key, locale, validationField(issue)) };
  }
  const status = typeof fields.statusCode === 'number' ? fields.statusCode : 500;
  const code = typeof fields.code === 'string' ? fields.code : '';
  if (status === 429) return { status, body: body('rate-limited', 'rate-limited', locale) };
  if (status === 413 || code === 'FST_REQ_FILE_TOO_LARGE') {
    return { status: 413, body: body('payload-too-large', 'payload-too-large', locale) };
  }
  if (status === 415) return { status, body: body('unsupported-media-type', 'unsupported-media-type', locale) };
  if (status === 404) return { status, body: body('not-found', 'not-found', locale) };
  if (status === 400 && code.includes('JSON')) return { status, body: body('bad-request', 'invalid-json', locale) };
  if (status >= 400 && status < 500) return { status, body: body('bad-request', 'bad-request', locale) };
  return { status: 500, body: body('internal', 'internal', locale) };
}

/** The body with the request's id: a visitor's screenshot of an error finds the error's log lines. */
export const withRequestId = (payload: ErrorBody, requestId: string): ErrorBody => ({ ...payload, requestId });

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('errorCode', null);
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const { status, body: reply0 } = errorReply(error, request.locale);
      // the results intake names the row: results[2].unit rather than results
      const validation = (error as { validation?: ValidationIssue[] }).validation;
      const deep = request.url.startsWith('/api/lis/') && Array.isArray(validation) && validation[0] !== undefined;
      const path = deep ? validationPath(validation[0] as ValidationIssue) : undefined;
      const payload = path !== undefined ? { ...reply0, field: path } : reply0;
      if (error instanceof AppError && error.headers) reply.headers(error.headers);
      if (status === 503 && payload.code === 'unavailable') {
        reply.header('retry-after', '5');
        request.log.warn({ err: error }, 'database unavailable');
      } else if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: payload.code, field: payload.field, statusCode: status }, 'request rejected');
      request.errorCode = payload.code;
      return reply.status(status).send(withRequestId(payload, request.id));
    });

    app.setNotFoundHandler((request, reply) => {
      request.errorCode = 'not-found';
      return reply.status(404).send(withRequestId(body('not-found', 'route-not-found', request.locale), request.id));
    });
  },
  { name: 'errors', dependencies: ['locale'] },
);
