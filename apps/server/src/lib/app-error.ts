/** The one error type: a status, a machine code and the message a person reads. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** Extra fields of the error body, e.g. the bad rows of a CSV import. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = /*i18n*/ 'Not found.') => new AppError(404, 'not_found', message);

/** The record a caller was refused (docs/product/security-and-privacy.md#audit-log). */
export interface DeniedTarget {
  /** The audit row's target_type: 'client', 'program', 'user', ... */
  entity: string;
  id: number;
  /** The user the record is about, when the check knows it. */
  subjectUserId?: number | null;
}

/**
 * A scope check's refusal: a record outside the caller's scope answers the same 404 as a missing one (never revealing
 * that it exists), but the error handler audits the attempt with outcome `denied` from `target`.
 */
export class OutOfScopeError extends AppError {
  constructor(readonly target: DeniedTarget) {
    super(404, 'not_found', /*i18n*/ 'Not found.');
  }
}

export const outOfScope = (target: DeniedTarget) => new OutOfScopeError(target);
export const forbidden = (message = /*i18n*/ "You don't have permission to perform this action.") =>
  new AppError(403, 'forbidden', message);
export const unauthenticated = (message = /*i18n*/ 'Please log in to continue.') =>
  new AppError(401, 'unauthenticated', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'validation_error', message, fields);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'conflict', message, fields);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, undefined, { 'retry-after': String(retryAfterSeconds) });
