// `npx tsx bench/audit-chains.ts [--quick] [--connections N] [--hold-ms M]`: audited insert throughput on PostgreSQL
// when every writer is in one clinic (one audit chain: what every request shared before
// docs/decisions/031-audit-chains-per-clinic.md) against the same writers split over two clinics (two chains), in its
// own database (BENCH_AUDIT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/hep_bench_audit_chains,
// recreated). Each writer is one connection running what an audited request does: a transaction that inserts its
// audit row (the real trigger picks the chain and locks its head), holds briefly as a request's remaining work would
// (pg_sleep of --hold-ms, default 2), and commits. Two clinics should come out near twice one clinic.
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { verdictLine, verifyAuditChain } from '../apps/server/src/modules/audit/audit-verify.service';
import { benchDatabaseUrl, LOAD } from './config';
import { recreateDatabase } from './database';

const argValue = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const CONNECTIONS = argValue('--connections', 16);
const HOLDS_MS = process.argv.includes('--hold-ms') ? [argValue('--hold-ms', 2)] : [0, 2];

const url = benchDatabaseUrl({
  BENCH_DATABASE_URL:
    process.env.BENCH_AUDIT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hep_bench_audit_chains',
});

const INSERT = {
  name: 'bench_audit_insert',
  text: `insert into audit_log (actor_id, action, target_type, target_ids, outcome, correlation_id)
    values ($1, 'read', 'program', '{1}', 'ok', 'bench')`,
};

/** Two clinics with one therapist each: the actors whose rows go to each clinic's chain. */
async function seed(client: pg.Client): Promise<[number, number]> {
  const actors: number[] = [];
  for (const name of ['Bench clinic A', 'Bench clinic B']) {
    const clinic = await client.query<{ id: number }>('insert into clinics (name) values ($1) returning id', [
      name,
    ]);
    const user = await client.query<{ id: number }>(
      `insert into users (email, first_name, last_name, is_therapist) values ($1, 'Bench', 'Therapist', true)
       returning id`,
      [`therapist-${clinic.rows[0]!.id}@bench.test`],
    );
    await client.query(
      `insert into therapist_profiles (user_id, discipline, clinic_id) values ($1, 'Physiotherapy', $2)`,
      [user.rows[0]!.id, clinic.rows[0]!.id],
    );
    actors.push(user.rows[0]!.id);
  }
  return [actors[0]!, actors[1]!];
}

/** Audited transactions per second, each connection writing as `actorOf(index)`. */
async function measure(clients: pg.Client[], actorOf: (index: number) => number, holdMs: number) {
  let counting = false;
  let done = 0;
  const start = Date.now();
  const warmEnd = start + LOAD.warmupSeconds * 1000;
  const end = warmEnd + LOAD.seconds * 1000;
  setTimeout(() => (counting = true), warmEnd - start);
  await Promise.all(
    clients.map(async (client, index) => {
      const actor = actorOf(index);
      while (Date.now() < end) {
        await client.query('begin');
        await client.query({ ...INSERT, values: [actor] });
        if (holdMs > 0) await client.query('select pg_sleep($1)', [holdMs / 1000]);
        await client.query('commit');
        if (counting && Date.now() < end) done += 1;
      }
    }),
  );
  return done / LOAD.seconds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  await recreateDatabase(url);
  const clients = Array.from(
    { length: CONNECTIONS },
    () => new pg.Client({ connectionString: url.toString() }),
  );
  await Promise.all(clients.map((c) => c.connect()));
  try {
    const [a, b] = await seed(clients[0]!);
    console.log(
      `Audited inserts per second, ${CONNECTIONS} connections, ${LOAD.seconds} s after ${LOAD.warmupSeconds} s ` +
        `warm-up, median of ${LOAD.rounds} round(s):`,
    );
    for (const holdMs of HOLDS_MS) {
      const one: number[] = [];
      const two: number[] = [];
      for (let round = 0; round < LOAD.rounds; round++) {
        one.push(await measure(clients, () => a, holdMs));
        two.push(await measure(clients, (i) => (i % 2 === 0 ? a : b), holdMs));
      }
      const [x, y] = [median(one), median(two)];
      console.log(
        `  hold ${holdMs} ms: one clinic ${x.toFixed(0)}/s, two clinics ${y.toFixed(0)}/s ` +
          `(${(y / x).toFixed(2)} x)`,
      );
    }
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  const database = await openPostgres(url.toString());
  try {
    console.log(verdictLine(await verifyAuditChain(database.db)));
  } finally {
    await database.close();
  }
}

await main();
