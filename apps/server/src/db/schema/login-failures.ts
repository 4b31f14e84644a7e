import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Failed logins per email, for the 10-per-15-minutes rule shared by every API node. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_at_idx').on(t.email, t.at)],
);
