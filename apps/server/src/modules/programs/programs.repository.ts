import { and, desc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema/feedback';
import { programs } from '../../db/schema/programs';
import { clientProfiles, therapistProfiles, users } from '../../db/schema/users';
import type { TCarerAccess } from '@hep/shared/schemas/carers';
import { liveCarerAccessSql } from '../carers/carers.sql';
import { type AdherenceClock, programLast7Sql } from '../progress/progress.sql';

export type ProgramValues = Pick<
  typeof programs.$inferInsert,
  'name' | 'startDate' | 'endDate' | 'daysOfWeek' | 'isDraft'
>;

const clientUser = alias(users, 'client_user');
const therapistUser = alias(users, 'therapist_user');

/** Both dates included, yyyy-MM-dd. */
export interface DateRange {
  start: string;
  end: string;
}

/**
 * Which programs a list or a lookup covers; the scope rules mirror programs.policy.ts. `activeIn` keeps only
 * published programs whose dates overlap the range (the weekly list never shows drafts, whoever asks).
 */
export type ProgramFilter = (
  | { kind: 'id'; id: number }
  | { kind: 'all' }
  | { kind: 'client'; clientId: number; publishedOnly: boolean }
  | { kind: 'care-team'; therapistId: number; clinicId: number | null }
) & { activeIn?: DateRange };

function whereOf(filter: ProgramFilter): SQL | undefined {
  const range = filter.activeIn;
  if (!range) return scopeOf(filter);
  // A program without a start date prescribes nothing, and `start_date <= end` leaves it out.
  return and(
    scopeOf(filter),
    eq(programs.isDraft, false),
    lte(programs.startDate, range.end),
    or(isNull(programs.endDate), gte(programs.endDate, range.start)),
  );
}

function scopeOf(filter: ProgramFilter): SQL | undefined {
  switch (filter.kind) {
    case 'id':
      return eq(programs.id, filter.id);
    case 'all':
      return undefined;
    case 'client':
      return filter.publishedOnly
        ? and(eq(programs.clientId, filter.clientId), eq(programs.isDraft, false))
        : eq(programs.clientId, filter.clientId);
    case 'care-team': {
      const mine = eq(clientProfiles.createdById, filter.therapistId);
      const team = filter.clinicId === null ? mine : or(eq(clientProfiles.clinicId, filter.clinicId), mine);
      return and(
        team,
        eq(clientUser.isStaff, false),
        eq(clientUser.isTherapist, false),
        eq(clientUser.isCarer, false),
      );
    }
  }
}

/**
 * Programs with their client, therapist, the client's scope facts and the last feedback date: one query for any
 * number of programs (the last date is an index-backed subquery on feedback(program_id, date_completed)). With
 * `clock`, each also carries its last-7-days adherence (docs/product/feedback-and-progress.md#adherence), else null.
 */
export function findProgramRows(
  db: Db,
  filter: ProgramFilter,
  clock?: AdherenceClock,
  carer?: { id: number; today: string },
) {
  return db
    .select({
      program: programs,
      clientFirstName: clientUser.firstName,
      clientLastName: clientUser.lastName,
      clientIsStaff: clientUser.isStaff,
      clientIsTherapist: clientUser.isTherapist,
      clientIsCarer: clientUser.isCarer,
      /** With `carer`: the access of that carer's live link to the program's client (docs/product/carers.md#scope). */
      carerAccess: carer
        ? sql<TCarerAccess | null>`${liveCarerAccessSql(carer.id, sql`${programs.clientId}`, carer.today)}`
        : sql<TCarerAccess | null>`null::text`,
      clientClinicId: clientProfiles.clinicId,
      clientCreatedById: clientProfiles.createdById,
      /** The client's zone: their "today" for day statuses. */
      clientTimezone: clientUser.notificationTimezone,
      therapistFirstName: therapistUser.firstName,
      therapistLastName: therapistUser.lastName,
      therapistDiscipline: therapistProfiles.discipline,
      lastCompleted: sql<
        string | null
      >`(select max(${feedback.dateCompleted})::text from ${feedback} where ${feedback.programId} = ${programs.id})`,
      adherenceLast7: clock
        ? programLast7Sql(sql`${programs}`, sql`${clientUser.notificationTimezone}`, clock)
        : sql<number | null>`null::float8`,
    })
    .from(programs)
    .innerJoin(clientUser, eq(clientUser.id, programs.clientId))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, programs.clientId))
    .leftJoin(therapistUser, eq(therapistUser.id, programs.therapistId))
    .leftJoin(therapistProfiles, eq(therapistProfiles.userId, programs.therapistId))
    .where(whereOf(filter))
    .orderBy(sql`${programs.startDate} desc nulls last`, desc(programs.id));
}
export type ProgramRow = Awaited<ReturnType<typeof findProgramRows>>[number];

export async function findProgramRow(
  db: Db,
  id: number,
  carer?: { id: number; today: string },
): Promise<ProgramRow | null> {
  const [row] = await findProgramRows(db, { kind: 'id', id }, undefined, carer);
  return row ?? null;
}

export async function insertProgram(
  db: Db,
  values: ProgramValues & { clientId: number; therapistId: number | null; now: Date },
): Promise<number> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(programs)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning({ id: programs.id });
  return row!.id;
}

/** Optimistic concurrency: updates only while the program still has `version`; false when someone saved first. */
export async function updateProgramIfVersion(
  db: Db,
  id: number,
  version: number,
  values: ProgramValues & { now: Date },
): Promise<boolean> {
  const { now, ...rest } = values;
  const rows = await db
    .update(programs)
    .set({ ...rest, updatedAt: now, version: sql`${programs.version} + 1` })
    .where(and(eq(programs.id, id), eq(programs.version, version)))
    .returning({ id: programs.id });
  return rows.length === 1;
}

/** An exercise change is a change of the program: bumps its version, only while it is still `version`. */
export async function bumpProgramVersionIf(db: Db, id: number, version: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(programs)
    .set({ updatedAt: now, version: sql`${programs.version} + 1` })
    .where(and(eq(programs.id, id), eq(programs.version, version)))
    .returning({ id: programs.id });
  return rows.length === 1;
}

/** Exercises, feedback, versions and media rows go by cascade. */
export async function deleteProgramRow(db: Db, id: number): Promise<void> {
  await db.delete(programs).where(eq(programs.id, id));
}
