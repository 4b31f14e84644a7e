// `npx tsx bench/staff-metrics.ts [--quick] [--reuse]`: the staff metrics read (GET /api/metrics/,
// docs/product/staff.md#metrics-dashboard) and the staff name search (GET /api/users/clients/?q=,
// docs/product/clients.md#search) at the bench's volume (bench/seed-volume.ts: 100,000 clients, 100,000 programs,
// 1,000,000 feedback rows), on a database of its own (BENCH_STAFF_METRICS_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/hep_bench_staff_metrics, dropped and recreated unless --reuse).
// Prints p50/p95 of the API's metrics read (the service function, on a pool as the API opens it) beside the
// full-scan read it replaced, a report's insert with and without the counters' trigger, then writes through the
// triggers (feedback added and deleted, clients deactivated and erased by cascade) and fails unless both reads still
// answer the same JSON. Last, the name search beside the `strpos` match it replaced, and its plan: it fails unless
// the search reads users through users_name_trgm_idx (docs/decisions/028-staff-counters.md).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { withConnectionSettings } from '../apps/server/src/db/client';
import { knownZones } from '../apps/server/src/db/known-zones';
import { findClientPage } from '../apps/server/src/modules/clients/clients.repository';
import { getMetricsByFullScan } from '../apps/server/src/modules/metrics/metrics-full-scan.test-support';
import { getMetrics } from '../apps/server/src/modules/metrics/metrics.service';
import { benchDatabaseUrl, POOL_SIZE } from './config';
import { recreateDatabase } from './database';
import { recordStatements } from './recorded-statements';
import { seedVolume, VOLUME } from './seed-volume';

const QUICK = process.argv.includes('--quick');
const RUNS = QUICK ? 5 : 40;
/** A name one background client has ("Background 4321"), and ten more whose number starts with it. */
const SEARCH_TERM = 'background 4321';

/** The name search as it matched before 0022: `strpos` over every listed client, which no index answers. */
const STRPOS_MATCH = `select count(*) from client_profiles cp join users u on u.id = cp.user_id
  where u.is_active and not u.is_staff and not u.is_therapist and not u.is_carer
    and (strpos(lower(u.first_name || ' ' || u.last_name), lower($1)) > 0
      or strpos(lower(u.last_name || ', ' || u.first_name), lower($1)) > 0)`;

/** One report saved per transaction, as the API saves them: what the counter's upsert adds to each. */
async function timeSingleInserts(pool: pg.Pool, label: string, firstExercise: number): Promise<void> {
  const insert = `insert into feedback (exercise_id, program_id, client_id, date_completed, effort_rating, feeling)
    select e.id, e.program_id, p.client_id, current_date + 3, 5, ''
    from exercises e join programs p on p.id = e.program_id where e.id = $1 on conflict do nothing`;
  // Free those days again for a run with --reuse.
  await pool.query(
    'delete from feedback where exercise_id between $1 and $1 + 100 and date_completed = current_date + 3',
    [firstExercise],
  );
  let next = firstExercise;
  await timed(label, () => pool.query(insert, [next++]));
}

async function timed(what: string, work: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await work();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  console.log(`${what.padEnd(34)} p50 ${at(0.5).toFixed(1).padStart(8)} ms   p95 ${at(0.95).toFixed(1)} ms`);
  return at(0.5);
}

