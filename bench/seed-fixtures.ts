import type pg from 'pg';
import { addDays, weekStart } from '@hep/shared/domain/day-status';

/** The rows the measured requests use, in one clinic of their own; logins use BENCH_PASSWORD. */
export interface Fixtures {
  therapist: Account;
  staff: Account;
  /** The client whose week is read: 20 programs of 5 exercises, with a week of feedback. */
  weekClient: Account;
  /** The program whose month is read; its last exercise holds the 36-entry history. */
  monthProgram: number;
  historyExercise: number;
  /** The client who writes feedback during the create runs: every (exercise, day) pair is free. */
  writer: Account;
  writerExercises: number[];
  /** How many days back from `today` the writer's programs take feedback. */
  writerDays: number;
  therapistClients: number;
  today: string;
  monday: string;
}

export interface Account {
  id: number;
  email: string;
}

const ALL_DAYS = '{MON,TUE,WED,THU,FRI,SAT,SUN}';
const THERAPIST_CLIENTS = 220;
const WEEK_PROGRAMS = 20;
const HISTORY_ENTRIES = 36;
const WRITER_PROGRAMS = 10;
// Enough (exercise, day) pairs for both feedback rows and their same-statement runs, which save real entries too.
const WRITER_DAYS = 2_000;
/** The week client's conversation with the therapist, and their weekly GAD-7 over a year. */
const CONVERSATION_MESSAGES = 200;
const MEASURE_WEEKS = 52;

async function insertId(db: pg.Client, text: string, values: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`${text} returning id`, values);
  return rows[0]!.id;
}

async function insertUser(db: pg.Client, email: string, hash: string, role: 'staff' | 'therapist') {
  const id = await insertId(
    db,
    `insert into users (email, password_hash, first_name, last_name, is_staff, is_therapist, agreed_to_terms)
     values ($1, $2, $3, 'Bench', $4, $5, true)`,
    [email, hash, role === 'staff' ? 'Stacey' : 'Terry', role === 'staff', role === 'therapist'],
  );
  return { id, email };
}

/** Programs of `clientId`, each with `exercises` exercises, running every day from `start` to `end`. */
async function insertPrograms(
  db: pg.Client,
  clientId: number,
  therapistId: number,
  count: number,
  exercises: number,
  dates: { start: string; end: string },
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `insert into programs (client_id, therapist_id, name, start_date, end_date, days_of_week, is_draft)
     select $1, $2, 'Program ' || g, $4::date, $5::date, $6, false from generate_series(1, $3::int) g
     returning id`,
    [clientId, therapistId, count, dates.start, dates.end, ALL_DAYS],
  );
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  await db.query(
    `insert into exercises (program_id, position, name, instructions)
     select p, pos, 'Exercise ' || (pos + 1), 'Ten slow repetitions, rest between sets.'
     from unnest($1::int[]) p, generate_series(0, $2::int - 1) pos`,
    [ids, exercises],
  );
  return ids;
}

/** Messages between the client and the therapist, one an hour, taking turns, the newest now. */
async function seedConversation(db: pg.Client, clientId: number, therapistId: number): Promise<void> {
  await db.query(
    `insert into messages (client_id, sender_id, text, created_at)
     select $1::int, case when g % 2 = 0 then $1::int else $2::int end,
       'How did the sit to stand go this morning? (' || g || ')', now() - ($3::int - g) * interval '1 hour'
     from generate_series(1, $3::int) g`,
    [clientId, therapistId, CONVERSATION_MESSAGES],
  );
}

