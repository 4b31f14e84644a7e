import { and, asc, eq, exists, inArray, isNull, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { DosageValues } from '../../lib/dosage';
import { feedback } from '../../db/schema/feedback';
import { exercises } from '../../db/schema/exercises';
import { programs } from '../../db/schema/programs';
import { clientProfiles, users } from '../../db/schema/users';

export type ExerciseRow = typeof exercises.$inferSelect;
type ExerciseValues = Pick<
  typeof exercises.$inferInsert,
  'position' | 'name' | 'instructions' | 'imageId' | 'videoId' | 'sourceExerciseId'
> &
  Partial<DosageValues>;

/** The current exercises of many programs in one query, in program order then position. */
export async function findExercisesOfPrograms(db: Db, programIds: number[]): Promise<ExerciseRow[]> {
  if (programIds.length === 0) return [];
  return db
    .select()
    .from(exercises)
    .where(and(inArray(exercises.programId, programIds), isNull(exercises.removedAt)))
    .orderBy(asc(exercises.programId), asc(exercises.position), asc(exercises.id));
}

export async function findExerciseById(db: Db, id: number): Promise<ExerciseRow | null> {
  const [row] = await db.select().from(exercises).where(eq(exercises.id, id));
  return row ?? null;
}

export async function insertExercise(
  db: Db,
  programId: number,
  values: ExerciseValues & { now: Date },
): Promise<number> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(exercises)
    .values({ ...rest, programId, createdAt: now })
    .returning({ id: exercises.id });
  return row!.id;
}

/** Updates a current exercise of this program; false when the id is not one of them. */
export async function updateExerciseOfProgram(
  db: Db,
  programId: number,
  id: number,
  values: ExerciseValues,
): Promise<boolean> {
  const rows = await db
    .update(exercises)
    .set(values)
    .where(and(eq(exercises.id, id), eq(exercises.programId, programId), isNull(exercises.removedAt)))
    .returning({ id: exercises.id });
  return rows.length === 1;
}

/**
 * Takes the program's current exercises that are not in `keepIds` out of the program: those with client feedback
 * are marked removed (the feedback stays), the others are deleted.
 */
export async function removeOtherExercises(db: Db, programId: number, keepIds: number[], now: Date) {
  const leaving = and(
    eq(exercises.programId, programId),
    isNull(exercises.removedAt),
    keepIds.length ? notInArray(exercises.id, keepIds) : undefined,
  );
  const hasFeedback = exists(
    db.select({ one: feedback.id }).from(feedback).where(eq(feedback.exerciseId, exercises.id)),
  );
  await db.update(exercises).set({ removedAt: now }).where(and(leaving, hasFeedback));
  await db.delete(exercises).where(leaving);
}

const sourceClient = alias(users, 'source_client');

/** Exercises a replicated program takes over from: their media ids and the scope facts of their program's client. */
export async function findSourceExercises(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: exercises.id,
      clientId: programs.clientId,
      isDraft: programs.isDraft,
      clientIsStaff: sourceClient.isStaff,
      clientIsTherapist: sourceClient.isTherapist,
      clientIsCarer: sourceClient.isCarer,
      clientClinicId: clientProfiles.clinicId,
      clientCreatedById: clientProfiles.createdById,
      imageId: exercises.imageId,
      videoId: exercises.videoId,
    })
    .from(exercises)
    .innerJoin(programs, eq(programs.id, exercises.programId))
    .innerJoin(sourceClient, eq(sourceClient.id, programs.clientId))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, programs.clientId))
    .where(inArray(exercises.id, ids));
}
