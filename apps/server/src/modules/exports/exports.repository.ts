import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { carerLinks } from '../../db/schema/carer-links';
import { clinics } from '../../db/schema/clinics';
import { exercises } from '../../db/schema/exercises';
import { feedback } from '../../db/schema/feedback';
import { measureResults } from '../../db/schema/measures';
import { media } from '../../db/schema/media';
import { messages } from '../../db/schema/messages';
import { programs } from '../../db/schema/programs';
import { clientProfiles, therapistProfiles, users } from '../../db/schema/users';
import { type AuditEntry, auditRowsInsertSql } from '../audit/audit.sql';

/*
 * The reads behind "Download my data" (docs/product/records.md#download-my-data): what one account holds, one
 * statement per kind, and the once-per-window claim.
 */

/** The audit rows' target_type of a data download: the window counts them (docs/product/records.md). */
export const EXPORT_TARGET = 'data_export';
/** Serialises two downloads of one account started at once on any node (pg_advisory_xact_lock's first key). */
const EXPORT_LOCK = 7_300_512;

/**
 * Claims the account's download: under a transaction-scoped advisory lock on the user (so two requests on two nodes
 * cannot both pass), finds a successful download of theirs in the last `windowSeconds` by the audit log, and if there
 * is none writes `entry` (the download's audit row) in the same transaction. Answers the seconds until the next
 * download may start when one was found (and nothing is written), else null.
 */