/** A weekly GAD-7 assigned a year ago, answered every week since. */
async function seedMeasures(db: pg.Client, clientId: number, therapistId: number, today: string) {
  const first = addDays(today, -7 * MEASURE_WEEKS);
  const assignment = await insertId(
    db,
    `insert into measure_assignments (client_id, instrument, first_due, every_days, created_by_id)
     values ($1, 'gad7', $2::date, 7, $3)`,
    [clientId, first, therapistId],
  );
  await db.query(
    `insert into measure_results (assignment_id, client_id, instrument, instrument_version, answers, score, band,
       taken_at, taken_on)
     select $1::int, $2::int, 'gad7', '1', a.answers, a.score, null, d + interval '10 hours', d
     from generate_series(0, $4::int - 1) w
     cross join lateral (select ($3::date + w * 7) as d) day
     cross join lateral (
       select jsonb_object_agg('gad7_' || i, (w + i) % 4) as answers, sum((w + i) % 4)::float8 as score
       from generate_series(1, 7) i
     ) a`,
    [assignment, clientId, first, MEASURE_WEEKS],
  );
}

export async function seedFixtures(db: pg.Client, hash: string, today: string): Promise<Fixtures> {
  const clinicId = await insertId(db, `insert into clinics (name) values ('Bench clinic')`, []);
  const therapist = await insertUser(db, 'therapist@bench.test', hash, 'therapist');
  await db.query(`insert into therapist_profiles (user_id, discipline, clinic_id) values ($1, $2, $3)`, [
    therapist.id,
    'Physiotherapist',
    clinicId,
  ]);
  const staff = await insertUser(db, 'staff@bench.test', hash, 'staff');

  const { rows: clients } = await db.query<Account>(
    `insert into users (email, password_hash, first_name, last_name, date_of_birth, mobile, agreed_to_terms)
     select 'client-' || g || '@bench.test', $2, 'Client', 'Number ' || g, '1960-05-01', '0400 111 222', true
     from generate_series(1, $1::int) g
     returning id, email`,
    [THERAPIST_CLIENTS, hash],
  );
  await db.query(
    `insert into client_profiles (user_id, condition, clinic_id, created_by_id)
     select u, 'Stroke', $2, $3 from unnest($1::int[]) u`,
    [clients.map((c) => c.id), clinicId, therapist.id],
  );
  const byEmail = (email: string) => clients.find((c) => c.email === email)!;
  const weekClient = byEmail('client-1@bench.test');
  const writer = byEmail('client-2@bench.test');

  const monday = weekStart(today);
  const weekPrograms = await insertPrograms(db, weekClient.id, therapist.id, WEEK_PROGRAMS, 5, {
    start: addDays(monday, -42),
    end: addDays(monday, 34),
  });
  // A week of feedback: the first three exercises of every program, each of the last seven days.
  await db.query(
    `insert into feedback (exercise_id, program_id, client_id, date_completed, effort_rating, feeling)
     select e.id, e.program_id, $2, $3::date - d, 5, 'Felt fine.'
     from exercises e, generate_series(0, 6) d
     where e.program_id = any($1::int[]) and e.position < 3`,
    [weekPrograms, weekClient.id, today],
  );
  const monthProgram = weekPrograms[0]!;
  const { rows: history } = await db.query<{ id: number }>(
    `select id from exercises where program_id = $1 and position = 4`,
    [monthProgram],
  );
  const historyExercise = history[0]!.id;
  await db.query(
    `insert into feedback (exercise_id, program_id, client_id, date_completed, effort_rating, feeling)
     select $1, $2, $3, $4::date - d, d % 11, 'Entry ' || d from generate_series(0, $5::int - 1) d`,
    [historyExercise, monthProgram, weekClient.id, today, HISTORY_ENTRIES],
  );

  await seedConversation(db, weekClient.id, therapist.id);
  await seedMeasures(db, weekClient.id, therapist.id, today);

  const writerPrograms = await insertPrograms(db, writer.id, therapist.id, WRITER_PROGRAMS, 10, {
    start: addDays(today, -WRITER_DAYS),
    end: addDays(today, 30),
  });
  const { rows: writerExercises } = await db.query<{ id: number }>(
    `select id from exercises where program_id = any($1::int[]) order by id`,
    [writerPrograms],
  );
  return {
    therapist,
    staff,
    weekClient,
    monthProgram,
    historyExercise,
    writer,
    writerExercises: writerExercises.map((r) => r.id),
    writerDays: WRITER_DAYS,
    therapistClients: THERAPIST_CLIENTS,
    today,
    monday,
  };
}
