import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TLanguage } from '@hep/shared/languages';
import { LIMITS } from '@hep/shared/limits';
import type { Db } from '../db/client';
import { AppError, OutOfScopeError } from '../lib/app-error';
import { databaseUnavailable, isDatabaseUnavailable } from '../lib/database-unavailable';
import { requestLanguage, textIn } from '../lib/i18n';
import { loggableError } from '../lib/loggable-error';
import { requestMeta } from '../lib/request-meta';
import { auditDeniedAttempt } from '../modules/audit/audit.service';
import { isSpaRequest } from './static-spa';

const GENERIC: Record<number, { code: string; error: string }> = {
  400: { code: 'bad_request', error: /*i18n*/ 'The request could not be read.' },
  401: { code: 'unauthenticated', error: ERROR_TEXTS.unauthenticated },
  403: { code: 'forbidden', error: ERROR_TEXTS.forbidden },
  404: { code: 'not_found', error: ERROR_TEXTS.notFound },
  405: { code: 'method_not_allowed', error: /*i18n*/ 'This method is not allowed here.' },
  406: { code: 'not_acceptable', error: /*i18n*/ 'The request could not be read.' },
  413: { code: 'payload_too_large', error: VALIDATION_TEXTS.payloadTooLarge },
  415: { code: 'unsupported_media_type', error: /*i18n*/ 'This content type is not supported.' },
  429: { code: 'rate_limited', error: ERROR_TEXTS.rateLimited },
};

/** The 500's text, naming the request so that support can find it in the logs. */
const UNEXPECTED_ERROR =
  /*i18n*/ 'Something went wrong on our side. Please try again. (reference {reference})';

const TOO_MANY_PARTS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * "File size must be less than 50MB" is only true of uploads; a JSON body over a small route limit, or a form with
 * too many fields or files, says so plainly.
 */
function tooLargeMessage(error: FastifyError, bodyLimit: number | undefined): string {
  if (TOO_MANY_PARTS.has(error.code))
    return /*i18n*/ 'This form has too many fields or files to send at once.';
  const smallBody = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && (bodyLimit ?? 0) < LIMITS.mediaMaxBytes;
  return smallBody ? /*i18n*/ 'The request is too large.' : VALIDATION_TEXTS.payloadTooLarge;
}

function fieldName(instancePath: string | undefined, fallback: string): string {
  const parts = (instancePath ?? '').split('/').filter(Boolean);
  return parts.length ? parts.join('.') : fallback;
}

/** Every value of a `fields` map in `language`; the keys stay. */
const fieldsIn = (language: TLanguage, fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([key, text]) => [key, textIn(language, text)]));

/**
 * One error format everywhere (docs/product/api-conventions.md#error-format); anything unexpected is masked as a 500.
 * `error` and the `fields` messages read in the request's language (the caller's, else Accept-Language); `code` and
 * the `fields` keys never change (docs/product/languages.md).
 */
export function registerErrorHandler(app: FastifyInstance, options: { spa: boolean; db: Db }): void {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof OutOfScopeError) {
      // A scope check's 404: answered like any other, and audited as a denied attempt (one row, here for every route).
      try {
        await auditDeniedAttempt(options.db, request.caller ?? null, error.target, {
          method: request.method,
          route: request.routeOptions.url ?? null,
          meta: requestMeta(request),
        });
      } catch (auditError) {
        request.log.error({ err: loggableError(auditError) }, 'denied attempt not audited');
      }
    }
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
        error: textIn(language, error.message),
        code: error.code,
        ...(error.fields ? { fields: fieldsIn(language, error.fields) } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, 'body');
        fields[name] ??= issue.message ?? /*i18n*/ 'Invalid value.';
      }
      const first = Object.entries(fields)[0];
      return reply.status(400).send({
        error: textIn(language, first ? first[1] : /*i18n*/ 'Invalid data provided.'),
        code: 'validation_error',
        fields: fieldsIn(language, fields),
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500 && GENERIC[status]) {
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      const generic = GENERIC[status];
      let message = generic.error;
      if (status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
        message = /*i18n*/ 'Malformed JSON body.';
      if (status === 413) message = tooLargeMessage(error as FastifyError, request.routeOptions.bodyLimit);
      return reply.status(status).send({
        error: textIn(language, status === 429 ? error.message || message : message),
        code: generic.code,
      });
    }
    request.log.error({ err: loggableError(error) }, 'unexpected error');
    return reply.status(500).send({
      error: textIn(language, UNEXPECTED_ERROR, { reference: request.id }),
      code: 'internal_error',
      correlation_id: request.id,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.spa && isSpaRequest(request.method, request.url, request.headers.accept)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: textIn(requestLanguage(request), ERROR_TEXTS.notFound), code: 'not_found' });
  });
}
