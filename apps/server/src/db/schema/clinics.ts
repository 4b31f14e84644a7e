import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const clinics = pgTable(
  'clinics',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** What a client who may be at risk is told at once (docs/product/outcome-measures.md#safety); null: the default. */
    crisisText: text('crisis_text'),
    /** A clinic may turn messages off (docs/product/messages.md#who). */
    messagesEnabled: boolean('messages_enabled').notNull().default(true),
    /** A client deactivated this many years ago is erased (docs/product/retention.md). */
    retentionYears: integer('retention_years').notNull().default(7),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('clinics_retention_years_range', sql`${t.retentionYears} between 1 and 100`)],
);
