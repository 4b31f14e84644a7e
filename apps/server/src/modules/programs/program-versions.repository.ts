import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TDosage } from '@hep/shared/schemas/dosage';
import { exercises } from '../../db/schema/exercises';
import { programVersions } from '../../db/schema/program-versions';
import { programs } from '../../db/schema/programs';
import { dosageFields, type DosageValues } from '../../lib/dosage';

/** What a version keeps: the program's fields and its exercises (with media ids), as they were when published. */
export interface ProgramSnapshot {
  program: {
    id: number;
    client_id: number;
    therapist_id: number | null;
    name: string;
    start_date: string | null;
    end_date: string | null;
    days_of_week: string[];
    is_draft: boolean;
    version: number;
    created_at: string;
    updated_at: string;
  };
  exercises: ({
    id: number;
    position: number;
    name: string;
    instructions: string;
    image_id: number | null;
    video_id: number | null;
    source_exercise_id: number | null;
  } & Partial<TDosage>)[];
}

/** The program's current state as a snapshot (two queries); null when the program does not exist. */
export async function snapshotProgram(db: Db, programId: number): Promise<ProgramSnapshot | null> {
  const [program] = await db.select().from(programs).where(eq(programs.id, programId));
  if (!program) return null;
  const rows = await db
    .select()
    .from(exercises)
    .where(and(eq(exercises.programId, programId), isNull(exercises.removedAt)))
    .orderBy(asc(exercises.position), asc(exercises.id));
  return {
    program: {
      id: program.id,
      client_id: program.clientId,
      therapist_id: program.therapistId,
      name: program.name,
      start_date: program.startDate,
      end_date: program.endDate,
      days_of_week: program.daysOfWeek,
      is_draft: program.isDraft,
      version: program.version,
      created_at: program.createdAt.toISOString(),
      updated_at: program.updatedAt.toISOString(),
    },
    exercises: rows.map(snapshotOfExercise),
  };
}

/** An exercise row as a version keeps it. */
export const snapshotOfExercise = (
  e: Pick<
    typeof exercises.$inferSelect,
    'id' | 'position' | 'name' | 'instructions' | 'imageId' | 'videoId' | 'sourceExerciseId'
  > &
    DosageValues,
): ProgramSnapshot['exercises'][number] => ({
  id: e.id,
  position: e.position,
  name: e.name,
  instructions: e.instructions,
  image_id: e.imageId,
  video_id: e.videoId,
  source_exercise_id: e.sourceExerciseId,
  ...dosageFields(e),
});

export async function insertProgramVersion(
  db: Db,
  values: { programId: number; changeReason: string; snapshot: ProgramSnapshot; authorId: number; now: Date },
) {
  const [row] = await db
    .insert(programVersions)
    .values({
      programId: values.programId,
      changeReason: values.changeReason,
      snapshot: values.snapshot,
      authorId: values.authorId,
      createdAt: values.now,
    })
    .returning();
  return row!;
}

export async function hasProgramVersions(db: Db, programId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: programVersions.id })
    .from(programVersions)
    .where(eq(programVersions.programId, programId))
    .limit(1);
  return Boolean(row);
}

/** The version in force at `at`: the latest created at or before it, else the earliest one; null if none. */
export async function findVersionInForce(db: Db, programId: number, at: Date) {
  const [row] = await db
    .select()
    .from(programVersions)
    .where(eq(programVersions.programId, programId))
    .orderBy(
      // Versions at or before `at` first (newest of them first), then the later ones oldest first.
      sql`case when ${programVersions.createdAt} <= ${at.toISOString()} then 0 else 1 end`,
      sql`case when ${programVersions.createdAt} <= ${at.toISOString()} then ${programVersions.createdAt} end desc`,
      asc(programVersions.createdAt),
      desc(programVersions.id),
    )
    .limit(1);
  return row ? { ...row, snapshot: row.snapshot as ProgramSnapshot } : null;
}
