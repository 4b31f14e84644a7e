import type pg from 'pg';
import { addDays } from '@hep/shared/domain/day-status';

/** Background volume in other clinics, so that every lookup the measured requests make has to use its index. */
export const VOLUME = {
  clinics: 100,
  clients: 100_000,
  exercisesPerProgram: 3,
  feedback: 1_000_000,
} as const;

const ALL_DAYS = '{MON,TUE,WED,THU,FRI,SAT,SUN}';

/**
 * Fixed id ranges (clients and their one program share their numbers), set by generate_series in a handful of
 * statements; the sequences move past them afterwards so the fixtures get ordinary ids.
 */
export async function seedVolume(db: pg.Client, passwordHash: string, today: string): Promise<void> {
  const { clinics, clients, exercisesPerProgram, feedback } = VOLUME;
  const exercises = clients * exercisesPerProgram;
  // Consistent by construction, so the foreign-key triggers can sit out the bulk load (needs a superuser).
  const skippedChecks = await db.query('set session_replication_role = replica').then(
    () => true,
    () => false,
  );
  await db.query(
    `insert into clinics (id, name) select 1000 + g, 'Background clinic ' || g from generate_series(1, $1::int) g`,
    [clinics],
  );
  await db.query(
    `insert into users (id, email, password_hash, first_name, last_name, is_therapist, agreed_to_terms)
     select 2000000 + g, 'bg-therapist-' || g || '@bench.test', $2, 'Therapist', 'Background ' || g, true, true
     from generate_series(1, $1::int) g`,
    [clinics, passwordHash],
  );
  await db.query(
    `insert into therapist_profiles (user_id, discipline, clinic_id)
     select 2000000 + g, 'Physiotherapist', 1000 + g from generate_series(1, $1::int) g`,
    [clinics],
  );
  await db.query(
    `insert into users (id, email, password_hash, first_name, last_name, date_of_birth, mobile, agreed_to_terms)
     select 1000000 + g, 'bg-client-' || g || '@bench.test', $2, 'Client', 'Background ' || g, '1960-05-01',
            '0400 111 222', true
     from generate_series(1, $1::int) g`,
    [clients, passwordHash],
  );
  await db.query(
    `insert into client_profiles (user_id, condition, clinic_id, created_by_id)
     select 1000000 + g, 'Stroke', 1001 + g % $2::int, 2000001 + g % $2::int from generate_series(1, $1::int) g`,
    [clients, clinics],
  );
  await db.query(
    `insert into programs (id, client_id, therapist_id, name, start_date, end_date, days_of_week, is_draft)
     select 1000000 + g, 1000000 + g, 2000001 + g % $2::int, 'Program ' || g, $3::date, $4::date, $5, false
     from generate_series(1, $1::int) g`,
    [clients, clinics, addDays(today, -60), addDays(today, 28), ALL_DAYS],
  );
  await db.query(
    `insert into exercises (id, program_id, position, name, instructions)
     select 1000000 + g, 1000001 + (g - 1) % $1::int, (g - 1) / $1::int, 'Exercise', 'Ten slow repetitions.'
     from generate_series(1, $2::int) g`,
    [clients, exercises],
  );
  // Entry g: exercise (g-1) mod E, every third day back from yesterday; program and client follow the exercise.
  await db.query(
    `insert into feedback (exercise_id, program_id, client_id, date_completed, effort_rating, feeling)
     select 1000001 + e, 1000001 + e % $1::int, 1000001 + e % $1::int, $4::date - 1 - ((g - 1) / $2::int) * 3,
            g % 11, ''
     from generate_series(1, $3::int) g, lateral (select (g - 1) % $2::int as e) x`,
    [clients, exercises, feedback, today],
  );
  if (skippedChecks) {
    await db.query('set session_replication_role = origin');
    // The triggers sat out the load too: the staff metrics' counters are recounted from the rows (migration 0022).
    await db.query('select staff_counts_recount()');
  }
  for (const table of ['clinics', 'users', 'programs', 'exercises', 'feedback']) {
    await db.query(`select setval(pg_get_serial_sequence($1, 'id'), (select max(id) from ${table}))`, [
      table,
    ]);
  }
}
