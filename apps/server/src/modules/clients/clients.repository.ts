import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientProfiles, users } from '../../db/schema/users';

/** Whose clients a list shows: everyone's (staff), or one therapist's care team (design section 5). */
export type ClientScope = { all: true } | { all: false; clinicId: number | null; therapistId: number };

function scopeCondition(scope: ClientScope): SQL | undefined {
  if (scope.all) return undefined;
  const created = eq(clientProfiles.createdById, scope.therapistId);
  // Both columns are indexed: the planner answers this with a bitmap OR of the two indexes.
  return scope.clinicId === null ? created : or(eq(clientProfiles.clinicId, scope.clinicId), created);
}

/** The active clients in scope, by last name then first name ignoring letter case: one query. */
export async function findClients(db: Db, scope: ClientScope) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      dateOfBirth: users.dateOfBirth,
    })
    .from(clientProfiles)
    .innerJoin(users, eq(users.id, clientProfiles.userId))
    .where(
      and(
        scopeCondition(scope),
        eq(users.isActive, true),
        eq(users.isStaff, false),
        eq(users.isTherapist, false),
      ),
    )
    .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id));
}

interface ClientFields {
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  mobile: string;
  receivesSms: boolean;
  receivesEmail: boolean;
  condition: string | null;
}

/** Saves the user's fields and the profile's condition together, so that a failure changes neither. */
export async function updateClientFields(db: Db, id: number, fields: ClientFields): Promise<void> {
  const { condition, ...userFields } = fields;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...userFields, updatedAt: new Date() })
      .where(eq(users.id, id));
    await tx
      .insert(clientProfiles)
      .values({ userId: id, condition })
      .onConflictDoUpdate({ target: clientProfiles.userId, set: { condition } });
  });
}
