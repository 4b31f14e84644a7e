import { eq, sql, type SQL } from 'drizzle-orm';
import type { TWeekday } from '@hep/shared/domain/constants';
import type { Caller } from '../../context';
import type { Db } from '../../db/client';
import { programTemplates, templateExercises } from '../../db/schema/program-templates';
import { dosageJsonPairs, type DosageValues } from '../../lib/dosage';
import { isoTimestampSql as iso } from '../../lib/prepared-sql';
import { clinicOwnedVisibleSql } from '../library/library.sql';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A template exercise as the read query shapes it in PostgreSQL (snake_case, media ids). */
export interface TemplateExerciseRow {
  id: number;
  position: number;
  name: string;
  instructions: string;
  image_media_id: number | null;
  video_media_id: number | null;
  sets: number | null;
  reps: number | null;
  hold_seconds: number | null;
  rest_seconds: number | null;
  times_per_day: number | null;
  side: 'left' | 'right' | 'both' | null;
}

export interface TemplateRow {
  id: number;
  name: string;
  days_of_week: TWeekday[];
  weeks: number | null;
  clinic_id: number | null;
  created_by_id: number | null;
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  created_at: string;
  updated_at: string;
  exercises: TemplateExerciseRow[];
}

/** Templates the caller sees (library.sql clinicOwnedVisibleSql), each with its exercises: ONE query. */
function selectTemplates(db: Db, caller: Caller, only?: SQL) {
  return db.execute(sql`
    select t.id, t.name, t.days_of_week, t.weeks, t.clinic_id, t.created_by_id,
      u.first_name as created_by_first_name, u.last_name as created_by_last_name,
      ${iso(sql`t.created_at`)} as created_at, ${iso(sql`t.updated_at`)} as updated_at,
      coalesce((select json_agg(json_build_object('id', e.id, 'position', e.position, 'name', e.name,
          'instructions', e.instructions, 'image_media_id', e.image_media_id, 'video_media_id', e.video_media_id,
          ${sql.raw(dosageJsonPairs('e'))}) order by e.position, e.id)
        from template_exercises e where e.template_id = t.id), '[]') as exercises
    from program_templates t
    left join users u on u.id = t.created_by_id
    where ${clinicOwnedVisibleSql('t', caller)} ${only ? sql`and ${only}` : sql``}
    order by lower(t.name), t.id`);
}

export async function findVisibleTemplates(db: Db, caller: Caller): Promise<TemplateRow[]> {
  return rowsOf<TemplateRow>(await selectTemplates(db, caller));
}

/** The template when the caller sees it, else null (the service answers 404). */
export async function findVisibleTemplate(db: Db, caller: Caller, id: number): Promise<TemplateRow | null> {
  const [row] = rowsOf<TemplateRow>(await selectTemplates(db, caller, sql`t.id = ${id}`));
  return row ?? null;
}

/**
 * Inside a save's transaction: locks the template when the caller sees it (false otherwise), so that two saves of
 * one template replace its exercise list one after the other. Read it after this, in the same transaction.
 */
export async function lockVisibleTemplate(db: Db, caller: Caller, id: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select t.id from program_templates t
      where t.id = ${id} and ${clinicOwnedVisibleSql('t', caller)} for update`),
  );
  return rows.length === 1;
}

export interface TemplateValues {
  name: string;
  daysOfWeek: TWeekday[];
  weeks: number | null;
}

export interface TemplateExerciseValues extends DosageValues {
  name: string;
  instructions: string;
  imageMediaId: number | null;
  videoMediaId: number | null;
}

export async function insertTemplate(
  db: Db,
  values: TemplateValues & { clinicId: number | null; createdById: number; now: Date },
): Promise<number> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(programTemplates)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning({ id: programTemplates.id });
  return row!.id;
}

export async function updateTemplateRow(db: Db, id: number, values: TemplateValues & { now: Date }) {
  const { now, ...rest } = values;
  await db
    .update(programTemplates)
    .set({ ...rest, updatedAt: now })
    .where(eq(programTemplates.id, id));
}

/** Exercises go by cascade. */
export async function deleteTemplateRow(db: Db, id: number): Promise<void> {
  await db.delete(programTemplates).where(eq(programTemplates.id, id));
}

/** Replaces the template's whole exercise list with `list`, in that order. */
export async function replaceTemplateExercises(
  db: Db,
  templateId: number,
  list: TemplateExerciseValues[],
): Promise<void> {
  await db.delete(templateExercises).where(eq(templateExercises.templateId, templateId));
  if (list.length === 0) return;
  await db
    .insert(templateExercises)
    .values(list.map((exercise, position) => ({ ...exercise, templateId, position })));
}
