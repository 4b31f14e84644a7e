// `npx tsx bench/attention.ts [--quick]`: GET /api/attention/ (docs/product/feedback-and-progress.md#needs-attention)
// for a therapist whose clinic has 600 clients, among 100,000 background clients with 1,000,000 feedback rows
// (bench/seed-volume.ts), as a ratio to a bare Fastify + pg route running the same statement (the repository's own
// SQL text, audit row included) on the same database (its own: BENCH_ATTENTION_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/hep_bench_attention, dropped and recreated). Runs bare, API, bare; prints
// p50/p99 and the statement's plan (generic, as the prepared statement runs after its first executions), and fails
// when that plan reads feedback, users or programs with a Seq Scan. The same file is the bare server when
// BENCH_ATTENTION_ROLE=bare (a child process).
import { randomUUID } from 'node:crypto';
import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import pg from 'pg';
import {
  attentionListSql,
  attentionListValues,
} from '../apps/server/src/modules/attention/attention.repository';
import { withConnectionSettings } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { startServers } from './processes';
import { BENCH_PASSWORD, benchDatabaseUrl, LOAD, POOL_SIZE } from './config';
import { recreateDatabase } from './database';
import { call, login } from './http';
import { compareToBare, type LoadSpec } from './load';
import { seedVolume, VOLUME } from './seed-volume';

/** The bench clinic's caseload: a large clinic's, every client with a program and four weeks of reports. */
const CASELOAD = 600;
const CONNECTIONS = 10;
const CLINIC_ID = 900;
const THERAPIST_ID = 2_900_000;
const FIRST_CLIENT = 3_000_000;
const EMAIL = 'attention-therapist@bench.test';

/** The API's statement for a care team, as text and placeholders. */
const query = new PgDialect().sqlToQuery(attentionListSql('team'));

const zonesOf = async (db: pg.Pool | pg.Client) =>
  (await db.query<{ name: string }>('select name from pg_timezone_names')).rows.map((r) => r.name);

const valuesFor = (zones: string[], callerId: number) =>
  fillPlaceholders(
    query.params,
    attentionListValues({
      now: new Date(),
      zones,
      clinicId: CLINIC_ID,
      therapistId: callerId,
      callerId,
      correlationId: randomUUID(),
    }),
  );

async function serveBare(): Promise<void> {
  // As the API's pool (apps/server/src/db/client.ts): no JIT compiling, from each connection's start.
  const pool = new pg.Pool({
    connectionString: withConnectionSettings(process.env.DATABASE_URL!),
    max: POOL_SIZE,
  });
  const zones = await zonesOf(pool);
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { therapist: string } }>('/bare/attention', async (request) => {
    const { rows } = await pool.query({
      name: 'bare_attention',
      text: query.sql,
      values: valuesFor(zones, Number(request.query.therapist)),
    });
    return rows;
  });
  const stop = () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  console.log(`bare attention server listening on ${await app.listen({ port: 0, host: '127.0.0.1' })}`);
}

/**
 * The bench clinic, in a handful of generate_series statements: each client has one published program (some
 * started lately, some ending within days, daily or Mon/Wed/Fri) of 3 exercises and up to 4 weeks of reports with
 * gaps, some stopped a while ago, effort and pain spread from 0 to 10; one in ten never signed in. A fifth of all
 * clients (background ones too) have a reason marked reviewed.
 */
