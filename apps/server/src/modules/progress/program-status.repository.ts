import { sql } from 'drizzle-orm';
import { preparedStatement } from '../../lib/prepared-sql';
import {
  type ProgramListKind,
  programInRangeSql,
  programListSql,
  programReadAuditSql,
  programVisibleSql,
} from '../programs/programs.sql';

/*
 * Day statuses' reads (docs/product/feedback-and-progress.md#week-and-month-statuses): ONE prepared statement each
 * that checks scope, counts each day's reports and writes the request's audit row. Values come as placeholders: the
 * caller's (programs.access auditedCallerValues), the range (`start`, `end`) and, for one program, its `id`.
 */

const start = sql`${sql.placeholder('start')}::date`;
const end = sql`${sql.placeholder('end')}::date`;

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
        select p.* from ${scope.from} where ${scope.where} and ${programInRangeSql}
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
