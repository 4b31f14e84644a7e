// The baselines: a bare Fastify 5 server over a `pg` pool of the API's size on the same database, doing the least
// a request can do there. Started by run.ts as a child process, as the API is; prints where it listens.
import Fastify from 'fastify';
import pg from 'pg';
import { POOL_SIZE } from './config';

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
