import { sql, type SQL } from 'drizzle-orm';
import { isoTimestampSql as iso, preparedStatement } from '../../lib/prepared-sql';
import { auditInsertSql } from '../audit/audit.sql';
import { liveCarerAccessSql } from '../carers/carers.sql';
import { claimKeyCtes } from '../idempotency/idempotency.sql';
import { programVisibleSql } from '../programs/programs.sql';

/*
 * The hot paths of feedback (docs/product/operations.md#performance-targets) as prepared statements: the scope check,
 * the work, the JSON and the request's audit row in one statement each. Values are placeholders (programs.access
 * auditedCallerValues and the ones named below).
 */

const param = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/** An entry as the statements return it; media as an id and kind (the service signs the URL). */
export interface FeedbackEntryRow {
  id: number;
  exercise_id: number;
  exercise_name: string;
  program_id: number;
  client_id: number;
  date_completed: string;
  effort_rating: number;
  pain: number | null;
  feeling: string;
  media_id: number | null;
  media_kind: 'image' | 'video' | null;
  created_at: string;
  updated_at: string;
  /** The carer who entered it, or null (the client did). */
  entered_by_id: number | null;
  entered_by_name: string | null;
}

/** The name of the carer who entered the entry `f`, or null. */
const enteredByNameSql = (f: SQL) =>
  sql`(select eb.first_name || ' ' || eb.last_name from users eb where eb.id = ${f}.entered_by_id)`;

const entryJson = (f: SQL, exerciseName: SQL, mediaKind: SQL) => sql`json_build_object(
  'id', ${f}.id, 'exercise_id', ${f}.exercise_id, 'exercise_name', ${exerciseName}, 'program_id', ${f}.program_id,
  'client_id', ${f}.client_id, 'date_completed', ${f}.date_completed::text, 'effort_rating', ${f}.effort_rating,
  'pain', ${f}.pain, 'feeling', ${f}.feeling, 'media_id', ${f}.media_id, 'media_kind', ${mediaKind},
  'created_at', ${iso(sql`${f}.created_at`)}, 'updated_at', ${iso(sql`${f}.updated_at`)},
  'entered_by_id', ${f}.entered_by_id, 'entered_by_name', ${enteredByNameSql(f)})`;

/**
 * GET /feedback/?exercise=&date_completed=: the entries of an exercise (of a program the caller may view; a removed
 * exercise keeps its history), newest day first. `found` false: 404, and the audit row says not_found.
 */
export const findFeedbackHistory = preparedStatement<{ found: boolean; entries: FeedbackEntryRow[] }>(
  'feedback_history',
  () => {
    const exercise = param('exercise', 'integer');
    const date = param('date', 'date');
    const audit = auditInsertSql(
      {
        actorId: sql.placeholder('caller_id'),
        action: 'read',
        entity: 'feedback',
        correlationId: sql.placeholder('correlation_id'),
        subjectUserId: sql`(select client_id from target)`,
        details: sql`coalesce((select jsonb_build_object('exercise_id', exercise_id, 'program_id', program_id)
          from target), jsonb_build_object('exercise_id', ${exercise}))`,
        readOnlyWork: true,
      },
      {
        from: sql`entries`,
        id: sql`w.id`,
        outcome: sql`case when exists (select 1 from target) then 'ok' else 'not_found' end`,
      },
    );
    return sql`with target as (
        select e.id as exercise_id, e.name, p.id as program_id, p.client_id
        from exercises e join programs p on p.id = e.program_id
        where e.id = ${exercise} and ${programVisibleSql(sql`p`)}
      ), entries as (
        select f.*, t.name as exercise_name from target t join feedback f on f.exercise_id = t.exercise_id
        where ${date} is null or f.date_completed = ${date}
      ), audit as (${audit})
      select exists (select 1 from target) as found,
        coalesce((select json_agg(${entryJson(sql`f`, sql`f.exercise_name`, sql`m.kind`)}
            order by f.date_completed desc, f.created_at desc, f.id desc)
          from entries f left join media m on m.id = f.media_id), '[]') as entries`;
  },
);

/**
 * What a new entry needs of its exercise: a current one of a published program of the caller's own, or, for a carer,
 * of a client they hold a live link to (with its access: a `view` link is refused by the service); else none.
 */
