import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per audited request: who did what to which records, when, under which request. Never holds health
 * data. No foreign keys: the log outlives the rows it names and never slows their deletion. A trigger
 * (modules/audit/audit-chain.sql.ts, migration 0023) puts each row in its clinic's chain, numbers it within that
 * chain and links it to the one before: hash = sha256(prev_hash || row text)
 * (docs/decisions/031-audit-chains-per-clinic.md).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** The chain: the clinic of the actor, else of the subject, else 0. Set by the trigger. */
    chainId: integer('chain_id').notNull().default(0),
    /** 1, 2, 3, … within the chain, with no gap. Set by the trigger. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
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
    primaryKey({ name: 'audit_log_chain_seq_pk', columns: [t.chainId, t.seq] }),
    index('audit_log_subject_idx').on(t.subjectUserId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_correlation_idx').on(t.correlationId),
  ],
);

/** Each chain's head: its last row's seq and hash, locked by each insert into that chain. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  chainId: integer('chain_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
