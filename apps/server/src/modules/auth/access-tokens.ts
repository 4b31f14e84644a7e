import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@hep/shared/limits';

// Access tokens are JWTs (RFC 7519) signed with HS256 under the app's secret key. They are made and checked here
// with Node's own HMAC, synchronously: checking one through WebCrypto (as a JWT library does) was 5 to 8% of an
// authenticated read's CPU (docs/decisions/013-caller-cache.md#decision). A token that passed is remembered until it
// expires, so a client's next requests with it skip even that HMAC (7% of a cheap read's CPU).

const ISSUER = 'hep-api';
const AUDIENCE = 'hep-web';
/** The one header we write; a token with any other header (another alg, `crit`, `b64`) is refused. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

interface AccessClaims {
  userId: number;
  sessionVersion: number;
  /** The session (refresh-token family) the token was issued to: logout ends its access tokens at once. */
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const keys = new WeakMap<Uint8Array, KeyObject>();

/** The secret as a KeyObject, made once per secret: given raw bytes, each HMAC would make one again. */
function signatureOf(secret: Uint8Array, signed: string): Buffer {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(secret)));
  return createHmac('sha256', key).update(signed).digest();
}

export function signAccessToken(secret: Uint8Array, claims: AccessClaims, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const payload = Buffer.from(
    JSON.stringify({
      typ: 'access',
      ver: claims.sessionVersion,
      sid: claims.sessionId,
      sub: String(claims.userId),
      iss: ISSUER,
      aud: AUDIENCE,
      iat,
      exp: iat + LIMITS.accessTokenTtlSeconds,
    }),
  ).toString('base64url');
  const signed = `${HEADER}.${payload}`;
  return `${signed}.${signatureOf(secret, signed).toString('base64url')}`;
}

/**
 * Pinned header (HS256 and nothing else), issuer, audience and token type; `exp`, `iat` and `sub` required, and the
 * token not expired at `now` (nor before its `nbf`). Returns null for anything else.
 */
export function verifyAccessToken(secret: Uint8Array, token: string, now: Date): AccessClaims | null {
  const seconds = Math.floor(now.getTime() / 1000);
  let verified = verifiedTokens.get(secret);
  if (!verified) verifiedTokens.set(secret, (verified = new Map()));
  const known = verified.get(token);
  if (known) {
    if (known.exp > seconds && known.nbf <= seconds) return known.claims;
    if (known.exp <= seconds) verified.delete(token);
    return null;
  }
  const checked = checkAccessToken(secret, token, seconds);
  if (checked) {
    // The oldest remembered token makes room (a Map keeps its insertion order); it is checked again if it returns.
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, checked);
  }
  return checked?.claims ?? null;
}

/**
 * Tokens that passed every check, by their exact text (the signature is part of it: another text is checked anew),
 * with their expiry; per secret. Bounded: about 3 MB at most.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, Checked>>();
const VERIFIED_TOKENS_KEPT = 10_000;

/** A token's claims and the seconds it is valid from (`nbf`, if any) and until (`exp`). */
interface Checked {
  claims: AccessClaims;
  nbf: number;
  exp: number;
}

function checkAccessToken(secret: Uint8Array, token: string, seconds: number): Checked | null {
  const dot = token.lastIndexOf('.');
  const signed = token.slice(0, dot);
  const [header, body, extra] = signed.split('.');
  if (dot < 0 || header !== HEADER || body === undefined || extra !== undefined) return null;
  // Compared as text, so that no other spelling of the same bytes passes.
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signatureOf(secret, signed).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const { exp, iat, nbf, sub, typ, ver, sid, iss, aud } = payload;
  if (typeof exp !== 'number' || exp <= seconds || typeof iat !== 'number') return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > seconds)) return null;
  if (iss !== ISSUER || !(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) return null;
  const userId = typeof sub === 'string' ? Number(sub) : NaN;
  if (typ !== 'access' || !Number.isInteger(userId) || typeof ver !== 'number') return null;
  if (typeof sid !== 'string' || !UUID.test(sid)) return null;
  return {
    claims: { userId, sessionVersion: ver, sessionId: sid },
    nbf: (nbf as number | undefined) ?? -Infinity,
    exp,
  };
}