export function claimExport(db: Db, userId: number, windowSeconds: number, entry: AuditEntry) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EXPORT_LOCK}::integer, ${userId}::integer)`);
    const found = (await tx.execute(sql`
      select ceil(extract(epoch from (max(at) + make_interval(secs => ${windowSeconds}::integer) - now())))::integer
        as wait
      from audit_log
      where actor_id = ${userId}::integer and target_type = ${EXPORT_TARGET} and outcome = 'ok'
        and at > now() - make_interval(secs => ${windowSeconds}::integer)
    `)) as unknown as { rows: { wait: number | null }[] };
    const wait = found.rows[0]?.wait ?? null;
    if (wait !== null) return Math.max(1, Number(wait));
    await tx.execute(auditRowsInsertSql([entry]));
    return null;
  });
}

/** The account with both optional profiles and the therapist's clinic. */
export async function findAccount(db: Db, userId: number) {
  const [row] = await db
    .select({
      user: users,
      condition: clientProfiles.condition,
      hasClientProfile: sql<boolean>`${clientProfiles.userId} is not null`,
      discipline: therapistProfiles.discipline,
      clinicName: clinics.name,
    })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .leftJoin(therapistProfiles, eq(therapistProfiles.userId, users.id))
    .leftJoin(clinics, eq(clinics.id, therapistProfiles.clinicId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Programs: a client's published ones, or those a therapist prescribed (drafts too: theirs). */
export function findProgramsOf(db: Db, by: { clientId: number } | { therapistId: number }) {
  return db
    .select({
      id: programs.id,
      clientId: programs.clientId,
      therapistId: programs.therapistId,
      name: programs.name,
      startDate: programs.startDate,
      endDate: programs.endDate,
      daysOfWeek: programs.daysOfWeek,
      isDraft: programs.isDraft,
      createdAt: programs.createdAt,
      updatedAt: programs.updatedAt,
    })
    .from(programs)
    .where(
      'clientId' in by
        ? and(eq(programs.clientId, by.clientId), eq(programs.isDraft, false))
        : eq(programs.therapistId, by.therapistId),
    )
    .orderBy(asc(programs.createdAt), asc(programs.id));
}

/** The exercises of a client's published programs. */
export function findExercisesOfClient(db: Db, clientId: number) {
  return db
    .select({
      id: exercises.id,
      programId: exercises.programId,
      position: exercises.position,
      name: exercises.name,
      instructions: exercises.instructions,
      sets: exercises.sets,
      reps: exercises.reps,
      holdSeconds: exercises.holdSeconds,
      restSeconds: exercises.restSeconds,
      timesPerDay: exercises.timesPerDay,
      side: exercises.side,
      removedAt: exercises.removedAt,
    })
    .from(exercises)
    .innerJoin(programs, eq(programs.id, exercises.programId))
    .where(and(eq(programs.clientId, clientId), eq(programs.isDraft, false)))
    .orderBy(asc(exercises.programId), asc(exercises.position), asc(exercises.id));
}

const person = alias(users, 'person');
const personColumns = {
  personId: sql<number | null>`${person.id}`,
  personFirstName: sql<string | null>`${person.firstName}`,
  personLastName: sql<string | null>`${person.lastName}`,
  personIsStaff: sql<boolean | null>`${person.isStaff}`,
  personIsTherapist: sql<boolean | null>`${person.isTherapist}`,
  personIsCarer: sql<boolean | null>`${person.isCarer}`,
};
const mediaColumns = {
  mediaId: sql<number | null>`${media.id}`,
  mediaKind: sql<'image' | 'video' | null>`${media.kind}`,
  mediaMime: sql<string | null>`${media.mime}`,
  mediaSize: sql<number | null>`${media.size}::float8`,
  mediaStorageKey: sql<string | null>`${media.storageKey}`,
};

/** A client's feedback, with who entered it and its photo or video. */
export function findFeedbackOfClient(db: Db, clientId: number) {
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
      ...personColumns,
      ...mediaColumns,
    })
    .from(feedback)
    .leftJoin(person, eq(person.id, feedback.enteredById))
    .leftJoin(media, eq(media.id, feedback.mediaId))
    .where(eq(feedback.clientId, clientId))
    .orderBy(asc(feedback.dateCompleted), asc(feedback.id));
}

/** A client's outcome measure results, with who entered each. */
export function findMeasureResultsOfClient(db: Db, clientId: number) {
  return db
    .select({
      id: measureResults.id,
      assignmentId: measureResults.assignmentId,
      instrument: measureResults.instrument,
      instrumentVersion: measureResults.instrumentVersion,
      answers: measureResults.answers,
      activities: measureResults.activities,
      score: measureResults.score,
      subscores: measureResults.subscores,
      band: measureResults.band,
      takenAt: measureResults.takenAt,
      takenOn: measureResults.takenOn,
      ...personColumns,
    })
    .from(measureResults)
    .leftJoin(person, eq(person.id, measureResults.enteredById))
    .where(eq(measureResults.clientId, clientId))
    .orderBy(asc(measureResults.takenAt), asc(measureResults.id));
}

/** Messages: a client's whole conversation, or those a therapist or carer sent; with sender and media. */
export function findMessagesOf(db: Db, by: { clientId: number } | { senderId: number }) {
  return (
    db
      .select({
        id: messages.id,
        clientId: messages.clientId,
        text: messages.text,
        programId: messages.programId,
        exerciseId: messages.exerciseId,
        day: messages.day,
        createdAt: messages.createdAt,
        deletedAt: messages.deletedAt,
        ...personColumns,
        ...mediaColumns,
      })
      .from(messages)
      .leftJoin(person, eq(person.id, messages.senderId))
      // A removed message keeps no media (docs/product/messages.md).
      .leftJoin(media, and(eq(media.id, messages.mediaId), isNull(messages.deletedAt)))
      .where('clientId' in by ? eq(messages.clientId, by.clientId) : eq(messages.senderId, by.senderId))
      .orderBy(asc(messages.createdAt), asc(messages.id))
  );
}

/** Carer links, ended ones too: a client's (with the carer) or a carer's (with the client). */
export function findCarerLinksOf(db: Db, by: { clientId: number } | { carerId: number }) {
  const other = 'clientId' in by ? carerLinks.carerId : carerLinks.clientId;
  return db
    .select({
      id: carerLinks.id,
      carerId: carerLinks.carerId,
      clientId: carerLinks.clientId,
      relationship: carerLinks.relationship,
      access: carerLinks.access,
      expiresOn: carerLinks.expiresOn,
      receivesReminders: carerLinks.receivesReminders,
      createdAt: carerLinks.createdAt,
      endedAt: carerLinks.endedAt,
      ...personColumns,
    })
    .from(carerLinks)
    .leftJoin(person, eq(person.id, other))
    .where('clientId' in by ? eq(carerLinks.clientId, by.clientId) : eq(carerLinks.carerId, by.carerId))
    .orderBy(asc(carerLinks.createdAt), asc(carerLinks.id));
}
