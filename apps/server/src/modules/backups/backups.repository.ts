import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// Backups (docs/product/backups.md). Table and column names are those of db/schema: media.ts and backup-runs.ts.

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * What a copy must know about the database it copies, read in the copy's own snapshot (inside PGlite's exclusive
 * section, or in the transaction whose snapshot pg_dump uses), so that it names exactly the files the copy
 * references. Plain SQL text, one column per row: the embedded copy runs it through PGlite's wire protocol.
 */
export const COPY_FACTS_SQL = {
  media: `select storage_key, size::text, sha256 from media order by storage_key`,
  lastMigration: `select max(created_at)::text from drizzle.__drizzle_migrations`,
  postgresMajor: `select (current_setting('server_version_num')::int / 10000)::text`,
} as const;

/** Whether a media row still names `storageKey` now (outside the copy's snapshot). */
export async function mediaRowExists(db: Db, storageKey: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from media where storage_key = ${storageKey}`);
  return rowsOf(result).length > 0;
}

/** A claim whose process stopped beating this long ago is taken over. */
const STALE_CLAIM = sql`interval '10 minutes'`;

/**
 * Takes `day` for this process's backup: a new row, or one whose process stopped beating (it died mid-copy). false
 * when another process has the day (running or done). One statement, so of several processes exactly one gets it.
 */
export async function claimBackupDay(db: Db, day: string, now: Date): Promise<boolean> {
  const result = await db.execute(sql`insert into backup_runs (day, status, started_at, heartbeat_at)
    values (${day}::date, 'running', ${at(now)}, ${at(now)})
    on conflict (day) do update set status = 'running', started_at = excluded.started_at,
      heartbeat_at = excluded.heartbeat_at, finished_at = null, result = null
    where backup_runs.status = 'running' and backup_runs.heartbeat_at < ${at(now)} - ${STALE_CLAIM}
    returning day`);
  return rowsOf(result).length === 1;
}

/** Rows are this claim's by day and start time: a claim taken over by another process is no longer this one's. */
const ours = (day: string, startedAt: Date) =>
  sql`day = ${day}::date and started_at = ${at(startedAt)} and status = 'running'`;

export async function beatBackupClaim(db: Db, day: string, startedAt: Date, now: Date): Promise<void> {
  await db.execute(sql`update backup_runs set heartbeat_at = ${at(now)} where ${ours(day, startedAt)}`);
}

export async function finishBackupClaim(
  db: Db,
  day: string,
  startedAt: Date,
  now: Date,
  result: object,
): Promise<void> {
  await db.execute(sql`update backup_runs set status = 'done', finished_at = ${at(now)},
    result = ${JSON.stringify(result)}::jsonb where ${ours(day, startedAt)}`);
}

/** A failed copy gives the day back, so the next tick (here or on another process) tries again. */
export async function releaseBackupClaim(db: Db, day: string, startedAt: Date): Promise<void> {
  await db.execute(sql`delete from backup_runs where ${ours(day, startedAt)}`);
}
