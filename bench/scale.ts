// `npx tsx bench/scale.ts [--quick] [--reuse]`: the cost per client at scale (docs/product/operations.md#performance-targets). 1,000 clinics of 1,000
// clients each (1,000,000 clients, each with a program of 3 exercises and 2 recent reports: 3,000,000 exercises and
// 2,000,000 feedback rows) on PostgreSQL (BENCH_SCALE_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/hep_bench_scale, dropped and recreated unless --reuse). Measures a client's
// week list and a therapist's Needs attention (a 1,000-client caseload) through the real API: req/s, p50 and p99 at
// 10 connections, and the statements each request sends (recorded from the API's own code, bench/same-statements.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { addDays } from '@hep/shared/domain/day-status';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { startChild } from './child-process';
import { BENCH_PASSWORD, benchDatabaseUrl } from './config';
import { recreateDatabase } from './database';
import { call, login } from './http';
import { measure } from './load';
import { recordSameStatements } from './same-statements';

const CLINICS = 1_000;
const PER_CLINIC = 1_000;
const CLIENTS = CLINICS * PER_CLINIC;
/** The measured clinic, in the middle of the id ranges. */
const CLINIC = 500;
const CONNECTIONS = 10;

const therapistEmail = (clinic: number) => `scale-therapist-${clinic}@bench.test`;
const clientEmail = (n: number) => `scale-client-${n}@bench.test`;
/** Client n (1-based) belongs to clinic ceil(n / PER_CLINIC). */
const firstClientOf = (clinic: number) => (clinic - 1) * PER_CLINIC + 1;

async function seed(url: URL, today: string): Promise<void> {
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const started = performance.now();
  const step = async (what: string, text: string, values: unknown[] = []) => {
    const at = performance.now();
    await db.query(text, values);
    console.log(`  ${what}: ${((performance.now() - at) / 1000).toFixed(0)} s`);
  };
  try {
    const hash = await hashPassword(BENCH_PASSWORD);
    // Consistent by construction: foreign keys and triggers sit out the bulk load; the counters are recounted after.
    await db.query('set session_replication_role = replica');
    await step(
      'clinics',
      `insert into clinics (id, name) select g, 'Clinic ' || g from generate_series(1, $1::int) g`,
      [CLINICS],
    );
    await step(
      'therapists',
      `insert into users (id, email, password_hash, first_name, last_name, is_therapist, agreed_to_terms)
       select 5000000 + g, 'scale-therapist-' || g || '@bench.test', $2, 'Therapist', 'Clinic ' || g, true, true
       from generate_series(1, $1::int) g`,
      [CLINICS, hash],
    );
    await step(
      'therapist profiles',
      `insert into therapist_profiles (user_id, discipline, clinic_id)
       select 5000000 + g, 'Physiotherapist', g from generate_series(1, $1::int) g`,
      [CLINICS],
    );
    await step(
      'clients',
      `insert into users (id, email, password_hash, first_name, last_name, date_of_birth, agreed_to_terms,
         created_at, last_sign_in_at)
       select g, 'scale-client-' || g || '@bench.test', $2, 'Client', 'Scale ' || g, '1960-05-01', true,
         now() - interval '90 days', case when g % 10 = 0 then null else now() - (g % 20) * interval '1 day' end
       from generate_series(1, $1::int) g`,
      [CLIENTS, hash],
    );
    await step(
      'client profiles',
      `insert into client_profiles (user_id, condition, clinic_id, created_by_id)
       select g, 'Stroke', (g - 1) / $2::int + 1, 5000000 + (g - 1) / $2::int + 1 from generate_series(1, $1::int) g`,
      [CLIENTS, PER_CLINIC],
    );
    await step(
      'programs',
      `insert into programs (id, client_id, therapist_id, name, start_date, end_date, days_of_week, is_draft)
       select g, g, 5000000 + (g - 1) / $2::int + 1, 'Program ' || g, $3::date - g % 60, $3::date + g % 40,
         case when g % 2 = 0 then '{MON,TUE,WED,THU,FRI,SAT,SUN}'::text[] else '{MON,WED,FRI}'::text[] end, false
       from generate_series(1, $1::int) g`,
      [CLIENTS, PER_CLINIC, today],
    );
    await step(
      'exercises',
      `insert into exercises (id, program_id, position, name, instructions)
       select 3 * (g - 1) + k + 1, g, k, 'Exercise ' || (k + 1), 'Ten slow repetitions.'
       from generate_series(1, $1::int) g, generate_series(0, 2) k`,
      [CLIENTS],
    );
    await step(
      'feedback',
      `insert into feedback (exercise_id, program_id, client_id, date_completed, effort_rating, pain, feeling)
       select 3 * (g - 1) + 1 + d, g, g, $2::date - 1 - d * (1 + g % 5), (g + d) % 11,
         case when g % 3 = 0 then (g + d) % 11 end, ''
       from generate_series(1, $1::int) g, generate_series(0, 1) d`,
      [CLIENTS, today],
    );
    await db.query('set session_replication_role = origin');
    await step('staff counters', 'select staff_counts_recount()');
    for (const table of ['clinics', 'users', 'programs', 'exercises', 'feedback'])
      await db.query(`select setval(pg_get_serial_sequence($1, 'id'), (select max(id) from ${table}))`, [
        table,
      ]);
    await step('vacuum analyze', 'vacuum analyze');
    await db.query('checkpoint');
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  } finally {
    await db.end();
  }
}

