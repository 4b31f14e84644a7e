import { SignJWT, jwtVerify } from 'jose';
import { LIMITS } from '@hep/shared/limits';

const ISSUER = 'hep-api';
const AUDIENCE = 'hep-web';
const ALG = 'HS256';

interface AccessClaims {
  userId: number;
  sessionVersion: number;
}

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: 'access', ver: claims.sessionVersion })
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
    });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(userId) || typeof payload.ver !== 'number') return null;
    return { userId, sessionVersion: payload.ver };
  } catch {
    return null;
  }
}
