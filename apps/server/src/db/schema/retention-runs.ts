import { jsonb, pgTable, date, timestamp } from 'drizzle-orm/pg-core';

/**
 * The daily retention job (docs/product/retention.md#the-job): one row per UTC day, inserted by the run that does
 * that day's work in the same transaction as the work, so of several processes only one runs it (the others wait on
 * the row, then find it taken); a run that fails rolls its row back and the next tick tries again.
 */
export const retentionRuns = pgTable('retention_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  /** Counts only (clients erased, files removed, rows pruned): never a name. */
  result: jsonb('result').notNull(),
});
