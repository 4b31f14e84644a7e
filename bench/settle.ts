import pg from 'pg';
import { databaseNameOf } from './config';

/**
 * Waits until no query runs on the bench database: a slow endpoint's requests go on in the server after the load
 * stops, and would otherwise be counted against the baseline run that follows.
 */
export async function openSettler(
  url: URL,
): Promise<{ settle: () => Promise<void>; close: () => Promise<void> }> {
  const db = new pg.Client({ connectionString: url.toString(), application_name: 'hep-bench-settle' });
  await db.connect();
  const settle = async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await db.query<{ busy: number }>(
        `select count(*)::int as busy from pg_stat_activity
         where datname = $1 and state = 'active' and backend_type = 'client backend' and pid <> pg_backend_pid()`,
        [databaseNameOf(url)],
      );
      if (rows[0]!.busy === 0) return;
      if (Date.now() > deadline) throw new Error('the bench database stayed busy for a minute after a run');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { settle, close: () => db.end() };
}
