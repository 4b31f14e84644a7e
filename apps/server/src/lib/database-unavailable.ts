import { AppError } from './app-error';
import { isNetworkErrorCode } from './network-error';

/** SQLSTATEs of a server that is gone, restarting or refusing connections (class 08, admin/crash shutdown, ...). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres says these in words only. */
const LOST_CONNECTION =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed/i;

/** True when the error (or what it wraps) means the database cannot be reached right now, not that the query is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_STATES.has(code))) return true;
    if (isNetworkErrorCode(code)) return true;
    // A failed query's own message quotes its values: only the driver's errors are read in words.
    if (e instanceof Error && !('query' in e) && LOST_CONNECTION.test(e.message)) return true;
  }
  return false;
}

/** Seconds a client is told to wait before trying again: a restart or failover usually takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = (details?: Record<string, unknown>) =>
  new AppError(
    503,
    'database_unavailable',
    /*i18n*/ 'The service is briefly unavailable. Please try again in a moment.',
    undefined,
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    details,
  );
