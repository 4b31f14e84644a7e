import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoTimestampSql, preparedStatement } from '../../lib/prepared-sql';
import { auditInsertSql } from '../audit/audit.sql';

// Outcome measures' rows (docs/product/outcome-measures.md): every read and write is one statement that also writes
// the request's audit row.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface AssignmentRow {
  id: number;
  client_id: number;
  instrument: string;
  first_due: string;
  every_days: number;
  ends_on: string | null;
  stopped_at: string | null;
  created_at: string;
}

export interface ResultRow {
  id: number;
  assignment_id: number;
  taken_at: string;
  taken_on: string;
  score: number;
  subscores: Record<string, number> | null;
  band: string | null;
  safety: boolean;
  entered_by_id: number | null;
  entered_by_name: string;
  entered_by_role: string;
}

const assignmentColumns = (a: string) =>
  sql.raw(`${a}.id, ${a}.client_id, ${a}.instrument, ${a}.first_due::text as first_due, ${a}.every_days,
    ${a}.ends_on::text as ends_on`);
const assignmentTimes = (a: string) =>
  sql`${isoTimestampSql(sql.raw(`${a}.stopped_at`))} as stopped_at, ${isoTimestampSql(sql.raw(`${a}.created_at`))} as created_at`;

/** Who entered a result, as the record shows them: the client, their therapist, staff, or someone else (a carer). */
const enteredBySql = sql`coalesce(u.first_name || ' ' || u.last_name, '') as entered_by_name,
  case when u.id is null then 'unknown' when u.is_staff then 'staff' when u.is_therapist then 'therapist'
    when u.id = r.client_id then 'client' else 'carer' end as entered_by_role`;

const resultColumns = sql`r.id, r.assignment_id, ${isoTimestampSql(sql`r.taken_at`)} as taken_at,
  r.taken_on::text as taken_on, r.score, r.subscores, r.band, r.safety, r.entered_by_id, ${enteredBySql}`;

export interface AuditActor {
  actorId: number;
  correlationId: string;
}

export async function insertAssignment(
  db: Db,
  input: {
    clientId: number;
    instrument: string;
    firstDue: string;
    everyDays: number;
    endsOn: string | null;
    createdById: number;
    now: Date;
  } & AuditActor,
): Promise<AssignmentRow> {
  const result = await db.execute(sql`with saved as (
      insert into measure_assignments (client_id, instrument, first_due, every_days, ends_on, created_by_id, created_at)
      values (${input.clientId}, ${input.instrument}, ${input.firstDue}::date, ${input.everyDays}, ${input.endsOn}::date,
        ${input.createdById}, ${input.now.toISOString()}::timestamptz)
      returning *
    ), audit as (${auditInsertSql(
      {
        actorId: input.actorId,
        action: 'create',
        entity: 'measure_assignment',
        correlationId: input.correlationId,
        details: { instrument: input.instrument },
      },
      { from: sql`saved`, id: sql`w.id`, subject: sql`w.client_id` },
    )})
    select ${assignmentColumns('s')}, ${assignmentTimes('s')} from saved s`);
  return rowsOf<AssignmentRow>(result)[0]!;
}

/** An assignment by id, whoever's it is (the service checks the caller's scope over its client). */
export async function findAssignment(db: Db, id: number): Promise<AssignmentRow | null> {
  const result = await db.execute(
    sql`select ${assignmentColumns('a')}, ${assignmentTimes('a')} from measure_assignments a where a.id = ${id}`,
  );
  return rowsOf<AssignmentRow>(result)[0] ?? null;
}

/** Stops an assignment (its results stay), once: a second stop changes nothing. Audited either way. */
export async function stopAssignment(
  db: Db,
  input: { id: number; clientId: number; now: Date } & AuditActor,
) {
  await db.execute(sql`with stopped as (
      update measure_assignments set stopped_at = coalesce(stopped_at, ${input.now.toISOString()}::timestamptz)
      where id = ${input.id} returning id, client_id
    ), audit as (${auditInsertSql(
      {
        actorId: input.actorId,
        action: 'update',
        entity: 'measure_assignment',
        correlationId: input.correlationId,
        details: { change: 'stopped' },
        subjectUserId: input.clientId,
      },
      { from: sql`stopped`, id: sql`w.id` },
    )})
    select count(*) from stopped`);
}

/** A prepared read's values (placeholders): the client, and the caller and request its audit row names. */
const clientParam = sql`${sql.placeholder('clientId')}::integer`;
const readAuditEntry = (entity: string) => ({
  actorId: sql.placeholder('actorId'),
  action: 'read' as const,
  entity,
  correlationId: sql.placeholder('correlationId'),
  subjectUserId: clientParam,
  readOnlyWork: true,
});

/**
 * A client's assignments and every result of each, in one statement with the read's audit row: the live
 * assignments first, then the stopped, each newest first; results oldest first.
 * Prepared, as the scores' read is: Drizzle no longer builds the SQL for every request.
 */
const clientMeasuresStatement = preparedStatement<{ kind: string; row: unknown }>(
  'measures_of_client',
  () => sql`with a as (
      select ${assignmentColumns('a')}, ${assignmentTimes('a')}, a.stopped_at is not null as stopped,
        a.created_at as created
      from measure_assignments a where a.client_id = ${clientParam}
    ), r as (
      select ${resultColumns} from measure_results r left join users u on u.id = r.entered_by_id
      where r.client_id = ${clientParam}
    ), audit as (${auditInsertSql(readAuditEntry('measure_assignment'), { from: sql`a`, id: sql`w.id` })})
    select 'a' as kind, row_to_json(a) as row, a.stopped, a.created, a.id, null::timestamptz as taken from a
    union all
    select 'r', row_to_json(r), null, null, r.id, r.taken_at::timestamptz from r
    order by kind, stopped, created desc, taken, id`,
);

