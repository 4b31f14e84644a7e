import { and, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoTimestampSql, preparedStatement } from '../../lib/prepared-sql';
import { termsAcceptances } from '../../db/schema/terms-acceptances';
import { loginFailures } from '../../db/schema/login-failures';
import { oneTimeTokens } from '../../db/schema/one-time-tokens';
import { refreshTokens } from '../../db/schema/refresh-tokens';
import { users } from '../../db/schema/users';

// A refresh's three statements, prepared once: built, parsed and planned once per pooled connection, as the
// token refresh is every signed-in screen's first call after 15 minutes.
const text = (name: string) => sql`${sql.placeholder(name)}::text`;
const instant = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;

const insertTokenStatement = preparedStatement('refresh_token_insert', () => {
  return sql`insert into refresh_tokens (user_id, token_hash, family_id, expires_at)
    values (${sql.placeholder('user_id')}::integer, ${text('token_hash')}, ${sql.placeholder('family_id')}::uuid,
      ${instant('expires_at')})`;
});

export async function insertRefreshToken(
  db: Db,
  values: { userId: number; tokenHash: string; familyId: string; expiresAt: Date },
) {
  await insertTokenStatement(db, {
    user_id: values.userId,
    token_hash: values.tokenHash,
    family_id: values.familyId,
    expires_at: values.expiresAt.toISOString(),
  });
}

interface RefreshTokenRow {
  id: number;
  user_id: number;
  family_id: string;
  expires_at: string;
  revoked: boolean;
  replaced_at: string | null;
}

const findTokenStatement = preparedStatement<RefreshTokenRow>(
  'refresh_token_find',
  () => sql`select id, user_id, family_id, ${isoTimestampSql(sql`expires_at`)} as expires_at, revoked,
      ${isoTimestampSql(sql`replaced_at`)} as replaced_at
    from refresh_tokens where token_hash = ${text('token_hash')}`,
);

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await findTokenStatement(db, { token_hash: tokenHash });
  return row
    ? {
        id: row.id,
        userId: row.user_id,
        familyId: row.family_id,
        expiresAt: new Date(row.expires_at),
        revoked: row.revoked,
        replacedAt: row.replaced_at === null ? null : new Date(row.replaced_at),
      }
    : null;
}

const markReplacedStatement = preparedStatement<{ id: number }>(
  'refresh_token_replaced',
  () => sql`update refresh_tokens set replaced_at = ${instant('at')}
    where id = ${sql.placeholder('id')}::integer and replaced_at is null returning id`,
);

/** Marks a token rotated; returns false when another request rotated it first. */
export async function markRefreshTokenReplaced(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await markReplacedStatement(db, { id, at: at.toISOString() });
  return rows.length === 1;
}

/** Ends one session (a login's chain of refresh tokens); with `userId`, only when it is that user's. */
export async function revokeRefreshFamily(db: Db, familyId: string, userId?: number) {
  await db
    .update(refreshTokens)
    .set({ revoked: true })
    .where(
      userId === undefined
        ? eq(refreshTokens.familyId, familyId)
        : and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId)),
    );
}

/** Every session of the user ends: refresh tokens revoked, access tokens refused (session version moved on). */
export async function endUserSessions(db: Db, userId: number) {
  await db.transaction((tx) => changeUserEndingSessions(tx, userId, {}));
}

/** Applies `changes` to the user, moves the session version on and revokes every refresh token: run in a transaction. */
async function changeUserEndingSessions(tx: Db, userId: number, changes: Partial<typeof users.$inferInsert>) {
  await tx
    .update(users)
    .set({ ...changes, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
  await revokeAllRefreshTokens(tx, userId);
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

/**
 * A sign-in happened (not_activated reads "never signed in" as null:
 * docs/product/feedback-and-progress.md#needs-attention).
 */
export async function markSignedIn(db: Db, userId: number, now: Date) {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
}

export type OneTimePurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];
/** The links that set a password; an email-change link never does. */
export const PASSWORD_LINK_PURPOSES: OneTimePurpose[] = ['reset', 'activate'];

export async function insertOneTimeToken(
  db: Db,
  values: { userId: number; purpose: 'reset' | 'activate'; tokenHash: string; expiresAt: Date },
) {
  await db.insert(oneTimeTokens).values(values);
}

/** Uses up the user's open links of `purposes`. */
async function useUpLinks(db: Db, userId: number, purposes: OneTimePurpose[], now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        inArray(oneTimeTokens.purpose, purposes),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

/** Uses one link; false when it was used meanwhile (two tabs, a replayed request). */
async function useLink(tx: Db, tokenId: number, now: Date): Promise<boolean> {
  const used = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, tokenId), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return used.length === 1;
}

/** Uses up the user's email-change links still open: the change they carry will not happen. */
export const useUpEmailChangeTokens = (db: Db, userId: number, now: Date) =>
  useUpLinks(db, userId, ['email_change'], now);

/** A new email-change link for the user; any earlier one still open is used up, so only the newest works. */
export async function replaceEmailChangeToken(
  db: Db,
  values: { userId: number; tokenHash: string; newEmail: string; expiresAt: Date },
  now: Date,
) {
  await db.transaction(async (tx) => {
    await useUpEmailChangeTokens(tx, values.userId, now);
    await tx.insert(oneTimeTokens).values({ ...values, purpose: 'email_change' });
  });
}

/** A usable one-time token of one of `purposes` for this user: right hash, not used, not expired. */
export async function findUsableOneTimeToken(
  db: Db,
  userId: number,
  tokenHash: string,
  now: Date,
  purposes: OneTimePurpose[],
) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.tokenHash, tokenHash),
        inArray(oneTimeTokens.purpose, purposes),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

/**
 * Uses an email-change link and moves the account to its address in one transaction, ending every session of the
 * user; false when the link was used meanwhile. A unique violation (the address taken since) rolls it all back.
 */
export async function consumeEmailChangeToken(
  db: Db,
  tokenId: number,
  userId: number,
  newEmail: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await useLink(tx, tokenId, now))) return false;
    await changeUserEndingSessions(tx, userId, { email: newEmail, updatedAt: now });
    return true;
  });
}

/**
 * The user's own password change: the new hash, every session ended, and any reset or activation link still open
 * used up (it would otherwise set a password over the one just chosen).
 */
export async function setPasswordAndEndSessions(db: Db, userId: number, passwordHash: string, now: Date) {
  await db.transaction((tx) => setPasswordIn(tx, userId, passwordHash, now));
}

/** The new hash, every session ended, and the user's other open password links used up. */
async function setPasswordIn(tx: Db, userId: number, passwordHash: string, now: Date) {
  await useUpLinks(tx, userId, PASSWORD_LINK_PURPOSES, now);
  await changeUserEndingSessions(tx, userId, { passwordHash, updatedAt: now });
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
    if (!(await useLink(tx, tokenId, now))) return false;
    // Any other outstanding password link for this user dies with this one (a pending email change stays).
    await setPasswordIn(tx, userId, passwordHash, now);
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
