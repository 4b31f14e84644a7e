import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { LIMITS } from '@hep/shared/limits';
import { MESSAGES } from '@hep/shared/messages';
import { AppError } from '../lib/app-error';
import { databaseUnavailable, isDatabaseUnavailable } from '../lib/database-unavailable';
import { loggableError } from '../lib/loggable-error';
import { isSpaRequest } from './static-spa';

const GENERIC: Record<number, { code: string; error: string }> = {
  400: { code: 'bad_request', error: 'The request could not be read.' },
  401: { code: 'unauthenticated', error: MESSAGES.unauthenticated },
  403: { code: 'forbidden', error: MESSAGES.forbidden },
  404: { code: 'not_found', error: MESSAGES.notFound },
  405: { code: 'method_not_allowed', error: 'This method is not allowed here.' },
  406: { code: 'not_acceptable', error: 'The request could not be read.' },
  413: { code: 'payload_too_large', error: MESSAGES.payloadTooLarge },
  415: { code: 'unsupported_media_type', error: 'This content type is not supported.' },
  429: { code: 'rate_limited', error: MESSAGES.rateLimited },
};

const TOO_MANY_PARTS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * "File size must be less than 50MB" is only true of uploads; a JSON body over a small route limit, or a form with
 * too many fields or files, says so plainly.
 */
function tooLargeMessage(error: FastifyError, bodyLimit: number | undefined): string {
  if (TOO_MANY_PARTS.has(error.code)) return 'This form has too many fields or files to send at once.';
  const smallBody = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && (bodyLimit ?? 0) < LIMITS.mediaMaxBytes;
  return smallBody ? 'The request is too large.' : MESSAGES.payloadTooLarge;
}

function fieldName(instancePath: string | undefined, fallback: string): string {
  const parts = (instancePath ?? '').split('/').filter(Boolean);
  return parts.length ? parts.join('.') : fallback;
}

/**
 * One error format everywhere (docs/product/api-conventions.md#error-format); anything unexpected is masked as a 500.
 */
export function registerErrorHandler(app: FastifyInstance, options: { spa: boolean }): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
      // Expected while PostgreSQL restarts or fails over: the pool reconnects by itself; no stack needed.
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      error = databaseUnavailable({ correlation_id: request.id });
    }
    if (error instanceof AppError) {
      // An outage the request was answered 503 for (the object store down, say): what failed, without a stack.
      if (error.statusCode >= 500 && error.cause) {
        request.log.warn({ err: loggableError(error.cause) }, error.code);
      }
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        ...error.details,
        error: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, 'body');
        fields[name] ??= issue.message ?? 'Invalid value.';
      }
      const first = Object.entries(fields)[0];
      return reply.status(400).send({
        error: first ? first[1] : 'Invalid data provided.',
        code: 'validation_error',
        fields,
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500 && GENERIC[status]) {
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      const generic = GENERIC[status];
      let message = generic.error;
      if (status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') message = 'Malformed JSON body.';
      if (status === 413) message = tooLargeMessage(error as FastifyError, request.routeOptions.bodyLimit);
      return reply
        .status(status)
        .send({ error: status === 429 ? error.message || message : message, code: generic.code });
    }
    request.log.error({ err: loggableError(error) }, 'unexpected error');
    return reply.status(500).send({
      error: `${MESSAGES.unexpectedError} (reference ${request.id})`,
      code: 'internal_error',
      correlation_id: request.id,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.spa && isSpaRequest(request.method, request.url, request.headers.accept)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: MESSAGES.notFound, code: 'not_found' });
  });
}
