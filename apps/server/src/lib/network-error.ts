/** Socket errors on the way to another server (the database, the object store): it cannot be reached right now. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

export const isNetworkErrorCode = (code: unknown): boolean =>
  typeof code === 'string' && NETWORK_CODES.has(code);
