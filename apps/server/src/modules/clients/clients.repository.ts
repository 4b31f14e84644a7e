import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { TLanguage } from '@hep/shared/languages';
import type { Db } from '../../db/client';
import { clientProfiles, users } from '../../db/schema/users';
import { type AdherenceClock, clientLast7Sql } from '../progress/progress.sql';

/** Whose clients a list shows: everyone's (staff), or one therapist's care team (docs/product/clients.md#scope). */
export type ClientScope = { all: true } | { all: false; clinicId: number | null; therapistId: number };

function scopeCondition(scope: ClientScope): SQL | undefined {
  if (scope.all) return undefined;
  const created = eq(clientProfiles.createdById, scope.therapistId);
  // Both columns are indexed: the planner answers this with a bitmap OR of the two indexes.
  return scope.clinicId === null ? created : or(eq(clientProfiles.clinicId, scope.clinicId), created);
}

/** A client account (not staff, not a therapist) that is still active: who the list shows. */
const isListedClient = () =>
  and(
    eq(users.isActive, true),
    eq(users.isStaff, false),
    eq(users.isTherapist, false),
    eq(users.isCarer, false),
  );

/** By last name then first name ignoring letter case, then id: a stable order, so that pages never overlap. */
const listOrder = () => [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id)];

const listColumns = (clock: AdherenceClock) => ({
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  dateOfBirth: users.dateOfBirth,
  /**
   * The client's last-7-days rate (docs/product/feedback-and-progress.md#adherence), inside this query (programs' one
   * adherence rule).
   */
  adherenceLast7: clientLast7Sql(sql`${users.id}`, sql`${users.notificationTimezone}`, clock),
});

/** The active clients in scope, in list order, with their adherence: one query. */
export async function findClients(db: Db, scope: ClientScope, clock: AdherenceClock) {
  return db
    .select(listColumns(clock))
    .from(clientProfiles)
    .innerJoin(users, eq(users.id, clientProfiles.userId))
    .where(and(scopeCondition(scope), isListedClient()))
    .orderBy(...listOrder());
}

/**
 * What a search matches: a part of the last name, of the first name, or of the whole name ("Grace Hopper" or
 * "Hopper, Grace"), in any letter case; a date of birth equal to a date (docs/product/clients.md#search: dates, never
 * text).
 */
export type ClientSearch =
  | { by: 'last_name' | 'first_name' | 'name'; term: string; date?: string }
  | { by: 'date_of_birth'; date: string };

/** `strpos`, not LIKE: a `%` or `_` someone types is a character to find, not a wildcard. */
const contains = (text: SQL, term: string) => sql`strpos(lower(${text}), lower(${term})) > 0`;

/**
 * "First Last, First" holds every text a name search matches (either name, "First Last", "Last, First"), so a match
 * of any of them is a match of it: a LIKE on it, the expression of users_name_trgm_idx, lets the trigram index find
 * the candidates among every client, and `contains` then keeps exactly those it always kept
 * (docs/decisions/028-staff-counters.md). The term's `%`, `_` and `\` are escaped: characters to find.
 */
const nameCandidate = (term: string) =>
  sql`lower(${users.firstName} || ' ' || ${users.lastName} || ', ' || ${users.firstName})
    like lower(${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`;

function searchCondition(search: ClientSearch | null): SQL | undefined {
  if (!search) return undefined;
  if (search.by === 'date_of_birth') return eq(users.dateOfBirth, search.date);
  if (search.by === 'last_name')
    return and(nameCandidate(search.term), contains(sql`${users.lastName}`, search.term));
  if (search.by === 'first_name')
    return and(nameCandidate(search.term), contains(sql`${users.firstName}`, search.term));
  return or(
    and(
      nameCandidate(search.term),
      or(
        contains(sql`${users.firstName} || ' ' || ${users.lastName}`, search.term),
        contains(sql`${users.lastName} || ', ' || ${users.firstName}`, search.term),
      ),
    ),
    search.date ? eq(users.dateOfBirth, search.date) : undefined,
  );
}

/**
 * One page of the clients in scope that match the search, with the number that match in the same round trip
 * (`count(*) over ()`). A page past the end has no row to carry the count, so only then is it counted alone.
 */
export async function findClientPage(
  db: Db,
  scope: ClientScope,
  search: ClientSearch | null,
  page: { offset: number; limit: number },
  clock: AdherenceClock,
) {
  const where = and(scopeCondition(scope), isListedClient(), searchCondition(search));
  const rows = await db
    .select({ ...listColumns(clock), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(clientProfiles)
    .innerJoin(users, eq(users.id, clientProfiles.userId))
    .where(where)
    .orderBy(...listOrder())
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length > 0 || page.offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  const [counted] = await db
    .select({ total: count() })
    .from(clientProfiles)
    .innerJoin(users, eq(users.id, clientProfiles.userId))
    .where(where);
  return { rows, count: counted?.total ?? 0 };
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
  language?: TLanguage;
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
