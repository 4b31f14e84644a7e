// `npx tsx bench/library-search.ts [--quick]`: GET /api/library/exercises/?q=
// (docs/product/library-and-templates.md#search-and-tags) at 10,000 clinic items plus the starter library, as a ratio
// to a bare Fastify + pg route running the same search statement on the same database (its own:
// BENCH_LIBRARY_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/hep_bench_library, dropped and recreated).
// Runs bare, API, bare, and prints the plan of the search statement. The same file is the bare server when
// BENCH_LIBRARY_ROLE=bare (a child process, as bench/bare-server.ts is).
import Fastify from 'fastify';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { prefixTsquery } from '../apps/server/src/modules/library/library-search';
import { startServers } from './processes';
import { BENCH_PASSWORD, benchDatabaseUrl, LOAD, POOL_SIZE } from './config';
import { recreateDatabase } from './database';
import { call, login } from './http';
import { compareToBare, type LoadSpec } from './load';

const ITEMS = 10_000;
const CONNECTIONS = 10;
/** What a therapist types, one request each in turn: prefixes while typing, and whole words. */
const SEARCHES = ['bal', 'balance', 'stand reach', 'squ', 'hand grip', 'seated tw', 'step', 'slow'];

/** The search the API runs (library.repository findLibraryPage), as one plain statement. */
const SEARCH_SQL = `
  select id, starter_key, clinic_id, name, instructions, tags, sets, reps, hold_seconds, rest_seconds,
    times_per_day, side, image_media_id, video_media_id, created_at, updated_at, count(*) over () as total
  from library_exercises
  where (starter_key is not null or clinic_id = $1) and search @@ to_tsquery('english', $2)
  order by ts_rank(search, to_tsquery('english', $2)) desc, name, id
  limit 25`;

async function serveBare(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { q: string; clinic: string } }>('/bare/library', async (request) => {
    const { rows } = await pool.query(SEARCH_SQL, [
      Number(request.query.clinic),
      prefixTsquery(request.query.q),
    ]);
    return { results: rows, count: Number(rows[0]?.total ?? 0), next: null };
  });
  const stop = () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  console.log(`bare library server listening on ${await app.listen({ port: 0, host: '127.0.0.1' })}`);
}

/** 10,000 items of the bench clinic, words mixed so that each search finds some and ranks them. */
async function seed(url: URL): Promise<{ clinicId: number; email: string }> {
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const email = 'therapist@bench.test';
    const { rows } = await db.query<{ id: number }>(
      `insert into clinics (name) values ('Bench clinic') returning id`,
    );
    const clinicId = rows[0]!.id;
    const { rows: users } = await db.query<{ id: number }>(
      `insert into users (email, password_hash, first_name, last_name, is_therapist, agreed_to_terms)
       values ($1, $2, 'Terry', 'Bench', true, true) returning id`,
      [email, await hashPassword(BENCH_PASSWORD)],
    );
    await db.query(
      `insert into therapist_profiles (user_id, discipline, clinic_id) values ($1, 'Physiotherapist', $2)`,
      [users[0]!.id, clinicId],
    );
    await db.query(
      `insert into library_exercises (clinic_id, created_by_id, name, instructions, tags, sets, reps)
       select $1, $2,
         (array['Standing','Seated','Walking','Reaching','Gripping','Stepping','Turning','Lifting'])[1 + g % 8]
           || ' ' || (array['balance','march','reach','squeeze','stretch','twist','raise','press','slide','tap'])
           [1 + (g / 8) % 10] || ' ' || g,
         'Stand near a bench you can hold. '
           || (array['Move slowly and keep your back straight.','Squeeze the ball and let go.',
             'Step to the side and back.','Reach forward as far as is safe.','Hold the position, then rest.',
             'Turn your head and keep your eyes on the card.','Press your hand flat on the table.'])[1 + g % 7]
           || ' Do it again with the other side. Stop if it hurts.',
         array[(array['balance','gait','hand','seated','stroke','speech','vestibular'])[1 + g % 7],
           (array['strength','stretch','grip','standing','fatigue friendly'])[1 + (g / 7) % 5]],
         1 + g % 5, 5 + g % 10
       from generate_series(1, $3::int) g`,
      [clinicId, users[0]!.id, ITEMS],
    );
    await db.query('vacuum analyze');
    const plan = await db.query(`explain (analyze, costs off) ${SEARCH_SQL}`, [
      clinicId,
      prefixTsquery('bal'),
    ]);
    console.log(
      `\nThe search statement's plan for "bal":\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`,
    );
    return { clinicId, email };
  } finally {
    await db.end();
  }
}

const getEach = (pathOf: (q: string) => string, headers: Record<string, string> = {}) =>
  SEARCHES.map((q) => ({ method: 'GET' as const, path: pathOf(encodeURIComponent(q)), headers }));

async function main(): Promise<void> {
  const url = benchDatabaseUrl({
    BENCH_DATABASE_URL:
      process.env.BENCH_LIBRARY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hep_bench_library',
  });
  console.log(
    `Recreating ${url.host}${url.pathname} and seeding ${ITEMS.toLocaleString('en')} library items...`,
  );
  await recreateDatabase(url);
  const { clinicId, email } = await seed(url);
  const { api, bare, stop } = await startServers(url, {
    script: 'bench/library-search.ts',
    env: { BENCH_LIBRARY_ROLE: 'bare' },
  });
  try {
    const token = (await login(api.url, email)).access;
    const apiCheck = await call(`${api.url}/api/library/exercises/?q=bal`, { token });
    const bareCheck = await call(`${bare.url}/bare/library?q=bal&clinic=${clinicId}`);
    const counts = [apiCheck, bareCheck].map((r) => (r.body as { count?: number }).count);
    if (apiCheck.status !== 200 || bareCheck.status !== 200 || counts[0] !== counts[1] || !counts[0]) {
      throw new Error(
        `before timing: API ${apiCheck.status}, bare ${bareCheck.status}, counts ${counts.join(' vs ')}`,
      );
    }
    const bareSpec: LoadSpec = {
      url: bare.url,
      connections: CONNECTIONS,
      requests: getEach((q) => `/bare/library?q=${q}&clinic=${clinicId}`),
    };
    const apiSpec: LoadSpec = {
      url: api.url,
      connections: CONNECTIONS,
      requests: getEach((q) => `/api/library/exercises/?q=${q}`, { authorization: `Bearer ${token}` }),
    };
    const { api: apiRun, bareRps, ratio } = await compareToBare(bareSpec, apiSpec);
    console.log(
      `\nGET /api/library/exercises/?q= at ${ITEMS.toLocaleString('en')} items, ${CONNECTIONS} connections, ` +
        `${LOAD.seconds} s runs:\n  API ${apiRun.rps.toFixed(0)} req/s (p50 ${apiRun.p50} ms, p99 ${apiRun.p99} ms), ` +
        `bare ${bareRps.toFixed(0)} req/s, ratio ${ratio.toFixed(2)}`,
    );
  } finally {
    await stop();
  }
}

await (process.env.BENCH_LIBRARY_ROLE === 'bare' ? serveBare() : main());