async function seedClinic(db: pg.Client, passwordHash: string, today: string): Promise<void> {
  await db.query(`insert into clinics (id, name) values ($1, 'Bench attention clinic')`, [CLINIC_ID]);
  await db.query(
    `insert into users (id, email, password_hash, first_name, last_name, is_therapist, agreed_to_terms)
     values ($1, $2, $3, 'Terry', 'Attention', true, true)`,
    [THERAPIST_ID, EMAIL, passwordHash],
  );
  await db.query(
    `insert into therapist_profiles (user_id, discipline, clinic_id) values ($1, 'Physiotherapist', $2)`,
    [THERAPIST_ID, CLINIC_ID],
  );
  await db.query(
    `insert into users (id, email, password_hash, first_name, last_name, date_of_birth, agreed_to_terms,
       notification_timezone, created_at, last_sign_in_at)
     select $1::int + g, 'attention-client-' || g || '@bench.test', $3, 'Client', 'Bench ' || g, '1960-05-01', true,
       (array[null, 'Australia/Sydney', 'Europe/London', 'America/New_York'])[1 + g % 4],
       now() - interval '60 days' + (g % 58) * interval '1 day',
       case when g % 10 = 0 then null else now() - interval '1 day' end
     from generate_series(1, $2::int) g`,
    [FIRST_CLIENT, CASELOAD, passwordHash],
  );
  await db.query(
    `insert into client_profiles (user_id, condition, clinic_id, created_by_id)
     select $1::int + g, 'Stroke', $3, $4 from generate_series(1, $2::int) g`,
    [FIRST_CLIENT, CASELOAD, CLINIC_ID, THERAPIST_ID],
  );
  await db.query(
    `insert into programs (id, client_id, therapist_id, name, start_date, end_date, days_of_week, is_draft)
     select $1::int + g, $1::int + g, $3, 'Program ' || g, $4::date - g % 45, $4::date + g % 31,
       case when g % 2 = 0 then '{MON,TUE,WED,THU,FRI,SAT,SUN}'::text[] else '{MON,WED,FRI}'::text[] end, false
     from generate_series(1, $2::int) g`,
    [FIRST_CLIENT, CASELOAD, THERAPIST_ID, today],
  );
  await db.query(
    `insert into exercises (id, program_id, position, name, instructions)
     select $1::int + 3 * (g - 1) + k, $1::int + g, k, 'Exercise ' || (k + 1), 'Ten slow repetitions.'
     from generate_series(1, $2::int) g, generate_series(0, 2) k`,
    [FIRST_CLIENT, CASELOAD],
  );
  // Client g reports exercise k on day -d unless it stopped (every 7th client, 8 to 12 days ago) or skips that day.
  await db.query(
    `insert into feedback (exercise_id, program_id, client_id, date_completed, effort_rating, pain, feeling)
     select $1::int + 3 * (g - 1) + k, $1::int + g, $1::int + g, $3::date - d, (g * 7 + d * 3 + k) % 11,
       case when (g + d) % 3 = 0 then null else (g + d * 2 + k) % 11 end, ''
     from generate_series(1, $2::int) g, generate_series(0, 2) k, generate_series(0, 28) d
     where d >= case when g % 7 = 0 then 8 + g % 5 else 0 end and (d + k + g) % 4 <> 0 and d <= g % 45`,
    [FIRST_CLIENT, CASELOAD, today],
  );
  // Reviews: a fifth of every clinic's clients had one reason marked reviewed in the last days.
  await db.query(
    `insert into attention_reviews (client_id, code, reviewed_at, reviewed_by_id)
     select u.id, (array['pain','high_effort','missed_streak','inactive','program_ending','not_activated'])[1 + u.id % 6],
       now() - (u.id % 5) * interval '1 day', null
     from users u where u.id % 5 = 0 and not u.is_therapist`,
  );
  for (const table of ['clinics', 'users', 'programs', 'exercises', 'feedback']) {
    await db.query(`select setval(pg_get_serial_sequence($1, 'id'), (select max(id) from ${table}))`, [
      table,
    ]);
  }
}

