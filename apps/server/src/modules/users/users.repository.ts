import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { TLanguage } from '@hep/shared/languages';
import { type Db, listenForNotifications, type NotificationHandlers } from '../../db/client';
import { clinics } from '../../db/schema/clinics';
import { programs } from '../../db/schema/programs';
import { refreshTokens } from '../../db/schema/refresh-tokens';
import { clientProfiles, therapistProfiles, users } from '../../db/schema/users';
import type { TCarerAccess } from '@hep/shared/schemas/carers';
import { liveCarerAccessSql } from '../carers/carers.sql';

const emailMatches = (email: string) => sql`lower(${users.email}) = lower(${email})`;

function userDetailQuery(db: Db, withCarer: boolean) {
  const carerAccess = withCarer
    ? sql<TCarerAccess | null>`${liveCarerAccessSql(sql`${sql.placeholder('carer_id')}`, sql`${users.id}`, sql`${sql.placeholder('today')}`)}`
    : sql<TCarerAccess | null>`null::text`;
  return db
    .select({
      user: users,
      discipline: therapistProfiles.discipline,
      therapistClinicId: therapistProfiles.clinicId,
      clinicName: clinics.name,
      condition: clientProfiles.condition,
      clientClinicId: clientProfiles.clinicId,
      clientCreatedById: clientProfiles.createdById,
      hasClientProfile: sql<boolean>`${clientProfiles.userId} is not null`,
      carerAccess,
    })
    .from(users)
    .leftJoin(therapistProfiles, eq(therapistProfiles.userId, users.id))
    .leftJoin(clinics, eq(clinics.id, therapistProfiles.clinicId))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(withCarer ? 'user_detail_carer' : 'user_detail');
}

/** The two forms of the query, built and prepared once per database handle: a profile read builds no SQL. */
const userDetailQueries = new WeakMap<
  Db,
  { plain: ReturnType<typeof userDetailQuery>; carer: ReturnType<typeof userDetailQuery> }
>();

/**
 * A user with both optional profiles and the therapist's clinic name: one query. With `carer`, also the access of
 * that carer's live link to this user (null: none), read in the same query (docs/product/carers.md#scope).
 */
export async function findUserDetail(db: Db, id: number, carer?: { id: number; today: string }) {
  let queries = userDetailQueries.get(db);
  if (!queries) {
    queries = { plain: userDetailQuery(db, false), carer: userDetailQuery(db, true) };
    userDetailQueries.set(db, queries);
  }
  const [row] = carer
    ? await queries.carer.execute({ id, carer_id: carer.id, today: carer.today })
    : await queries.plain.execute({ id });
  return row ?? null;
}
export type UserDetailRow = NonNullable<Awaited<ReturnType<typeof findUserDetail>>>;

/**
 * A client's published programs, newest first (docs/product/api-conventions.md#settled-responses): one query, drafts
 * never included.
 */
export async function findPublishedProgramSummaries(db: Db, clientId: number) {
  return db
    .select({
      id: programs.id,
      name: programs.name,
      startDate: programs.startDate,
      endDate: programs.endDate,
    })
    .from(programs)
    .where(and(eq(programs.clientId, clientId), eq(programs.isDraft, false)))
    .orderBy(desc(programs.createdAt), desc(programs.id));
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(emailMatches(email));
  return row ?? null;
}

export async function emailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(emailMatches(email), ne(users.id, exceptUserId)) : emailMatches(email))
    .limit(1);
  return Boolean(row);
}

function prepareFindCaller(db: Db) {
  const sessionId = sql.placeholder('sessionId');
  return db
    .select({
      sessionOpen: sql<boolean>`(${sessionId}::uuid is null or exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sessionId}::uuid and ${refreshTokens.userId} = ${users.id} and not ${refreshTokens.revoked}))`,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      isStaff: users.isStaff,
      isTherapist: users.isTherapist,
      isCarer: users.isCarer,
      isActive: users.isActive,
      sessionVersion: users.sessionVersion,
      clinicId: therapistProfiles.clinicId,
    })
    .from(users)
    .leftJoin(therapistProfiles, eq(therapistProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_find_caller');
}
const findCallerStatements = new WeakMap<Db, ReturnType<typeof prepareFindCaller>>();

/**
 * What the auth plugin needs on every request, in one query: with `sessionId`, also whether that session (a
 * refresh-token family, indexed by family_id) is still open, i.e. has a token that logout has not revoked.
 * A named prepared statement: built once per database handle, parsed once per connection.
 */
export async function findCaller(db: Db, id: number, sessionId?: string) {
  let statement = findCallerStatements.get(db);
  if (!statement) {
    statement = prepareFindCaller(db);
    findCallerStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id, sessionId: sessionId ?? null });
  return row ?? null;
}

/** Notified by the database itself (the triggers of migration 0008) with the user's id, or `*` for everyone. */
const CALLER_CHANGED_CHANNEL = 'hep_caller_changed';

/**
 * Hears of every committed change to what findCaller reads: the user's row, their therapist profile (clinic), and
 * a refresh token revoked or deleted (a session ended). Null when this database handle cannot listen.
 */
export const listenForCallerChanges = (db: Db, handlers: NotificationHandlers) =>
  listenForNotifications(db, CALLER_CHANGED_CHANNEL, handlers);

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash?: string | null;
  mobile?: string;
  dateOfBirth?: string | null;
  isStaff?: boolean;
  isTherapist?: boolean;
  isCarer?: boolean;
  agreedToTerms?: boolean;
  language?: TLanguage;
  therapist?: { discipline: string; clinicId: number | null };
  client?: { condition: string | null; clinicId: number | null; createdById: number | null };
}

/** Creates a user and its profile in one transaction. */
export async function insertUser(db: Db, input: NewUser): Promise<number> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email.trim(),
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: input.passwordHash ?? null,
        mobile: input.mobile ?? '',
        dateOfBirth: input.dateOfBirth ?? null,
        isStaff: input.isStaff ?? false,
        isTherapist: input.isTherapist ?? false,
        isCarer: input.isCarer ?? false,
        agreedToTerms: input.agreedToTerms ?? false,
        language: input.language ?? 'en',
      })
      .returning({ id: users.id });
    const id = created!.id;
    if (input.therapist) await tx.insert(therapistProfiles).values({ userId: id, ...input.therapist });
    if (input.client) await tx.insert(clientProfiles).values({ userId: id, ...input.client });
    return id;
  });
}

export async function updateUserFields(db: Db, id: number, fields: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}
