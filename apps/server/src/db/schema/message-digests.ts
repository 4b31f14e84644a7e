import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * docs/product/messages.md#notifications: when each member of a conversation (`clientId`) was last mailed that a
 * message waits unread, at most once in 6 hours. The key is the "exactly once": a digest tick claims the pair with an
 * insert that, on conflict, only moves `sentAt` on when the last mail is 6 hours old, so of two ticks at once (two
 * nodes) only one gets the row back and queues the mail.
 */
export const messageDigests = pgTable(
  'message_digests',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] })],
);
