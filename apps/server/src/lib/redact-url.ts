// What of a URL or a piece of text may reach a log (docs/product/security-and-privacy.md#logs: no email address, name
// or health data, no token). Redaction is by default: a query value is kept only when its key is known to carry an
// id, a date or a number, so a new query parameter (`?search=` a name, `?email=`) stays out of the logs without
// anyone remembering.

/** Query keys whose values are ids, dates, months, instants or numbers: safe to log, and useful when debugging. */
const SAFE_QUERY_KEYS = new Set([
  'id',
  'client',
  'program',
  'exercise',
  'date',
  'date_completed',
  'start_date',
  'end_date',
  'month',
  'datetime',
  'page',
  'limit',
  'offset',
  // Signed media URLs: the expiry and the viewer's id (the signature `sig` is a capability, so it is not here).
  'exp',
  'u',
]);

const REDACTED = '[redacted]';
/** A query key as the app writes them; anything else (an address, a name used as a key) is not repeated. */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,40}$/;
/** An email address, plain or percent-encoded (`%40`), anywhere in a text. */
const EMAIL = /[^\s/?#&=@<>"'(),;:[\]]+(?:@|%40)[^\s/?#&=@<>"'(),;:[\]]+/gi;

function decodedKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      if (pair === '') return pair;
      const eq = pair.indexOf('=');
      const rawKey = eq === -1 ? pair : pair.slice(0, eq);
      const key = decodedKey(rawKey);
      if (!PLAIN_KEY.test(key)) return REDACTED;
      if (eq === -1 || SAFE_QUERY_KEYS.has(key)) return pair;
      return `${rawKey}=${REDACTED}`;
    })
    .join('&');
}

/**
 * A URL as it may be logged: password and email links carry a one-time token in the path (/reset-password/{uid}/{token},
 * /confirm-email/{uid}/{token}), a
 * path segment may hold an email address, query values may hold anything (a name searched for, an email checked,
 * a token, a media signature, a push endpoint, which is itself a capability) and a fragment is the browser's own.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = (queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt))
    .replace(/(\/(?:reset-password|confirm-email)\/)[^/?#\s]+\/[^/?#\s]+/g, `$1${REDACTED}`)
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? REDACTED : segment))
    .join('/');
  const query = queryAt === -1 ? '' : `?${redactQuery(beforeHash.slice(queryAt + 1))}`;
  return `${path}${query}${hashAt === -1 ? '' : `#${REDACTED}`}`;
}

/** A free text as it may be logged: email addresses out, and every URL in it as `redactUrl` writes it. */
export function redactText(text: string): string;
export function redactText(text: string | undefined): string | undefined;
export function redactText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  return text
    .replace(/\S+/g, (token) =>
      token.includes('?') || token.includes('#') || /\/(?:reset-password|confirm-email)\//.test(token)
        ? redactUrl(token)!
        : token,
    )
    .replace(EMAIL, REDACTED);
}
