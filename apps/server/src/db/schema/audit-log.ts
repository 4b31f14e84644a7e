import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per audited request: who did what to which records, when, under which request. Never holds health
 * data. No foreign keys: the log outlives the rows it names and never slows their deletion. A trigger
 * (migration 0006) numbers each row and chains it to the one before: hash = sha256(prev_hash || row text).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetIds: bigint('target_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** The one user the records are about; null when none or several (then `details.subject_user_ids`). */
    subjectUserId: integer('subject_user_id'),
    outcome: text('outcome').notNull().default('ok'),
    correlationId: text('correlation_id'),
    details: jsonb('details'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectUserId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_correlation_idx').on(t.correlationId),
  ],
);

/** The chain's head: the last row's seq and hash, locked by each insert so that rows chain in one line. */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: boolean('id').primaryKey().default(true),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [check('audit_chain_head_one_row', sql`${t.id}`)],
);
