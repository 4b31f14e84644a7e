import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One reminder per client per local day. The unique (user, day) row is the "exactly once": whichever process
 * inserts it first owns the job; sending claims it with FOR UPDATE SKIP LOCKED and a lease, so a process that
 * dies mid-send leaves the job to be picked up again rather than lost.
 */
export const reminderJobs = pgTable(
  'reminder_jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client's local date the reminder is for. */
    day: date('day', { mode: 'string' }).notNull(),
    /** pending → sending → sent; or failed (after the last attempt), expired (its day passed), skipped (nothing left to remind of). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminder_jobs_user_day_idx').on(t.userId, t.day),
    index('reminder_jobs_status_idx').on(t.status, t.claimedAt),
  ],
);

/**
 * When the reminder tick next needs to look at each user (docs/decisions/006-reminders-exactly-once.md): the tick
 * reads only the rows due now through the index, so its cost follows the clients due this minute, not all clients.
 * '-infinity' means "at the next tick" (set by triggers when anything that decides a reminder changes); 'infinity',
 * "not until something changes".
 */
export const reminderSchedule = pgTable(
  'reminder_schedule',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkAt: timestamp('check_at', { withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
  },
  (t) => [index('reminder_schedule_check_at_idx').on(t.checkAt)],
);
