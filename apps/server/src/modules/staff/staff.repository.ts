import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinics } from '../../db/schema/clinics';
import { refreshTokens } from '../../db/schema/refresh-tokens';
import { clientProfiles, therapistProfiles, users } from '../../db/schema/users';
import { type AuditEntry, auditRowsInsertSql } from '../audit/audit.sql';

/** Every user with their discipline and clinic name (a therapist's clinic, else a client's): one query. */
export function listUsersForStaff(db: Db) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isStaff: users.isStaff,
      isTherapist: users.isTherapist,
      isActive: users.isActive,
      isCarer: users.isCarer,
      isClient: sql<boolean>`${clientProfiles.userId} is not null and not ${users.isStaff}
        and not ${users.isTherapist} and not ${users.isCarer}`,
      discipline: therapistProfiles.discipline,
      clinic: clinics.name,
    })
    .from(users)
    .leftJoin(therapistProfiles, eq(therapistProfiles.userId, users.id))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .leftJoin(
      clinics,
      eq(clinics.id, sql`coalesce(${therapistProfiles.clinicId}, ${clientProfiles.clinicId})`),
    )
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
}

export async function findExistingUserIds(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return rows.map((r) => r.id);
}

/**
 * In one transaction: the users become inactive, their session version moves on (outstanding access tokens stop
 * at once), every refresh token of theirs is revoked, and the audit rows are written.
 */
export async function deactivateUsersById(db: Db, ids: number[], audit: AuditEntry[]): Promise<number> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ isActive: false, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(inArray(users.id, ids))
      .returning({ id: users.id });
    await tx
      .update(refreshTokens)
      .set({ revoked: true })
      .where(and(inArray(refreshTokens.userId, ids), eq(refreshTokens.revoked, false)));
    if (audit.length > 0) await tx.execute(auditRowsInsertSql(audit));
    return changed.length;
  });
}

/** The given addresses (lower case) that are already registered, compared case-insensitively. */
export async function findTakenEmails(db: Db, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const lowered = emails.map((e) => e.toLowerCase());
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lowered));
  return new Set(rows.map((r) => r.email));
}

export async function findExistingClinicIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: clinics.id }).from(clinics).where(inArray(clinics.id, ids));
  return new Set(rows.map((r) => r.id));
}

export interface NewTherapist {
  firstName: string;
  lastName: string;
  email: string;
  discipline: string;
  clinicId: number;
}

/**
 * Creates therapists in one transaction (a few set-based statements whatever the count): no password until they
 * follow their activation link, terms not yet agreed. `audit` receives the new ids and returns the audit rows.
 */
export async function insertTherapists(
  db: Db,
  therapists: NewTherapist[],
  audit: (created: { id: number; email: string }[]) => AuditEntry[],
) {
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(
        therapists.map((t) => ({
          email: t.email.trim(),
          firstName: t.firstName,
          lastName: t.lastName,
          passwordHash: null,
          isTherapist: true,
          agreedToTerms: false,
        })),
      )
      .returning({ id: users.id, email: users.email, firstName: users.firstName, language: users.language });
    // Matched by address (unique in the batch) rather than trusting the order RETURNING happens to use.
    const byEmail = new Map(therapists.map((t) => [t.email.trim().toLowerCase(), t]));
    await tx.insert(therapistProfiles).values(
      created.map((u) => {
        const t = byEmail.get(u.email.toLowerCase())!;
        return { userId: u.id, discipline: t.discipline, clinicId: t.clinicId };
      }),
    );
    const rows = audit(created);
    if (rows.length > 0) await tx.execute(auditRowsInsertSql(rows));
    return created;
  });
}
