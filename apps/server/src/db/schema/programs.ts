import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** MON..SUN, kept sorted Monday first. */
    daysOfWeek: text('days_of_week').array().notNull().default([]),
    isDraft: boolean('is_draft').notNull().default(true),
    /** Optimistic concurrency: every save bumps it; a save carrying an older one answers 409. */
    version: integer('version').notNull().default(1),
    /**
     * When the client was last told this program changed: at most one notification per hour
     * (docs/product/reminders-and-notifications.md#change-notifications).
     */
    changeNotifiedAt: timestamp('change_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('programs_client_dates_idx').on(t.clientId, t.startDate, t.endDate),
    index('programs_therapist_idx').on(t.therapistId),
  ],
);