export async function findClientMeasures(
  db: Db,
  input: { clientId: number } & AuditActor,
): Promise<{ assignments: AssignmentRow[]; results: ResultRow[] }> {
  const rows = await clientMeasuresStatement(db, { ...input });
  return {
    assignments: rows.filter((r) => r.kind === 'a').map((r) => stripOrder(r.row) as unknown as AssignmentRow),
    results: rows.filter((r) => r.kind === 'r').map((r) => r.row as ResultRow),
  };
}

const stripOrder = (row: unknown) => {
  const { stopped: _s, created: _c, ...rest } = row as Record<string, unknown>;
  return rest;
};

/** A client's live assignments with their latest result's day (what is due for them), with the read's audit row. */
export async function findLiveAssignments(
  db: Db,
  input: { clientId: number } & AuditActor,
): Promise<(AssignmentRow & { last_taken_on: string | null })[]> {
  const result = await db.execute(sql`with a as (
      select ${assignmentColumns('a')}, ${assignmentTimes('a')}, a.created_at as created,
        (select max(r.taken_on)::text from measure_results r where r.assignment_id = a.id) as last_taken_on
      from measure_assignments a where a.client_id = ${input.clientId} and a.stopped_at is null
    ), audit as (${auditInsertSql(
      {
        actorId: input.actorId,
        action: 'read',
        entity: 'measure_assignment',
        correlationId: input.correlationId,
        subjectUserId: input.clientId,
        details: { view: 'due' },
        readOnlyWork: true,
      },
      { from: sql`a`, id: sql`w.id` },
    )})
    select * from a order by created, id`);
  return rowsOf(result);
}

export interface NewResult {
  assignmentId: number;
  clientId: number;
  instrument: string;
  instrumentVersion: string;
  answers: Record<string, unknown>;
  activities: string[] | null;
  score: number;
  subscores: Record<string, number> | null;
  band: string | null;
  safety: boolean;
  takenAt: Date;
  takenOn: string;
  enteredById: number;
}

/** Saves a scored result and the request's audit row in one statement; answers its id. */
export async function insertResult(db: Db, input: NewResult & AuditActor): Promise<number> {
  const result = await db.execute(sql`with saved as (
      insert into measure_results (assignment_id, client_id, instrument, instrument_version, answers, activities,
        score, subscores, band, safety, taken_at, taken_on, entered_by_id)
      values (${input.assignmentId}, ${input.clientId}, ${input.instrument}, ${input.instrumentVersion},
        ${JSON.stringify(input.answers)}::jsonb, ${input.activities ? JSON.stringify(input.activities) : null}::jsonb,
        ${input.score}, ${input.subscores ? JSON.stringify(input.subscores) : null}::jsonb, ${input.band},
        ${input.safety}, ${input.takenAt.toISOString()}::timestamptz, ${input.takenOn}::date, ${input.enteredById})
      returning id, client_id
    ), audit as (${auditInsertSql(
      {
        actorId: input.actorId,
        action: 'create',
        entity: 'measure_result',
        correlationId: input.correlationId,
        details: { instrument: input.instrument, ...(input.safety ? { safety: true } : {}) },
      },
      { from: sql`saved`, id: sql`w.id`, subject: sql`w.client_id` },
    )})
    select id from saved`);
  return rowsOf<{ id: number }>(result)[0]!.id;
}

/** One result by id (a keyed repeat answers it again). */
export async function findResult(db: Db, id: number): Promise<(ResultRow & { client_id: number }) | null> {
  const result = await db.execute(
    sql`select ${resultColumns}, r.client_id from measure_results r left join users u on u.id = r.entered_by_id
      where r.id = ${id}`,
  );
  return rowsOf<ResultRow & { client_id: number }>(result)[0] ?? null;
}

/** A client's results on one instrument, oldest first, with the read's audit row (its details name the instrument). */
const scoresStatement = preparedStatement<ResultRow>(
  'measure_scores',
  () => sql`with r as (
      select ${resultColumns}, r.taken_at as at from measure_results r left join users u on u.id = r.entered_by_id
      where r.client_id = ${clientParam} and r.instrument = ${sql.placeholder('instrument')}::text
    ), audit as (${auditInsertSql(
      { ...readAuditEntry('measure_result'), details: sql.placeholder('details') },
      { from: sql`r`, id: sql`w.id` },
    )})
    select * from r order by at, id`,
);

export function findScores(
  db: Db,
  input: { clientId: number; instrument: string } & AuditActor,
): Promise<ResultRow[]> {
  return scoresStatement(db, { ...input, details: JSON.stringify({ instrument: input.instrument }) });
}

/** The clinic's own crisis text, or null for the default. */
export async function findCrisisText(db: Db, clinicId: number | null): Promise<string | null> {
  if (clinicId === null) return null;
  const result = await db.execute(sql`select crisis_text from clinics where id = ${clinicId}`);
  return rowsOf<{ crisis_text: string | null }>(result)[0]?.crisis_text ?? null;
}
