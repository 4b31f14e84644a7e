import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CARER_ACCESS_LEVELS } from '@hep/shared/schemas/carers';
import { users } from './users';

/**
 * docs/product/carers.md: a carer's link to a client. Live while `ended_at` is null and `expires_on` (a UTC date) is
 * null or not yet past; at most one live link per carer and client.
 */
export const carerLinks = pgTable(
  'carer_links',
  {
    id: serial('id').primaryKey(),
    carerId: integer('carer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relationship: text('relationship').notNull(),
    access: text('access', { enum: CARER_ACCESS_LEVELS }).notNull(),
    /** The last day the link works (UTC); null: until ended. */
    expiresOn: date('expires_on', { mode: 'string' }),
    receivesReminders: boolean('receives_reminders').notNull().default(false),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('carer_links_live_idx')
      .on(t.carerId, t.clientId)
      .where(sql`${t.endedAt} is null`),
    index('carer_links_client_idx').on(t.clientId),
    index('carer_links_carer_idx').on(t.carerId),
    check(
      'carer_links_access_check',
      sql.raw(`access in (${CARER_ACCESS_LEVELS.map((a) => `'${a}'`).join(', ')})`),
    ),
  ],
);
