import { sql } from 'drizzle-orm';
import { dosageJsonPairs } from '../../lib/dosage';
import { isoTimestampSql as iso, preparedStatement } from '../../lib/prepared-sql';
import type { ProgramSnapshot } from './program-versions.repository';
import { type ProgramListKind, programInRangeSql, programListSql, programReadAuditSql } from './programs.sql';

/*
 * The hot reads of programs (docs/product/operations.md#performance-targets): each is ONE prepared statement that
 * checks scope, reads, shapes the nested parts as JSON in PostgreSQL and writes the request's audit row (a
 * data-modifying CTE). Values come as placeholders: the caller's (programs.access auditedCallerValues), the range,
 * and the audit's actor and correlation id.
 */

/** A program as the week list returns it, exercises included (media ids: the service signs their URLs). */
export interface WeekProgramRow {
  id: number;
  name: string;
  client_id: number;
  therapist_id: number | null;
  start_date: string | null;
  end_date: string | null;
  days_of_week: string[];
  is_draft: boolean;
  version: number;
  created_at: string;
  updated_at: string;
  client_first_name: string;
  client_last_name: string;
  therapist_first_name: string | null;
  therapist_last_name: string | null;
  therapist_discipline: string | null;
  last_completed: string | null;
  /** Its current exercises, shaped as a version keeps them. */
  exercises: ProgramSnapshot['exercises'];
}

const weekStatement = (kind: ProgramListKind) =>
  preparedStatement<WeekProgramRow>(`programs_week_${kind}`, () => {
    const scope = programListSql[kind];
    return sql`with found as (
        select p.* from ${scope.from} where ${scope.where} and ${programInRangeSql}
      ), audit as (${programReadAuditSql(null)})
      select p.id, p.name, p.client_id, p.therapist_id, p.start_date::text, p.end_date::text, p.days_of_week,
        p.is_draft, p.version, ${iso(sql`p.created_at`)} as created_at, ${iso(sql`p.updated_at`)} as updated_at,
        cu.first_name as client_first_name, cu.last_name as client_last_name,
        tu.first_name as therapist_first_name, tu.last_name as therapist_last_name,
        tp.discipline as therapist_discipline,
        (select max(f.date_completed)::text from feedback f where f.program_id = p.id) as last_completed,
        coalesce((select json_agg(json_build_object('id', e.id, 'position', e.position, 'name', e.name,
            'instructions', e.instructions, 'image_id', e.image_id, 'video_id', e.video_id,
            'source_exercise_id', e.source_exercise_id, ${sql.raw(dosageJsonPairs('e'))}) order by e.position, e.id)
          from exercises e where e.program_id = p.id and e.removed_at is null), '[]') as exercises
      from found p
      join users cu on cu.id = p.client_id
      left join users tu on tu.id = p.therapist_id
      left join therapist_profiles tp on tp.user_id = p.therapist_id
      order by p.start_date desc nulls last, p.id desc`;
  });

/** The published programs of the caller's list scope active in [start, end], audited as one read. */
export const findWeekPrograms = {
  all: weekStatement('all'),
  'care-team': weekStatement('care-team'),
  own: weekStatement('own'),
} satisfies Record<ProgramListKind, unknown>;