export interface FeedbackTargetRow {
  program_id: number;
  client_id: number;
  carer_access: 'view' | 'log' | 'full' | null;
  start_date: string | null;
  end_date: string | null;
  days_of_week: string[];
}

export const findFeedbackTarget = preparedStatement<FeedbackTargetRow>('feedback_target', () => {
  const callerId = param('caller_id', 'integer');
  const carer = param('caller_carer', 'boolean');
  const access = liveCarerAccessSql(callerId, sql`p.client_id`, param('caller_today', 'date'));
  return sql`select p.id as program_id, p.client_id, p.start_date::text, p.end_date::text, p.days_of_week,
        case when ${carer} then ${access} end as carer_access
      from exercises e join programs p on p.id = e.program_id
      where e.id = ${param('exercise', 'integer')} and e.removed_at is null and not p.is_draft
        and ((p.client_id = ${callerId} and not ${carer}) or (${carer} and ${access} is not null))`;
});

/**
 * The statement of POST /feedback/: the entry and its audit row, answering the entry as the API shapes it. With
 * `claim`, its Idempotency-Key is claimed first in the same statement (idempotency.sql.ts): the entry takes an id
 * from the sequence up front, the stored answer names it, and when the key is taken nothing is inserted and no row
 * comes back. A second entry for the same exercise and day fails on feedback_exercise_date_idx, and then nothing is
 * written, the key's claim included.
 */
function feedbackInsertSql(claim: boolean): SQL {
  const audit = auditInsertSql(
    {
      actorId: sql.placeholder('caller_id'),
      action: 'create',
      entity: 'feedback',
      correlationId: sql.placeholder('correlation_id'),
      details: sql`jsonb_build_object('program_id', ${param('program', 'integer')},
        'exercise_id', ${param('exercise', 'integer')}, 'with_media', ${param('media', 'integer')} is not null)`,
    },
    {
      from: sql`inserted`,
      id: sql`w.id`,
      subject: sql`w.client_id`,
      // A repeat (its key already taken) inserts nothing: its row says so, and the repeat's answer is audited too.
      ...(claim ? { outcome: sql`case when count(w.id) = 0 then 'repeat' else 'ok' end` } : {}),
    },
  );
  const keyed = claim
    ? sql`new_entry as (select nextval(pg_get_serial_sequence('feedback', 'id'))::integer as id),
      ${claimKeyCtes(sql`jsonb_build_object('message', ${param('message', 'text')}, 'feedback_id', (select id from new_entry))`)},`
    : sql``;
  return sql`with ${keyed} inserted as (
      insert into feedback (${claim ? sql`id, ` : sql``}exercise_id, program_id, client_id, date_completed,
        effort_rating, pain, feeling, media_id, created_at, updated_at, entered_by_id)
      select ${claim ? sql`(select id from new_entry), ` : sql``}${param('exercise', 'integer')}, ${param('program', 'integer')}, ${param('client', 'integer')},
        ${param('date', 'date')}, ${param('effort', 'smallint')}, ${param('pain', 'smallint')}, coalesce(${param('feeling', 'text')}, ''),
        ${param('media', 'integer')}, ${param('now', 'timestamptz')}, ${param('now', 'timestamptz')},
        ${param('entered_by', 'integer')}
      ${claim ? sql`where exists (select 1 from idempotency_claim)` : sql``}
      returning *
    ), audit as (${audit})
    select f.id, f.exercise_id, e.name as exercise_name,
      f.program_id, f.client_id, f.date_completed::text, f.effort_rating, f.pain, f.feeling, f.media_id, m.kind as media_kind,
      ${iso(sql`f.created_at`)} as created_at, ${iso(sql`f.updated_at`)} as updated_at,
      f.entered_by_id, ${enteredByNameSql(sql`f`)} as entered_by_name
    from inserted f join exercises e on e.id = f.exercise_id left join media m on m.id = f.media_id`;
}

export const insertFeedbackEntry = preparedStatement<FeedbackEntryRow>('feedback_insert', () =>
  feedbackInsertSql(false),
);

/** A keyed POST /feedback/ without a file: the key's claim, the entry and its audit row in one statement. */
export const insertKeyedFeedbackEntry = preparedStatement<FeedbackEntryRow>('feedback_insert_keyed', () =>
  feedbackInsertSql(true),
);
