// `npx tsx bench/messages.ts [--quick]`: the two calls of a conversation (docs/product/messages.md#calls) at volume:
// `GET /api/clients/{id}/messages/?limit=50` (the newest page, read by a therapist of the client's care team) and
// `POST /api/clients/{id}/messages/` `{ text }` with a fresh Idempotency-Key (as the web app sends it), among 100,000
// conversations and 1,000,000 messages (bench/messages-seed.ts), each as a ratio to a bare Fastify + pg route
// sending the same statements on the same database (its own: BENCH_MESSAGES_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/hep_bench_messages, dropped and recreated). The statements are the API's own:
// each call's service function runs once on a recorded pool (bench/messages-calls.ts) and the bare route replays
// them (bench/recorded-statements.ts), in their order and transaction, with each request's values. Runs bare, API,
// bare for each call; prints p50/p99 and the page statement's plan (generic, as a prepared statement runs after its
// first executions), and fails when that plan reads messages or users with a Seq Scan. The same file is the bare
// server when BENCH_MESSAGES_ROLE=bare (a child process).
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { withConnectionSettings } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { BENCH_PASSWORD, benchDatabaseUrl, LOAD, POOL_SIZE } from './config';
import { recreateDatabase } from './database';
import { call, login } from './http';
import { type Compared, compareToBare, freshAddress, type LoadSpec } from './load';
import { LIST_PATH, PAGE, recordCalls, replaySend, type Row, SEND_PATH, TEXT } from './messages-calls';
import { BENCH_CONVERSATION as C, MESSAGES, seedMessages } from './messages-seed';
import { startServers } from './processes';
import { describeStatement, type RecordedStatement, replay } from './recorded-statements';
import { seedVolume, VOLUME } from './seed-volume';

const CONNECTIONS = 10;

async function serveBare(): Promise<void> {
  // As the API's pool (apps/server/src/db/client.ts): its size and connection settings.
  const pool = new pg.Pool({
    connectionString: withConnectionSettings(process.env.DATABASE_URL!),
    max: POOL_SIZE,
  });
  const calls = await recordCalls(pool);
  const app = Fastify({ logger: false });
  app.get('/bare/messages', async () => {
    const results = await replay(pool, calls.list, calls.listSwaps());
    return results.at(-1)!.rows;
  });
  app.post<{ Body: { text: string } }>('/bare/messages', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    const saved = await replaySend(pool, calls, { key: String(key), text: request.body.text });
    return reply.status(201).send(saved);
  });
  const stop = () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  console.log(`bare messages server listening on ${await app.listen({ port: 0, host: '127.0.0.1' })}`);
}

function literalOf(db: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return db.escapeLiteral(String(value));
}

/** The plan PostgreSQL keeps for the statement once prepared (generic), with the tables each Seq Scan reads. */
async function planOf(url: URL, statement: RecordedStatement): Promise<{ text: string; seqScans: string[] }> {
  // The API's connection settings (random_page_cost, JIT off): the plan it would get.
  const db = new pg.Client({ connectionString: withConnectionSettings(url.toString()) });
  await db.connect();
  try {
    await db.query('begin');
    await db.query('set local plan_cache_mode = force_generic_plan');
    await db.query(`prepare messages_page as ${statement.config.text}`);
    // EXPLAIN EXECUTE takes no bound parameters: the values go in as literals.
    const literals = statement.values.map((value) => literalOf(db, value));
    const plan = await db.query(`explain (analyze, costs off) execute messages_page(${literals.join(', ')})`);
    const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    const seqScans = [...text.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]!);
    return { text, seqScans };
  } finally {
    await db.query('rollback');
    await db.end();
  }
}

async function seed(url: URL, today: string): Promise<void> {
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const started = performance.now();
    const hash = await hashPassword(BENCH_PASSWORD);
    await seedVolume(db, hash, today);
    await seedMessages(db, hash);
    await db.query('vacuum analyze');
    await db.query('checkpoint');
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  } finally {
    await db.end();
  }
}

/** The API's statements for each call, printed, and the page statement's plan; fails on a Seq Scan it must not do. */
async function inspect(url: URL): Promise<void> {
  const pool = new pg.Pool({ connectionString: withConnectionSettings(url.toString()), max: 2 });
  try {
    const calls = await recordCalls(pool);
    console.log(`\nGET ${LIST_PATH} sends ${calls.list.length} statements:`);
    for (const s of calls.list) console.log(`  ${describeStatement(s)}`);
    console.log(
      `POST ${SEND_PATH} sends ${calls.send.length} before its answer and ${calls.afterSend.length} after:`,
    );
    for (const s of calls.send) console.log(`  ${describeStatement(s)}`);
    for (const s of calls.afterSend) console.log(`  (after the answer) ${describeStatement(s)}`);
    const plan = await planOf(url, calls.list.at(-1)!);
    console.log(`\nThe page statement's generic plan (EXPLAIN ANALYZE):\n${plan.text}\n`);
    const forbidden = plan.seqScans.filter((table) => ['messages', 'users'].includes(table));
    if (forbidden.length > 0) throw new Error(`the page plan has a Seq Scan on ${forbidden.join(', ')}`);
  } finally {
    await pool.end();
  }
}

