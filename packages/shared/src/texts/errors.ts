/**
 * The API's general errors.
 * The English wording is each text's catalog id (docs/product/languages.md): the server and the web app show
 * them through the catalog of the reader's language.
 */
export const ERROR_TEXTS = {
  notFound: /*i18n*/ 'Not found.',
  forbidden: /*i18n*/ "You don't have permission to perform this action.",
  unauthenticated: /*i18n*/ 'Please log in to continue.',
  rateLimited: /*i18n*/ 'Too many requests. Please try again later.',
  unexpectedError: /*i18n*/ 'Something went wrong on our side. Please try again.',
  tooManyAttempts: /*i18n*/ 'Too many attempts. Please try again later.',
  foreignOrigin: /*i18n*/ 'This request came from another website and was refused.',
  idempotencyKeyInvalid: /*i18n*/ 'The Idempotency-Key header must be 1 to 200 printable ASCII characters.',
  idempotencyKeyReused: /*i18n*/ 'This request was already sent with different details.',
} as const;
