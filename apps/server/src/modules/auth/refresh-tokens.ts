import { randomUUID } from 'node:crypto';
import { LIMITS } from '@hep/shared/limits';
import type { Db } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import {
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenReplaced,
  revokeRefreshFamily,
} from './auth.repository';

/** Refreshes racing each other (two tabs, a retried request) within this window are not reuse. */
const CONCURRENT_GRACE_MS = 30_000;

/** A refresh token of the session `familyId` (a new session by default); access tokens carry the family as `sid`. */
export async function issueRefreshToken(db: Db, userId: number, now: Date, familyId: string = randomUUID()) {
  const token = randomToken(32);
  await insertRefreshToken(db, {
    userId,
    tokenHash: sha256(token),
    familyId,
    expiresAt: new Date(now.getTime() + LIMITS.refreshTokenTtlSeconds * 1000),
  });
  return { token, familyId };
}

type RotateResult =
  { ok: true; userId: number; token: string; familyId: string } | { ok: false; reason: 'invalid' | 'reuse' };

/** Rotation with reuse detection: a rotated token presented again after the grace window revokes its family. */
export async function rotateRefreshToken(db: Db, presented: string, now: Date): Promise<RotateResult> {
  const row = await findRefreshToken(db, sha256(presented));
  if (!row || row.revoked || row.expiresAt <= now) return { ok: false, reason: 'invalid' };
  const rotatedFirst = row.replacedAt === null && (await markRefreshTokenReplaced(db, row.id, now));
  if (!rotatedFirst) {
    const replacedAt = row.replacedAt ?? now;
    if (now.getTime() - replacedAt.getTime() > CONCURRENT_GRACE_MS) {
      await revokeRefreshFamily(db, row.familyId);
      return { ok: false, reason: 'reuse' };
    }
  }
  const { token } = await issueRefreshToken(db, row.userId, now, row.familyId);
  return { ok: true, userId: row.userId, token, familyId: row.familyId };
}

/** The session a refresh token belongs to (any state), for a logout that only has the cookie. */
export async function sessionOfRefreshToken(db: Db, presented: string) {
  const row = await findRefreshToken(db, sha256(presented));
  return row ? { userId: row.userId, familyId: row.familyId } : null;
}
