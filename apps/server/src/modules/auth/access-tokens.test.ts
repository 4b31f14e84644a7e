import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-tokens';

const claims = { userId: 7, sessionVersion: 2, sessionId: randomUUID() };
const at = (iso: string) => new Date(iso);

/** A token of the app's shape with extra claims, signed with `secret` as the app signs. */
function signedWith(secret: Uint8Array, extra: Record<string, unknown>): string {
  const header = Buffer.from('{"alg":"HS256"}').toString('base64url');
  const payload = Buffer.from(
    JSON.stringify({
      typ: 'access',
      ver: 2,
      sid: claims.sessionId,
      sub: '7',
      iss: 'hep-api',
      aud: 'hep-web',
      ...extra,
    }),
  ).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

describe('remembered access tokens', () => {
  it('admits a token again until it expires, and not after', () => {
    const secret = randomBytes(32);
    const token = signAccessToken(secret, claims, at('2026-11-28T10:00:00Z'));
    expect(verifyAccessToken(secret, token, at('2026-11-28T10:00:01Z'))).toEqual(claims);
    expect(verifyAccessToken(secret, token, at('2026-11-28T10:14:59Z'))).toEqual(claims);
    expect(verifyAccessToken(secret, token, at('2026-11-28T10:15:00Z'))).toBeNull();
    expect(verifyAccessToken(secret, token, at('2026-11-28T10:15:01Z'))).toBeNull();
  });

  it('checks any other text anew, however close to an admitted one', () => {
    const secret = randomBytes(32);
    const now = at('2026-11-28T10:00:00Z');
    const token = signAccessToken(secret, claims, now);
    expect(verifyAccessToken(secret, token, now)).toEqual(claims);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(verifyAccessToken(secret, token.slice(0, -1) + last, now)).toBeNull();
    expect(verifyAccessToken(secret, `${token}=`, now)).toBeNull();
    // Under another secret (another app in the same process) the same text is not admitted.
    expect(verifyAccessToken(randomBytes(32), token, now)).toBeNull();
  });

  it('refuses a remembered token with a not-before time when the clock is earlier than it', () => {
    const secret = randomBytes(32);
    const seconds = Date.parse('2026-11-28T10:00:00Z') / 1000;
    const token = signedWith(secret, { iat: seconds, nbf: seconds, exp: seconds + 900 });
    expect(verifyAccessToken(secret, token, at('2026-11-28T10:00:00Z'))).toEqual(claims);
    expect(verifyAccessToken(secret, token, at('2026-11-28T09:59:59Z'))).toBeNull();
    expect(verifyAccessToken(secret, token, at('2026-11-28T10:00:30Z'))).toEqual(claims);
  });
});
