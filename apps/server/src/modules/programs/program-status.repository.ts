import { and, between, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema/feedback';
import { exercises } from '../../db/schema/programs';
import type { DateRange } from './programs.repository';

/** The number of current (not removed) exercises of each program, in one query. */
export async function countCurrentExercises(db: Db, programIds: number[]): Promise<Map<number, number>> {
  if (programIds.length === 0) return new Map();
  const rows = await db
    .select({ programId: exercises.programId, total: count() })
    .from(exercises)
    .where(and(inArray(exercises.programId, programIds), isNull(exercises.removedAt)))
    .groupBy(exercises.programId);
  return new Map(rows.map((r) => [r.programId, r.total]));
}

/**
 * How many current exercises have feedback, per program and date in the range: one grouped query on
 * feedback(program_id, date_completed). Feedback on a removed exercise stays filed under the program but no longer
 * counts (docs/decisions/005). Keyed by program id, then yyyy-MM-dd.
 */
export async function countDoneByProgramDate(
  db: Db,
  programIds: number[],
  range: DateRange,
): Promise<Map<number, Map<string, number>>> {
  const done = new Map<number, Map<string, number>>();
  if (programIds.length === 0) return done;
  const rows = await db
    .select({ programId: feedback.programId, date: feedback.dateCompleted, done: count() })
    .from(feedback)
    .innerJoin(
      exercises,
      and(
        eq(exercises.id, feedback.exerciseId),
        eq(exercises.programId, feedback.programId),
        isNull(exercises.removedAt),
      ),
    )
    .where(
      and(inArray(feedback.programId, programIds), between(feedback.dateCompleted, range.start, range.end)),
    )
    .groupBy(feedback.programId, feedback.dateCompleted);
  for (const row of rows) {
    let byDate = done.get(row.programId);
    if (!byDate) done.set(row.programId, (byDate = new Map()));
    byDate.set(row.date, row.done);
  }
  return done;
}