async function seed(url: URL): Promise<void> {
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const started = performance.now();
    const today = new Date().toISOString().slice(0, 10);
    await seedVolume(db, 'not a password hash', today);
    await db.query('vacuum analyze');
    console.log(
      `Seeded ${VOLUME.feedback.toLocaleString('en')} feedback rows and ` +
        `${VOLUME.clients.toLocaleString('en')} clients in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    );
  } finally {
    await db.end();
  }
}

/** Writes as the app's paths would, each through the triggers: what the counters must follow. */
async function writeThroughTriggers(pool: pg.Pool): Promise<void> {
  const steps: [string, string][] = [
    [
      '20,000 feedback rows added in one statement',
      `insert into feedback (exercise_id, program_id, client_id, date_completed, effort_rating, feeling)
       select e.id, e.program_id, p.client_id, current_date + 1, e.id % 11, ''
       from exercises e join programs p on p.id = e.program_id where e.id between 1000001 and 1020000
       on conflict do nothing`,
    ],
    [
      '200 feedback rows added one by one',
      `do $$ begin for i in 1..200 loop
         insert into feedback (exercise_id, program_id, client_id, date_completed, effort_rating, feeling)
         select e.id, e.program_id, p.client_id, current_date + 2, i % 11, ''
         from exercises e join programs p on p.id = e.program_id where e.id = 1000000 + i on conflict do nothing;
       end loop; end $$`,
    ],
    [
      '5,000 feedback rows deleted',
      `delete from feedback where id in (select id from feedback where id % 101 = 0 limit 5000)`,
    ],
    [
      'efforts changed on 1,000 rows',
      `update feedback set effort_rating = 10 - effort_rating where id % 997 = 0`,
    ],
    ['1,000 clients deactivated', `update users set is_active = false where id between 1000001 and 1001000`],
    ['a therapist deactivated', `update users set is_active = false where id = 2000003`],
    [
      'a client moved to another clinic',
      `update client_profiles set clinic_id = 1002 where user_id = 1001500`,
    ],
    [
      'a program handed to another therapist',
      `update programs set therapist_id = 2000005 where id = 1001600`,
    ],
    [
      '200 deactivated clients erased (cascade)',
      `delete from users where id between 1000001 and 1000200 and not is_active`,
    ],
  ];
  for (const [what, text] of steps) {
    const started = performance.now();
    const { rowCount } = await pool.query(text);
    const ms = performance.now() - started;
    console.log(
      `${what.padEnd(44)} ${String(rowCount ?? '').padStart(6)} rows ${ms.toFixed(0).padStart(6)} ms`,
    );
  }
}

async function main(): Promise<void> {
  const url = benchDatabaseUrl({
    BENCH_DATABASE_URL:
      process.env.BENCH_STAFF_METRICS_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/hep_bench_staff_metrics',
  });
  if (!process.argv.includes('--reuse')) {
    await recreateDatabase(url);
    await seed(url);
  }
  const pool = new pg.Pool({ connectionString: withConnectionSettings(url.toString()), max: POOL_SIZE });
  const db = drizzle({ client: pool });
  let failed = false;
  try {
    const { rows } = await pool.query<{ n: string }>('select count(*) as n from feedback');
    console.log(
      `\nStaff metrics at ${Number(rows[0]!.n).toLocaleString('en')} feedback rows (${RUNS} runs):`,
    );
    await timed('full scan (the read before 0022)', () => getMetricsByFullScan(db));
    await timed('GET /api/metrics/ read', () => getMetrics({ db }));

    console.log("\nOne report saved per statement, with and without the counters' trigger:");
    await timeSingleInserts(pool, 'feedback insert, counted', 1_100_001);
    await pool.query('alter table feedback disable trigger feedback_staff_counts_insert');
    try {
      await timeSingleInserts(pool, 'feedback insert, not counted', 1_200_001);
    } finally {
      await pool.query('alter table feedback enable trigger feedback_staff_counts_insert');
    }
    // The uncounted ones are counted again before the comparison below.
    await pool.query('select staff_counts_recount()');

    console.log('\nWrites through the counters:');
    await writeThroughTriggers(pool);
    const [counted, scanned] = await Promise.all([getMetrics({ db }), getMetricsByFullScan(db)]);
    const same = JSON.stringify(counted) === JSON.stringify(scanned);
    console.log(`After them, the read ${same ? 'answers the same JSON as' : 'DIFFERS from'} the full scan.`);
    if (!same) {
      failed = true;
      console.log(JSON.stringify({ counted, scanned }).slice(0, 2000));
    }

    console.log(`\nStaff name search "${SEARCH_TERM}" over ${VOLUME.clients.toLocaleString('en')} clients:`);
    const clock = { now: new Date(), zones: await knownZones(db) };
    const search = { by: 'name', term: SEARCH_TERM } as const;
    const page = { offset: 0, limit: 50 };
    const { result, statements } = await recordStatements(pool, () =>
      findClientPage(db, { all: true }, search, page, clock),
    );
    console.log(`${result.count} clients match.`);
    await timed('name match by strpos (before 0022)', () => pool.query(STRPOS_MATCH, [SEARCH_TERM]));
    await timed('search page (API statement)', () => findClientPage(db, { all: true }, search, page, clock));
    const statement = statements[0]!;
    const plan = await pool.query({
      text: `explain (analyze, costs off) ${statement.config.text}`,
      values: statement.values,
    });
    const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    // The adherence subplans quote every time zone name: their lines are cut.
    const lines = text.split('\n').map((line) => (line.length > 160 ? `${line.slice(0, 157)}...` : line));
    const cut = lines.findIndex((line) => line.includes('SubPlan'));
    console.log((cut < 0 ? lines : lines.slice(0, cut)).join('\n'));
    if (/Seq Scan on users/.test(text) || !/users_name_trgm_idx/.test(text)) {
      failed = true;
      console.log('The search does not read users through users_name_trgm_idx.');
    }
  } finally {
    await pool.end();
  }
  if (failed) process.exitCode = 1;
}

await main();
