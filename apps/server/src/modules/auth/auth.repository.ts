import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { termsAcceptances } from '../../db/schema/audit';
import { loginFailures, oneTimeTokens, refreshTokens } from '../../db/schema/tokens';
import { users } from '../../db/schema/users';

export async function insertRefreshToken(
  db: Db,
  values: { userId: number; tokenHash: string; familyId: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks a token rotated; returns false when another request rotated it first. */
export async function markRefreshTokenReplaced(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ replacedAt: at })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.replacedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeRefreshFamily(db: Db, familyId: string) {
  await db.update(refreshTokens).set({ revoked: true }).where(eq(refreshTokens.familyId, familyId));
}

export async function revokeAllRefreshTokens(db: Db, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revoked: true })
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.revoked, false)));
}

/** Housekeeping at each login: the user's expired refresh tokens are of no use to anyone. */
export async function deleteExpiredRefreshTokens(db: Db, userId: number, now: Date) {
  await db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), lt(refreshTokens.expiresAt, now)));
}

export async function insertOneTimeToken(
  db: Db,
  values: { userId: number; purpose: 'reset' | 'activate'; tokenHash: string; expiresAt: Date },
) {
  await db.insert(oneTimeTokens).values(values);
}

/** A usable one-time token for this user: right hash, not used, not expired. */
export async function findUsableOneTimeToken(db: Db, userId: number, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.tokenHash, tokenHash),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Uses the token and sets the password in one transaction; false when the token was used meanwhile. */
export async function consumeTokenAndSetPassword(
  db: Db,
  tokenId: number,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(eq(oneTimeTokens.id, tokenId), isNull(oneTimeTokens.usedAt)))
      .returning({ id: oneTimeTokens.id });
    if (used.length !== 1) return false;
    // Any other outstanding link for this user dies with this one.
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
    await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
      .where(eq(users.id, userId));
    await tx.update(refreshTokens).set({ revoked: true }).where(eq(refreshTokens.userId, userId));
    return true;
  });
}

/** Records a failure and drops this address's failures that have left the window, so the table stays small. */
export async function recordLoginFailure(db: Db, email: string, at: Date, windowStart: Date) {
  const normalized = email.toLowerCase();
  await db.insert(loginFailures).values({ email: normalized, at });
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, normalized), lt(loginFailures.at, windowStart)));
}

export async function countRecentLoginFailures(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email.toLowerCase()), gt(loginFailures.at, since)));
  return row?.n ?? 0;
}

export async function oldestRecentLoginFailure(db: Db, email: string, since: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`min(${loginFailures.at})` })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email.toLowerCase()), gt(loginFailures.at, since)));
  return row?.at ? new Date(row.at) : null;
}

export async function clearLoginFailures(db: Db, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
}

export async function recordTermsAcceptance(
  db: Db,
  userId: number,
  terms: { privacy: boolean; waiver: boolean; terms: boolean },
) {
  await db.transaction(async (tx) => {
    await tx.insert(termsAcceptances).values({ userId, ...terms });
    await tx.update(users).set({ agreedToTerms: true }).where(eq(users.id, userId));
  });
}
