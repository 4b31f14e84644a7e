import { sql } from 'drizzle-orm';
import { dosageJsonPairs } from '../../lib/dosage';
import { isoTimestampSql as iso, preparedStatement } from '../../lib/prepared-sql';
import type { ProgramSnapshot } from './program-versions.repository';
import { type ProgramListKind, programListSql, programReadAuditSql, programVisibleSql } from './programs.sql';

/*
 * The hot reads of programs (docs/product/operations.md#performance-targets): each is ONE prepared statement that
 * checks scope, reads, shapes the nested parts as JSON in PostgreSQL and writes the request's audit row (a
 * data-modifying CTE). Values come as placeholders: the caller's (programs.access auditedCallerValues), the range,
 * and the audit's actor and correlation id.
 */

const start = sql`${sql.placeholder('start')}::date`;
const end = sql`${sql.placeholder('end')}::date`;
const overlapsRange = sql`not p.is_draft and p.start_date <= ${end} and (p.end_date is null or p.end_date >= ${start})`;

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
        select p.* from ${scope.from} where ${scope.where} and ${overlapsRange}
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

/** What day statuses need of a program: its schedule, its client's zone and its counts. */
export interface StatusProgramRow {
  id: number;
  client_id: number;
  is_draft: boolean;
  start_date: string | null;
  end_date: string | null;
  days_of_week: string[];
  client_timezone: string | null;
  exercise_count: number;
  /** Current exercises with feedback, by yyyy-MM-dd within the range; null when none. */
  done: Record<string, number> | null;
}

const statusColumns = sql`p.id, p.client_id, p.is_draft, p.start_date::text, p.end_date::text, p.days_of_week,
  cu.notification_timezone as client_timezone,
  (select count(*)::int from exercises e where e.program_id = p.id and e.removed_at is null) as exercise_count,
  (select json_object_agg(x.day, x.done) from (
     select f.date_completed::text as day, count(*)::int as done from feedback f
     join exercises e on e.id = f.exercise_id and e.program_id = f.program_id and e.removed_at is null
     where f.program_id = p.id and f.date_completed between ${start} and ${end}
     group by f.date_completed) x) as done`;

const batchStatusStatement = (kind: ProgramListKind) =>
  preparedStatement<StatusProgramRow>(`programs_status_batch_${kind}`, () => {
    const scope = programListSql[kind];
    return sql`with found as (
        select p.* from ${scope.from} where ${scope.where} and ${overlapsRange}
      ), audit as (${programReadAuditSql({ view: 'status' })})
      select ${statusColumns} from found p join users cu on cu.id = p.client_id`;
  });

/** Day-status inputs of every published program of the caller's list scope active in the range. */
export const findBatchStatusPrograms = {
  all: batchStatusStatement('all'),
  'care-team': batchStatusStatement('care-team'),
  own: batchStatusStatement('own'),
} satisfies Record<ProgramListKind, unknown>;

/** Day-status inputs of one program the caller may view (no row: 404), audited even when out of scope. */
export const findStatusProgram = preparedStatement<StatusProgramRow>('programs_status_one', () => {
  const notFound = sql`case when count(w.id) = 0 then 'not_found' else 'ok' end`;
  return sql`with found as (
      select p.* from programs p where p.id = ${sql.placeholder('id')}::integer and ${programVisibleSql(sql`p`)}
    ), audit as (${programReadAuditSql({ view: 'status' }, notFound)})
    select ${statusColumns} from found p join users cu on cu.id = p.client_id`;
});