/** A JSON send of TEXT with a fresh Idempotency-Key and X-Forwarded-For (clear of the per-address limit) each time. */
const sendEach = (path: string, token?: string): autocannon.Request => ({
  method: 'POST',
  path,
  setupRequest: (request) => ({
    ...request,
    headers: {
      ...request.headers,
      'content-type': 'application/json',
      'x-forwarded-for': freshAddress(),
      'idempotency-key': randomUUID(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ text: TEXT }),
  }),
});

/** Each call once as the load makes it: the expected 2xx, the API and the bare route answering alike. */
async function check(apiUrl: string, bareUrl: string, token: string): Promise<void> {
  const apiPage = await call(apiUrl + LIST_PATH, { token });
  const barePage = await call(`${bareUrl}/bare/messages`);
  const apiIds = ((apiPage.body as { results?: { id: number }[] }).results ?? []).map((m) => m.id);
  const bareIds = (Array.isArray(barePage.body) ? (barePage.body as Row[]) : []).map((r) => r.id);
  const next = (apiPage.body as { next?: unknown }).next;
  if (
    apiPage.status !== 200 ||
    barePage.status !== 200 ||
    apiIds.length !== PAGE ||
    bareIds.length !== PAGE + 1 ||
    apiIds.some((id, i) => id !== bareIds[i]) ||
    typeof next !== 'number'
  ) {
    throw new Error(
      `before timing, the page: API ${apiPage.status} (${apiIds.length} messages, next ${String(next)}), ` +
        `bare ${barePage.status} (${bareIds.length} rows)`,
    );
  }
  const headers = () => ({ 'idempotency-key': randomUUID() });
  const apiSend = await call(apiUrl + SEND_PATH, {
    method: 'POST',
    token,
    json: { text: TEXT },
    headers: headers(),
  });
  const bareSend = await call(`${bareUrl}/bare/messages`, {
    method: 'POST',
    json: { text: TEXT },
    headers: headers(),
  });
  const texts = [apiSend, bareSend].map((r) => (r.body as { text?: unknown }).text);
  if (apiSend.status !== 201 || bareSend.status !== 201 || texts.some((t) => t !== TEXT)) {
    throw new Error(
      `before timing, the send: API ${apiSend.status}, bare ${bareSend.status}: ` +
        JSON.stringify([apiSend.body, bareSend.body]).slice(0, 300),
    );
  }
}

const summary = (what: string, { api, bare: [before, after], bareRps, ratio }: Compared) =>
  `${what}, ${CONNECTIONS} connections, ${LOAD.seconds} s runs:\n  API ${api.rps.toFixed(1)} req/s ` +
  `(p50 ${api.p50} ms, p99 ${api.p99} ms), bare ${bareRps.toFixed(1)} req/s ` +
  `(p50 ${before.p50}/${after.p50} ms, p99 ${before.p99}/${after.p99} ms), ratio ${ratio.toFixed(2)}`;

async function main(): Promise<void> {
  const url = benchDatabaseUrl({
    BENCH_DATABASE_URL:
      process.env.BENCH_MESSAGES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hep_bench_messages',
  });
  const today = new Date().toISOString().slice(0, 10);
  console.log(
    `Recreating ${url.host}${url.pathname}: ${VOLUME.clients.toLocaleString('en')} conversations, ` +
      `${MESSAGES.toLocaleString('en')} messages (${C.messages} in the measured one)...`,
  );
  await recreateDatabase(url);
  await seed(url, today);
  await inspect(url);

  const { api, bare, stop } = await startServers(url, {
    script: 'bench/messages.ts',
    env: { BENCH_MESSAGES_ROLE: 'bare' },
  });
  try {
    const token = (await login(api.url, C.therapistEmail)).access;
    await check(api.url, bare.url, token);
    const auth = { authorization: `Bearer ${token}` };
    console.log(`\nGET ${LIST_PATH}`);
    const list = await compareToBare(
      { url: bare.url, connections: CONNECTIONS, requests: [{ method: 'GET', path: '/bare/messages' }] },
      {
        url: api.url,
        connections: CONNECTIONS,
        requests: [{ method: 'GET', path: LIST_PATH, headers: auth }],
      },
      1,
    );
    console.log(`\nPOST ${SEND_PATH}`);
    const bareSend: LoadSpec = {
      url: bare.url,
      connections: CONNECTIONS,
      requests: [sendEach('/bare/messages')],
    };
    const apiSend: LoadSpec = {
      url: api.url,
      connections: CONNECTIONS,
      requests: [sendEach(SEND_PATH, token)],
    };
    const send = await compareToBare(bareSend, apiSend, 1);
    const among = `among ${VOLUME.clients.toLocaleString('en')} conversations, ${MESSAGES.toLocaleString('en')} messages`;
    console.log(`\n${summary(`GET a page of ${PAGE} (${among})`, list)}`);
    console.log(summary(`POST a message with an Idempotency-Key (${among})`, send));
  } finally {
    await stop();
  }
}

await (process.env.BENCH_MESSAGES_ROLE === 'bare' ? serveBare() : main());
