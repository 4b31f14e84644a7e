// The baselines: a bare Fastify 5 server over a `pg` pool of the API's size on the same database, doing the least
// a request can do there. Started by run.ts as a child process, as the API is; prints where it listens.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { drizzleTypes } from '../apps/server/src/db/drizzle-types';
import { POOL_SIZE } from './config';
import { replay, type Swaps } from './recorded-statements';
import { DRIZZLE_TYPES_MARK, type SameRecording, type SwapSource } from './same-recording';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: POOL_SIZE,
  application_name: 'hep-bench-bare',
});
const app = Fastify({ logger: false });

/** One indexed primary-key SELECT of a users row, returned as JSON. */
app.get<{ Params: { id: string } }>('/bare/select/:id', async (request, reply) => {
  const { rows } = await pool.query(
    'select id, email, first_name, last_name, is_staff, is_therapist, is_active from users where id = $1',
    [Number(request.params.id)],
  );
  return rows[0] ?? reply.status(404).send({ error: 'not found' });
});

interface InsertBody {
  exercise: number;
  date_completed: string;
  effort_rating: number;
  feeling?: string;
}

/** One INSERT into the bench's own table, answering its id. */
app.post<{ Body: InsertBody }>('/bare/insert', async (request, reply) => {
  const body = request.body;
  const { rows } = await pool.query<{ id: number }>(
    `insert into bench_inserts (exercise_id, date_completed, effort_rating, feeling)
     values ($1, $2, $3, $4) returning id`,
    [body.exercise, body.date_completed, body.effort_rating, body.feeling ?? ''],
  );
  return reply.status(201).send({ id: rows[0]!.id });
});

// The same-statement baselines (bench/same-statements.ts): the statements each bench row's API request sends, as
// recorded from the API's own code, loaded once by run.ts and replayed per request with its own values.
const recordings = new Map<string, SameRecording>();

app.post<{ Body: Record<string, SameRecording> }>(
  '/bare/recordings',
  { bodyLimit: 64 * 1024 * 1024 },
  async (request, reply) => {
    for (const [name, recording] of Object.entries(request.body)) {
      for (const statement of recording.statements)
        if ((statement.config.types as unknown) === DRIZZLE_TYPES_MARK) statement.config.types = drizzleTypes;
      recordings.set(name, recording);
    }
    return reply.status(204).send();
  },
);

/** Per refresh recording: the hash of the token its last replay issued, which the next one presents. */
const chains = new Map<SameRecording, unknown>();

/** A request's own values for the recorded ones a write must not repeat. */
function swapsFor(
  recording: SameRecording,
  body: Partial<InsertBody> | undefined,
  key: string | undefined,
): Swaps {
  const now = new Date();
  const own: Record<SwapSource, () => unknown> = {
    // The recording's own new token starts the chain.
    chain: () => chains.get(recording) ?? recording.swaps.find((swap) => swap.from === 'unique')!.value,
    // Set from the lookup's answer as the replay goes (replayChained).
    chainId: () => undefined,
    exercise: () => body?.exercise,
    date: () => body?.date_completed,
    effort: () => body?.effort_rating,
    key: () => key,
    unique: () => randomBytes(32).toString('hex'),
    now: () => now.toISOString(),
    cutoff: () => new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString(),
  };
  return new Map(recording.swaps.map((swap) => [swap.value, own[swap.from]()]));
}

/**
 * For a refresh's recording: the lookup of the presented token gives the id the rotation updates, and the token
 * issued becomes the next replay's presented one. Nothing for other recordings.
 */
function chainFollower(recording: SameRecording, swaps: Swaps) {
  const chain = recording.swaps.find((swap) => swap.from === 'chain');
  const chainId = recording.swaps.find((swap) => swap.from === 'chainId');
  if (!chain || !chainId) return undefined;
  const presented = swaps.get(chain.value);
  const issued = swaps.get(recording.swaps.find((swap) => swap.from === 'unique')!.value);
  return (statement: { values: unknown[] }, result: pg.QueryResult, last: boolean) => {
    if (statement.values.includes(chain.value)) {
      // The token's id, its row's first column (Drizzle reads rows as arrays).
      const row = result.rows[0] as unknown;
      const found = Array.isArray(row) ? row[0] : (row as { id?: unknown } | undefined)?.id;
      if (found === undefined) throw new Error(`the refresh chain broke: no token ${String(presented)}`);
      swaps.set(chainId.value, found);
    }
    // Once the new token is in (the last statement answered), it is the one the next replay presents.
    if (last) chains.set(recording, issued);
  };
}

app.route<{ Params: { name: string }; Body: InsertBody | undefined }>({
  method: ['GET', 'POST'],
  url: '/bare/same/:name',
  handler: async (request, reply) => {
    const recording = recordings.get(request.params.name);
    if (!recording) return reply.status(404).send({ error: `no recording ${request.params.name}` });
    const key = request.headers['idempotency-key'];
    const swaps = swapsFor(recording, request.body, key as string);
    const results = await replay(pool, recording.statements, swaps, chainFollower(recording, swaps));
    const rows = results.at(-1)?.rows ?? [];
    return reply.status(request.method === 'POST' ? 201 : 200).send(rows.length === 1 ? rows[0] : rows);
  },
});

const stop = () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bare server listening on ${address}`);
