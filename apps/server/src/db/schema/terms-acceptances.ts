import { boolean, index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    privacy: boolean('privacy').notNull(),
    waiver: boolean('waiver').notNull(),
    terms: boolean('terms').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('terms_acceptances_user_idx').on(t.userId)],
);
