import type { IncomingHttpHeaders } from 'node:http';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { badRequest } from './app-error';

/** 1 to 200 printable ASCII characters (space to tilde): what a UUID, a ULID or any sensible key is made of. */
const WELL_FORMED = /^[\x20-\x7e]{1,200}$/;

/**
 * The request's `Idempotency-Key` (docs/product/session.md#idempotency-key): undefined when the header is absent, so
 * the request is served as usual; a malformed one answers 400 before the body is read.
 */
export function idempotencyKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const sent = headers['idempotency-key'];
  if (sent === undefined) return undefined;
  if (typeof sent !== 'string' || !WELL_FORMED.test(sent))
    throw badRequest(ERROR_TEXTS.idempotencyKeyInvalid);
  return sent;
}
