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
