import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { carerLinks } from '../../db/schema/carer-links';
import { clinics } from '../../db/schema/clinics';
import { exercises } from '../../db/schema/exercises';
import { feedback } from '../../db/schema/feedback';
import { measureResults } from '../../db/schema/measures';
import { programs } from '../../db/schema/programs';
import { therapistProfiles, users } from '../../db/schema/users';

/*
 * The reads behind a client's FHIR record (docs/product/records.md#fhir-export): one statement per kind of resource
 * for the whole client, never one per program, so the export costs the same handful of queries however long the
 * record is.
 */

const enteredBy = alias(users, 'entered_by');
const enteredByColumns = {
  enteredById: sql<number | null>`${enteredBy.id}`,
  enteredByFirstName: sql<string | null>`${enteredBy.firstName}`,
  enteredByLastName: sql<string | null>`${enteredBy.lastName}`,
  enteredByIsCarer: sql<boolean | null>`${enteredBy.isCarer}`,
};

/**
 * The care team: every therapist who sees the client (docs/product/clients.md#scope), those of the client's clinic
 * and the one who created them.
 */
export function findCareTeam(db: Db, client: { clinicId: number | null; createdById: number | null }) {
  const sees: SQL[] = [];
  if (client.clinicId !== null) sees.push(eq(therapistProfiles.clinicId, client.clinicId));
  if (client.createdById !== null) sees.push(eq(users.id, client.createdById));
  if (sees.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      discipline: therapistProfiles.discipline,
    })
    .from(users)
    .innerJoin(therapistProfiles, eq(therapistProfiles.userId, users.id))
    .where(and(eq(users.isTherapist, true), or(...sees)))
    .orderBy(asc(users.id));
}
export type CareTeamRow = Awaited<ReturnType<typeof findCareTeam>>[number];

export async function findClinic(db: Db, clinicId: number | null) {
  if (clinicId === null) return null;
  const [row] = await db
    .select({ id: clinics.id, name: clinics.name })
    .from(clinics)
    .where(eq(clinics.id, clinicId));
  return row ?? null;
}
export type ClinicRow = NonNullable<Awaited<ReturnType<typeof findClinic>>>;

const author = alias(users, 'author');

/** The client's programs, oldest first, with who prescribed them; drafts only when `withDrafts`. */
export function findPrograms(db: Db, clientId: number, withDrafts: boolean) {
  return db
    .select({
      id: programs.id,
      name: programs.name,
      startDate: programs.startDate,
      endDate: programs.endDate,
      daysOfWeek: programs.daysOfWeek,
      isDraft: programs.isDraft,
      createdAt: programs.createdAt,
      therapistId: programs.therapistId,
      therapistFirstName: sql<string | null>`${author.firstName}`,
      therapistLastName: sql<string | null>`${author.lastName}`,
    })
    .from(programs)
    .leftJoin(author, eq(author.id, programs.therapistId))
    .where(and(eq(programs.clientId, clientId), withDrafts ? undefined : eq(programs.isDraft, false)))
    .orderBy(asc(programs.createdAt), asc(programs.id));
}
export type ProgramRow = Awaited<ReturnType<typeof findPrograms>>[number];

/** Every exercise of those programs (removed ones too: their feedback stays on the record), in program order. */
export function findExercises(db: Db, programIds: number[]) {
  if (programIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: exercises.id,
      programId: exercises.programId,
      name: exercises.name,
      instructions: exercises.instructions,
      sets: exercises.sets,
      reps: exercises.reps,
      holdSeconds: exercises.holdSeconds,
      restSeconds: exercises.restSeconds,
      timesPerDay: exercises.timesPerDay,
      side: exercises.side,
      createdAt: exercises.createdAt,
      removedAt: exercises.removedAt,
    })
    .from(exercises)
    .where(inArray(exercises.programId, programIds))
    .orderBy(asc(exercises.programId), asc(exercises.position), asc(exercises.id));
}
export type ExerciseRow = Awaited<ReturnType<typeof findExercises>>[number];

/** The client's feedback on those programs, oldest first, with who entered it. */
export function findFeedback(db: Db, clientId: number, programIds: number[]) {
  if (programIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: feedback.id,
      exerciseId: feedback.exerciseId,
      programId: feedback.programId,
      dateCompleted: feedback.dateCompleted,
      effortRating: feedback.effortRating,
      pain: feedback.pain,
      feeling: feedback.feeling,
      createdAt: feedback.createdAt,
      updatedAt: feedback.updatedAt,
      ...enteredByColumns,
    })
    .from(feedback)
    .leftJoin(enteredBy, eq(enteredBy.id, feedback.enteredById))
    .where(and(eq(feedback.clientId, clientId), inArray(feedback.programId, programIds)))
    .orderBy(asc(feedback.dateCompleted), asc(feedback.id));
}
export type FeedbackRow = Awaited<ReturnType<typeof findFeedback>>[number];

/** The client's outcome measure results, oldest first, with who entered each. */
export function findMeasureResults(db: Db, clientId: number) {
  return db
    .select({
      id: measureResults.id,
      instrument: measureResults.instrument,
      instrumentVersion: measureResults.instrumentVersion,
      answers: measureResults.answers,
      activities: measureResults.activities,
      score: measureResults.score,
      band: measureResults.band,
      takenAt: measureResults.takenAt,
      ...enteredByColumns,
    })
    .from(measureResults)
    .leftJoin(enteredBy, eq(enteredBy.id, measureResults.enteredById))
    .where(eq(measureResults.clientId, clientId))
    .orderBy(asc(measureResults.takenAt), asc(measureResults.id));
}
export type MeasureResultRow = Awaited<ReturnType<typeof findMeasureResults>>[number];

/** The client's live carer links (docs/product/carers.md#scope), oldest first, with each carer. */
export function findLiveCarerLinks(db: Db, clientId: number, today: string) {
  return db
    .select({
      id: carerLinks.id,
      carerId: carerLinks.carerId,
      relationship: carerLinks.relationship,
      access: carerLinks.access,
      expiresOn: carerLinks.expiresOn,
      createdAt: carerLinks.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(carerLinks)
    .innerJoin(users, eq(users.id, carerLinks.carerId))
    .where(
      and(
        eq(carerLinks.clientId, clientId),
        isNull(carerLinks.endedAt),
        or(isNull(carerLinks.expiresOn), sql`${carerLinks.expiresOn} >= ${today}::date`),
      ),
    )
    .orderBy(asc(carerLinks.createdAt), asc(carerLinks.id));
}
export type CarerLinkRow = Awaited<ReturnType<typeof findLiveCarerLinks>>[number];
