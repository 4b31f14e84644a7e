import { and, asc, count, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passkeyChallenges, passkeys } from '../../db/schema/passkeys';
import { users } from '../../db/schema/users';

type ChallengePurpose = (typeof passkeyChallenges.$inferInsert)['purpose'];

/** Stores a new challenge, and drops the expired ones so the table never grows with abandoned ceremonies. */
export async function insertChallenge(
  db: Db,
  input: { challenge: string; purpose: ChallengePurpose; userId: number | null; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db.insert(passkeyChallenges).values(input);
}

/**
 * Uses a challenge up: deleted in the same statement that finds it, so two requests racing with one challenge
 * cannot both succeed. True when it was there, unexpired, for this purpose (and user, for registration).
 */
export async function consumeChallenge(
  db: Db,
  input: { challenge: string; purpose: ChallengePurpose; userId: number | null },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(eq(passkeyChallenges.challenge, input.challenge))
    .returning({
      purpose: passkeyChallenges.purpose,
      userId: passkeyChallenges.userId,
      expiresAt: passkeyChallenges.expiresAt,
    });
  const row = rows[0];
  return Boolean(row && row.purpose === input.purpose && row.userId === input.userId && row.expiresAt > now);
}

const listFields = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

export const findPasskeysOfUser = (db: Db, userId: number) =>
  db
    .select({ ...listFields, credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));

export async function countPasskeysOfUser(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export async function insertPasskey(db: Db, input: typeof passkeys.$inferInsert) {
  const [row] = await db.insert(passkeys).values(input).returning(listFields);
  return row!;
}

/** Removes one of the user's passkeys; its id, or null when the user has no such passkey. */
export async function deleteOwnPasskey(db: Db, userId: number, id: number): Promise<number | null> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return row?.id ?? null;
}

/** The passkey with this credential id and the account it opens, or null. */
export async function findPasskeyWithAccount(db: Db, credentialId: string) {
  const [row] = await db
    .select({
      passkey: {
        id: passkeys.id,
        credentialId: passkeys.credentialId,
        publicKey: passkeys.publicKey,
        counter: passkeys.counter,
        transports: passkeys.transports,
      },
      account: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        isStaff: users.isStaff,
        isTherapist: users.isTherapist,
        isCarer: users.isCarer,
        isActive: users.isActive,
        agreedToTerms: users.agreedToTerms,
        sessionVersion: users.sessionVersion,
      },
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/** Records a sign-in: the authenticator's new counter (only forward) and when. */
export async function markPasskeyUsed(db: Db, id: number, counter: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), counter === 0 ? undefined : lt(passkeys.counter, counter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}