async function main(): Promise<void> {
  const url = benchDatabaseUrl({
    BENCH_DATABASE_URL:
      process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hep_bench_scale',
  });
  const today = new Date().toISOString().slice(0, 10);
  if (!process.argv.includes('--reuse')) {
    console.log(`Recreating ${url.pathname.slice(1)} and seeding ${CLIENTS.toLocaleString('en')} clients...`);
    await recreateDatabase(url);
    await seed(url, today);
  }
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const client = clientEmail(firstClientOf(CLINIC) + 2);
  const therapist = therapistEmail(CLINIC);
  const rows = [
    {
      name: "a client's week list",
      path: `/api/programs/?start_date=${monday}&end_date=${addDays(monday, 6)}`,
      email: client,
    },
    { name: 'Needs attention, 1,000 clients', path: '/api/attention/', email: therapist },
  ];

  // Statements per request, from the API's own code (the second request of each: caller cached, list kept).
  const recordings = await recordSameStatements(
    url,
    rows.map((row) => ({ ...row, method: 'GET' as const })),
  );

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hep-bench-scale-'));
  const api = await startChild('API server', 'apps/server/src/server.ts', {
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    REMINDER_INTERVAL_MS: '0',
    MESSAGE_DIGEST_INTERVAL_MS: '0',
    RETENTION_INTERVAL_MS: '0',
    TRUST_PROXY: '1',
  });
  try {
    console.log(
      `\nAt ${CLIENTS.toLocaleString('en')} clients in ${CLINICS} clinics, ${CONNECTIONS} connections:\n`,
    );
    console.log('row                              first ms   req/s   p50 ms   p99 ms   statements/request');
    for (const row of rows) {
      const { access } = await login(api.url, row.email);
      // The first read on a fresh server: nothing kept yet (Needs attention runs its whole statement).
      const firstAt = performance.now();
      const first = await call(`${api.url}${row.path}`, { token: access });
      const firstMs = performance.now() - firstAt;
      if (first.status !== 200) throw new Error(`${row.name}: ${first.status}`);
      const spec = {
        url: api.url,
        connections: CONNECTIONS,
        requests: [
          { method: 'GET' as const, path: row.path, headers: { authorization: `Bearer ${access}` } },
        ],
      };
      const m = await measure(spec);
      if (m.non2xx > 0)
        throw new Error(`${row.name}: ${m.non2xx} non-2xx answers ${JSON.stringify(m.statuses)}`);
      const statements = recordings[row.name]!.statements.length;
      console.log(
        `${row.name.padEnd(32)} ${firstMs.toFixed(0).padStart(8)}  ${m.rps.toFixed(0).padStart(5)}  ${m.p50.toFixed(1).padStart(7)}  ${m.p99
          .toFixed(1)
          .padStart(7)}   ${statements}`,
      );
    }
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
