// `npx tsx bench/reminder-tick.ts`: the reminder tick on PostgreSQL at 100k clients and 1M feedback rows, in its own
// database (BENCH_REMINDERS_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/hep_bench_reminders, recreated).
// Prints the median tick of several consecutive minutes, then EXPLAIN (ANALYZE, BUFFERS) of every statement one tick
// runs, and whether any of them seq-scans users, programs, exercises or feedback.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { type Db, openPostgres } from '../apps/server/src/db/client';
import { createMailer } from '../apps/server/src/modules/mail/mailer';
import { runReminderTick } from '../apps/server/src/modules/reminders/reminders.service';

const CLIENTS = 100_000;
const MEASURED_TICKS = 9;
const url = new URL(
  process.env.BENCH_REMINDERS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hep_bench_reminders',
);
const ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Australia/Sydney',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Pacific/Auckland',
  'America/Sao_Paulo',
  'Africa/Johannesburg',
];

async function recreateDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: new URL('/postgres', url).toString() });
  await admin.connect();
  const name = url.pathname.slice(1);
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}

/** 100k clients in 12 zones, preferred times spread over the day (10% on the 09:00 default), one program each
 * (5% drafts) with 3 exercises, ~1M feedback rows over the past days, and a quarter of clients done for today. */
async function seed(client: pg.Client, today: string): Promise<void> {
  const zones = `ARRAY[${ZONES.map((z) => `'${z}'`).join(',')}]`;
  await client.query(`
    INSERT INTO clinics (name) VALUES ('Bench clinic');
    INSERT INTO users (email, first_name, last_name, is_therapist) VALUES ('therapist@bench.test', 'T', 'B', true);
    INSERT INTO users (email, first_name, last_name, receives_email, receives_notifications,
                       notification_preferred_time, notification_timezone)
    SELECT 'client' || g || '@bench.test', 'C', 'B', true, false,
      CASE WHEN g % 10 = 0 THEN NULL ELSE make_time(6 + (g / 12) % 16, ((g / 192) * 7) % 60, 0) END,
      (${zones})[1 + g % ${ZONES.length}]
    FROM generate_series(1, ${CLIENTS}) g;
    INSERT INTO programs (client_id, therapist_id, name, start_date, end_date, days_of_week, is_draft)
    SELECT u.id, (SELECT id FROM users WHERE is_therapist), 'Program', '${today}'::date - 60, '${today}'::date + 60,
      CASE u.id % 3 WHEN 0 THEN ARRAY['MON','WED','FRI'] WHEN 1 THEN ARRAY['TUE','THU','SAT']
        ELSE ARRAY['MON','TUE','WED','THU','FRI','SAT','SUN'] END, u.id % 20 = 0
    FROM users u WHERE NOT u.is_therapist;
    INSERT INTO exercises (program_id, position, name)
    SELECT p.id, k, 'Exercise ' || k FROM programs p CROSS JOIN generate_series(0, 2) k;
    INSERT INTO feedback (exercise_id, program_id, client_id, date_completed, effort_rating)
    SELECT e.id, p.id, p.client_id, '${today}'::date - d, 5
    FROM exercises e JOIN programs p ON p.id = e.program_id CROSS JOIN generate_series(1, 4) d
    WHERE (e.id * 7 + d) % 6 <> 0;
    INSERT INTO feedback (exercise_id, program_id, client_id, date_completed, effort_rating)
    SELECT e.id, p.id, p.client_id, '${today}'::date, 7
    FROM exercises e JOIN programs p ON p.id = e.program_id WHERE p.client_id % 4 = 0;
    ANALYZE;
  `);
}

/**
 * Wraps a pg client so that every data statement is first run under EXPLAIN (ANALYZE, BUFFERS) and rolled back
 * (a savepoint inside a transaction), then run for real: the plans of exactly what one tick sends.
 */
