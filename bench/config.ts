/** What one `npm run bench` run measures with, and where. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/hep_bench';

/**
 * Every run: 5 s after a 1 s warm-up, 2 rounds measured after one round run as they are and not counted
 * (bench/rounds.ts); `--quick` (a smoke test, not a measurement): 1 s, 1 round, no warm-up round.
 */
export const LOAD = process.argv.includes('--quick')
  ? { seconds: 1, warmupSeconds: 1, rounds: 1, warmupRounds: 0 }
  : { seconds: 5, warmupSeconds: 1, rounds: 2, warmupRounds: 1 };

/** The API's pool size (apps/server/src/db/client.ts): the bare server gets the same. */
export const POOL_SIZE = 10;

export const BENCH_PASSWORD = 'bench password 0123';

/** The bench drops and recreates its database, so it only touches one whose name says it is the bench's. */
export function benchDatabaseUrl(env: NodeJS.ProcessEnv = process.env): URL {
  const url = new URL(env.BENCH_DATABASE_URL || DEFAULT_DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^hep_bench[a-z0-9_]*$/.test(name)) {
    throw new Error(
      `BENCH_DATABASE_URL names the database "${name}": the bench drops and recreates its database, so it ` +
        'only uses one whose name starts with hep_bench (lower-case letters, digits and _ after it).',
    );
  }
  return url;
}

export const databaseNameOf = (url: URL) => decodeURIComponent(url.pathname.slice(1));
