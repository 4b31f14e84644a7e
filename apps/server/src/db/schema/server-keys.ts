import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Keys the server generates once and every process shares (the VAPID key pair). */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