function explainEachStatement(client: pg.Client): string[] {
  const plans: string[] = [];
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
  let inTransaction = false;
  (client as unknown as { query: typeof query }).query = async (config, values) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    const params =
      typeof config === 'string' ? values : ((config as { values?: unknown[] }).values ?? values);
    if (/^\s*begin/i.test(text)) inTransaction = true;
    if (/^\s*(commit|rollback)/i.test(text)) inTransaction = false;
    if (/^\s*(select|insert|update|delete|with)/i.test(text) && !text.includes('pg_timezone_names')) {
      await query(inTransaction ? 'SAVEPOINT explain' : 'BEGIN');
      const result = await query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      await query(inTransaction ? 'ROLLBACK TO SAVEPOINT explain' : 'ROLLBACK');
      const plan = result.rows
        .map((r: Record<string, string>) => r['QUERY PLAN'])
        .join('\n')
        // The list of zone names PostgreSQL knows, inlined in the plan: 600 names that say nothing about it.
        .replace(/'\{[^}]{200,}\}'/g, "'{...}'");
      plans.push(`${text.replace(/\s+/g, ' ').trim()}\n${plan}`);
    }
    return query(config, values);
  };
  return plans;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const minutesAfter = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);

function contextFor(db: Db, now: () => Date): AppContext {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://bench.test', LOG_LEVEL: 'silent' });
  return {
    config,
    db,
    mailer: createMailer({ db, now }),
    secretKey: new TextEncoder().encode('bench-secret-key-that-is-long-enough-0123456789'),
    now,
  };
}

const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const today = start.toISOString().slice(0, 10);
console.log(`Recreating ${url.host}${url.pathname}, migrating, seeding ${CLIENTS} clients...`);
await recreateDatabase();
const database = await openPostgres(url.toString());
const direct = new pg.Client({ connectionString: url.toString() });
await direct.connect();
await seed(direct, today);
const counts = await direct.query(
  `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM programs) AS programs,
     (SELECT count(*) FROM exercises) AS exercises, (SELECT count(*) FROM feedback) AS feedback`,
);
console.log('rows:', counts.rows[0]);

const ctx = contextFor(database.db, () => start);
// Start-up: the first ticks catch up on the whole day so far; the reminders they queue count as delivered, so that
// the measured ticks are the steady state of a running server: each minute, the clients due in that minute.
for (let i = 0; i < 8; i += 1) await runReminderTick(ctx, start);
await direct.query(`UPDATE reminder_jobs SET status = 'sent' WHERE status IN ('pending', 'sending')`);
await direct.query(`DELETE FROM mail_outbox`);
await direct.query('VACUUM ANALYZE');

const timings: number[] = [];
for (let i = 1; i <= MEASURED_TICKS; i += 1) {
  const now = minutesAfter(start, i);
  const began = performance.now();
  const result = await runReminderTick({ ...ctx, now: () => now }, now);
  timings.push(performance.now() - began);
  console.log(
    `tick at ${now.toISOString()}: ${timings.at(-1)!.toFixed(1)} ms, enqueued ${result.enqueued}, sent ${result.sent}, skipped ${result.skipped}`,
  );
}
console.log(`median tick: ${median(timings).toFixed(1)} ms over ${MEASURED_TICKS} consecutive minutes`);

const explained = new pg.Client({ connectionString: url.toString() });
await explained.connect();
const plans = explainEachStatement(explained);
const explainAt = minutesAfter(start, MEASURED_TICKS + 1);
await runReminderTick(
  contextFor(drizzle({ client: explained }) as unknown as Db, () => explainAt),
  explainAt,
);
for (const plan of plans) console.log(`\n${plan}`);
const seqScans = plans.flatMap((p) => p.match(/Seq Scan on (users|programs|exercises|feedback)\b/g) ?? []);
console.log(
  `\n${plans.length} statements explained; seq scans on users/programs/exercises/feedback: ${seqScans.length ? seqScans.join(', ') : 'none'}`,
);

await explained.end();
await direct.end();
await database.close();
