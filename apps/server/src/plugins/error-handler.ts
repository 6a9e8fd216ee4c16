import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, ErrorResponse, FieldIssue } from '@kuvert/shared/errors';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, defaultMessageOf, statusOf } from './app-error.ts';
import { registerJsonBodyParser } from './json-depth.ts';

/**
 * Fastify's and its plugins' own 4xx errors (a content-type parser's FST_ERR_CTP_*, a
 * static file's 416, …), by the status they carry. Any other 4xx keeps its status and is
 * VALIDATION_FAILED: the request was not one we can serve as sent.
 */
const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
};

function toFieldIssues(error: FastifyError): FieldIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => ({
    path: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)]
      .filter(Boolean)
      .join('.'),
    message: issue.message ?? 'Invalid value',
    ...translationOf(issue.params),
  }));
}

/**
 * A custom zod issue's `params: { i18n, ...values }` (see the shared schemas), passed on so
 * the portal can show its own translated message.
 */
export function translationOf(params: unknown): Pick<FieldIssue, 'i18n' | 'values'> {
  const custom = isRecord(params) && isRecord(params.params) ? params.params : params;
  if (!isRecord(custom) || typeof custom.i18n !== 'string') return {};
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(custom)) {
    if (key !== 'i18n' && (typeof value === 'string' || typeof value === 'number')) {
      values[key] = String(value);
    }
  }
  return { i18n: custom.i18n, values };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The 4xx status an error carries (`statusCode`, or `status` as http-errors sets it). */
function clientStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status =
    'statusCode' in error ? error.statusCode : 'status' in error ? error.status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** Headers an error asks for, e.g. the `Content-Range` of a 416 from @fastify/send. */
function headersOf(error: unknown): Record<string, string> {
  if (typeof error !== 'object' || error === null || !('headers' in error)) return {};
  const { headers } = error;
  if (typeof headers !== 'object' || headers === null) return {};
  return Object.fromEntries(
    Object.entries(headers).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/**
 * Messages of our own for errors whose message would echo the request back (a router error
 * quotes the whole path, up to the last of 10,000 characters).
 */
const messageByFrameworkCode: Partial<Record<string, string>> = {
  FST_ERR_BAD_URL: 'The request URL is malformed.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the request URL is too long.',
};

function clientMessageOf(error: FastifyError, code: ErrorCode): string {
  const own = typeof error.code === 'string' ? messageByFrameworkCode[error.code] : undefined;
  if (own) return own;
  return typeof error.message === 'string' && error.message
    ? error.message
    : defaultMessageOf(code);
}

/**
 * Answers any error with `{ code, message, details? }`; 5xx never leak details. A client's
 * mistake is never a 5xx and never logged as an error: at most a debug line, without a
 * stack. Used by the error handler and, for errors before routing (a malformed URL, a path
 * parameter over the router's length limit), by Fastify's `frameworkErrors`.
 */
export function replyWithError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof AppError) {
    const body: ErrorResponse = { code: error.code, message: error.message };
    if (error.details !== undefined) body.details = error.details;
    return reply.status(error.statusCode).headers(error.headers).send(body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const body: ErrorResponse = {
      code: 'VALIDATION_FAILED',
      message: defaultMessageOf('VALIDATION_FAILED'),
      details: toFieldIssues(error),
    };
    return reply.status(400).send(body);
  }
  const status = clientStatusOf(error);
  if (status !== undefined) {
    const code = codeByStatus[status] ?? 'VALIDATION_FAILED';
    const message = clientMessageOf(error, code);
    request.log.debug({ statusCode: status, code: error.code, reason: message }, 'client error');
    const body: ErrorResponse = { code, message };
    return reply.status(status).headers(headersOf(error)).send(body);
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply
    .status(statusOf('INTERNAL'))
    .send({ code: 'INTERNAL', message: defaultMessageOf('INTERNAL') });
}

/**
 * One place maps every error (see replyWithError). Also puts the nesting limit on JSON
 * request bodies (see json-depth.ts), as this runs before any route is added.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  registerJsonBodyParser(app);
  app.setErrorHandler((error: FastifyError, request, reply) =>
    replyWithError(error, request, reply),
  );
}
