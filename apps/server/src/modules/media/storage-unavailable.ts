import { AppError } from '../../lib/app-error';

/** Seconds a client is told to wait when the object store cannot be reached. */
const STORAGE_RETRY_AFTER_SECONDS = 5;

/** The object store is down or failing: the request stored nothing and may be sent again. */
export const storageUnavailable = (cause: unknown) => {
  const error = new AppError(
    503,
    'storage_unavailable',
    /*i18n*/ 'Media storage is briefly unavailable. Please try again in a moment.',
    undefined,
    { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) },
  );
  error.cause = cause;
  return error;
};
