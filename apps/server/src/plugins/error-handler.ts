import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorCode, ErrorResponse, FieldIssue } from '@kuvert/shared/errors';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, defaultMessageOf, statusOf } from './app-error.ts';

/** Fastify's own 4xx errors, by the status it gives them. */
const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'VALIDATION_FAILED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function toFieldIssues(error: FastifyError): FieldIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => ({
    path: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)]
      .filter(Boolean)
      .join('.'),
    message: issue.message ?? 'Invalid value',
  }));
}

/** One place maps every error to `{ code, message, details? }`; 5xx never leak details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    const code = codeByStatus[status];
    if (status < 500 && code) {
      return reply.status(status).send({ code, message: error.message || defaultMessageOf(code) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(statusOf('INTERNAL'))
      .send({ code: 'INTERNAL', message: defaultMessageOf('INTERNAL') });
  });
}
