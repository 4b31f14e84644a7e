import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The first answer to a request sent with an `Idempotency-Key` (docs/product/session.md#idempotency-key), per user,
 * kept 24 hours: a repeat gets the same answer; the same key with another body (`request_hash` differs) answers 422.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, the path and the body (its fields and each file's bytes). */
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
    // A keyed save purges the user's expired keys in its own statement: a range of this index, not every key the
    // user saved in the last day (decision 017).
    index('idempotency_keys_user_created_idx').on(t.userId, t.createdAt),
  ],
);
