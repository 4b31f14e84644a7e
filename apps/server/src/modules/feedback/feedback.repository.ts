import { and, asc, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema/feedback';
import { exercises } from '../../db/schema/exercises';
import { media } from '../../db/schema/media';
import { users } from '../../db/schema/users';

const enteredBy = alias(users, 'entered_by');

/** Which entries a read covers. `program-day` counts the program's current exercises only (decision 005). */
type FeedbackFilter =
  { kind: 'id'; id: number } | { kind: 'program-day'; programId: number; dateCompleted: string };

function whereOf(filter: FeedbackFilter): SQL | undefined {
  switch (filter.kind) {
    case 'id':
      return eq(feedback.id, filter.id);
    case 'program-day':
      return and(
        eq(feedback.programId, filter.programId),
        eq(feedback.dateCompleted, filter.dateCompleted),
        isNull(exercises.removedAt),
      );
  }
}

/**
 * Entries with their exercise's name and their media's kind: one query for any number of entries (index-backed by
 * feedback(program_id, date_completed)). Newest day first, then newest submission; a program's day comes in
 * exercise order.
 */
export function findFeedbackRows(db: Db, filter: FeedbackFilter) {
  const order =
    filter.kind === 'program-day'
      ? [asc(exercises.position), asc(exercises.id)]
      : [desc(feedback.dateCompleted), desc(feedback.createdAt), desc(feedback.id)];
  return db
    .select({
      feedback,
      exerciseName: exercises.name,
      mediaKind: media.kind,
      enteredByName: sql<string | null>`${enteredBy.firstName} || ' ' || ${enteredBy.lastName}`,
    })
    .from(feedback)
    .innerJoin(exercises, eq(exercises.id, feedback.exerciseId))
    .leftJoin(media, eq(media.id, feedback.mediaId))
    .leftJoin(enteredBy, eq(enteredBy.id, feedback.enteredById))
    .where(whereOf(filter))
    .orderBy(...order);
}
export type FeedbackRow = Awaited<ReturnType<typeof findFeedbackRows>>[number];

export async function findFeedbackById(db: Db, id: number) {
  const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
  return row ?? null;
}

/** The program's current exercises with feedback on that date, in exercise order. */
export async function findCompletedExerciseIds(db: Db, programId: number, date: string): Promise<number[]> {
  const rows = await db
    .select({ id: exercises.id })
    .from(feedback)
    .innerJoin(exercises, eq(exercises.id, feedback.exerciseId))
    .where(
      and(eq(feedback.programId, programId), eq(feedback.dateCompleted, date), isNull(exercises.removedAt)),
    )
    .orderBy(asc(exercises.position), asc(exercises.id));
  return rows.map((r) => r.id);
}

/**
 * Each current exercise's latest entry before `date` (GET /feedback/previous/): one query over
 * feedback(program_id, date_completed), the newest per exercise kept by DISTINCT ON.
 */
export function findPreviousReports(db: Db, programId: number, date: string) {
  return db
    .selectDistinctOn([feedback.exerciseId], {
      id: feedback.id,
      exercise: feedback.exerciseId,
      date_completed: feedback.dateCompleted,
      effort_rating: feedback.effortRating,
      pain: feedback.pain,
    })
    .from(feedback)
    .innerJoin(exercises, eq(exercises.id, feedback.exerciseId))
    .where(
      and(eq(feedback.programId, programId), lt(feedback.dateCompleted, date), isNull(exercises.removedAt)),
    )
    .orderBy(feedback.exerciseId, desc(feedback.dateCompleted));
}

/**
 * Updates an entry and, when `mediaId` is given, swaps its media: the replaced media row is deleted in the same
 * transaction and its storage key returned, so the file can be removed once the change is committed. The row is
 * locked first, so two updates racing to replace the media each remove the one they replaced. Null when the
 * entry no longer exists.
 */
export async function updateFeedbackRow(
  db: Db,
  id: number,
  values: { effortRating: number; pain: number | null; feeling: string; mediaId?: number; now: Date },
): Promise<{ replacedStorageKey: string | null } | null> {
  const [current] = await db
    .select({ mediaId: feedback.mediaId })
    .from(feedback)
    .where(eq(feedback.id, id))
    .for('update');
  if (!current) return null;
  const { now, ...rest } = values;
  await db
    .update(feedback)
    .set({ ...rest, updatedAt: now })
    .where(eq(feedback.id, id));
  const replaced = values.mediaId === undefined ? null : current.mediaId;
  if (replaced === null) return { replacedStorageKey: null };
  const [gone] = await db
    .delete(media)
    .where(eq(media.id, replaced))
    .returning({ storageKey: media.storageKey });
  return { replacedStorageKey: gone?.storageKey ?? null };
}
