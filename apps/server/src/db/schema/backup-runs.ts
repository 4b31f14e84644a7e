import { date, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The daily backup (docs/product/backups.md#daily-backups): one row per UTC day, taken by the process that writes that
 * day's backup before it starts. The copy runs outside any transaction (it takes minutes, and the embedded database
 * must stay free for requests meanwhile), so the row is committed as `running` first: a failed copy deletes it and
 * the next tick tries again; a copy whose process died stops beating (`heartbeat_at`) and another process takes the
 * day over.
 */
export const backupRuns = pgTable('backup_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  status: text('status', { enum: ['running', 'done'] }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** Sizes and counts only (the folder's name, bytes, files): never a name or a storage key. */
  result: jsonb('result'),
});
