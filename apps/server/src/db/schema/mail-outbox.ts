import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The mail outbox (docs/decisions/010-mail-outbox.md). A request only inserts a row; the mail worker sends it.
 * Claiming is FOR UPDATE SKIP LOCKED with a lease, so among N processes each mail is sent once, and a process that
 * dies mid-send leaves the row to be picked up again when its lease ends.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** A short template name for the logs (reset, activation, reminder…): never personal data. */
    purpose: text('purpose').notNull().default('mail'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** The body, blanked once the mail is sent or given up (it may hold a working one-time link). */
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** pending → sending → sent; or back to pending after a failed attempt; failed after the last attempt. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the row is next due: for a pending row, its next attempt; for a sending row, the end of its lease
     * (a process that claimed it and went quiet this long is presumed dead, and the row is due again).
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The transport's error of the last failed attempt, with the recipient's address removed. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('pending', 'sending')`),
  ],
);
