import { SignJWT, jwtVerify } from 'jose';
import { LIMITS } from '@hep/shared/limits';

const ISSUER = 'hep-api';
const AUDIENCE = 'hep-web';
const ALG = 'HS256';

interface AccessClaims {
  userId: number;
  sessionVersion: number;
  /** The session (refresh-token family) the token was issued to: logout ends its access tokens at once. */
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: 'access', ver: claims.sessionVersion, sid: claims.sessionId })
    .setProtectedHeader({ alg: ALG })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + LIMITS.accessTokenTtlSeconds)
    .sign(key);
}

/** Pinned algorithm, issuer, audience and token type; returns null for anything not valid now. */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALG],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      // A token without an expiry would be good forever: refuse it, not only expired ones.
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(userId) || typeof payload.ver !== 'number') return null;
    if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
    return { userId, sessionVersion: payload.ver, sessionId: payload.sid };
  } catch {
    return null;
  }
}