function literalOf(db: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    return db.escapeLiteral(`{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  }
  return db.escapeLiteral(String(value));
}

/** The plan PostgreSQL keeps for the prepared statement (generic), with the tables each Seq Scan reads. */
async function planOf(db: pg.Client): Promise<{ text: string; seqScans: string[] }> {
  const zones = await zonesOf(db);
  await db.query('begin');
  try {
    await db.query('set local jit = off');
    await db.query('set local plan_cache_mode = force_generic_plan');
    await db.query(`prepare attention_plan as ${query.sql}`);
    // EXPLAIN EXECUTE takes no bound parameters: the values go in as literals.
    const literals = valuesFor(zones, THERAPIST_ID).map((value) => literalOf(db, value));
    const plan = await db.query(
      `explain (analyze, costs off) execute attention_plan(${literals.join(', ')})`,
    );
    const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    const seqScans = [...text.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]!);
    return { text, seqScans };
  } finally {
    await db.query('rollback');
  }
}

async function seed(url: URL, today: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const started = performance.now();
    const hash = await hashPassword(BENCH_PASSWORD);
    await seedVolume(db, hash, today);
    await seedClinic(db, hash, today);
    await db.query('vacuum analyze');
    await db.query('checkpoint');
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    const plan = await planOf(db);
    console.log(`\nThe attention statement's generic plan (EXPLAIN ANALYZE):\n${plan.text}\n`);
    return plan.seqScans;
  } finally {
    await db.end();
  }
}

async function main(): Promise<void> {
  const url = benchDatabaseUrl({
    BENCH_DATABASE_URL:
      process.env.BENCH_ATTENTION_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hep_bench_attention',
  });
  const today = new Date().toISOString().slice(0, 10);
  console.log(
    `Recreating ${url.host}${url.pathname}: ${VOLUME.clients.toLocaleString('en')} background clients, ` +
      `${VOLUME.feedback.toLocaleString('en')} feedback rows, a clinic of ${CASELOAD} clients...`,
  );
  await recreateDatabase(url);
  const seqScans = await seed(url, today);
  const forbidden = seqScans.filter((table) => ['feedback', 'users', 'programs'].includes(table));
  if (forbidden.length > 0) throw new Error(`the plan has a Seq Scan on ${forbidden.join(', ')}`);

  const { api, bare, stop } = await startServers(url, {
    script: 'bench/attention.ts',
    env: { BENCH_ATTENTION_ROLE: 'bare' },
  });
  try {
    const token = (await login(api.url, EMAIL)).access;
    const apiCheck = await call(`${api.url}/api/attention/`, { token });
    const bareCheck = await call(`${bare.url}/bare/attention?therapist=${THERAPIST_ID}`);
    const listed = [apiCheck, bareCheck].map((r) => (Array.isArray(r.body) ? r.body.length : -1));
    if (apiCheck.status !== 200 || bareCheck.status !== 200 || listed[0] !== listed[1] || !listed[0]) {
      throw new Error(
        `before timing: API ${apiCheck.status}, bare ${bareCheck.status}, listed ${listed.join(' vs ')}`,
      );
    }
    const counts: Record<string, number> = {};
    for (const item of apiCheck.body as { reasons: { code: string }[] }[])
      for (const reason of item.reasons) counts[reason.code] = (counts[reason.code] ?? 0) + 1;
    console.log(`${listed[0]} of ${CASELOAD} clients listed; reasons: ${JSON.stringify(counts)}`);

    const bareSpec: LoadSpec = {
      url: bare.url,
      connections: CONNECTIONS,
      requests: [{ method: 'GET', path: `/bare/attention?therapist=${THERAPIST_ID}` }],
    };
    const apiSpec: LoadSpec = {
      url: api.url,
      connections: CONNECTIONS,
      requests: [{ method: 'GET', path: '/api/attention/', headers: { authorization: `Bearer ${token}` } }],
    };
    const {
      api: apiRun,
      bare: [before, after],
      bareRps,
      ratio,
    } = await compareToBare(bareSpec, apiSpec, 1);
    console.log(
      `\nGET /api/attention/ for ${CASELOAD} clients among ${VOLUME.clients.toLocaleString('en')}, ` +
        `${CONNECTIONS} connections, ${LOAD.seconds} s runs:\n  API ${apiRun.rps.toFixed(1)} req/s ` +
        `(p50 ${apiRun.p50} ms, p99 ${apiRun.p99} ms), bare ${bareRps.toFixed(1)} req/s ` +
        `(p50 ${before.p50}/${after.p50} ms, p99 ${before.p99}/${after.p99} ms), ratio ${ratio.toFixed(2)}`,
    );
  } finally {
    await stop();
  }
}

await (process.env.BENCH_ATTENTION_ROLE === 'bare' ? serveBare() : main());
