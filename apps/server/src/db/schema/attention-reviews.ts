import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * docs/product/feedback-and-progress.md#needs-attention: a therapist marked a client's reason (`code`) reviewed at
 * `reviewedAt`; the reason stays hidden until an event newer than that. One row per client and code, shared by the
 * client's care team.
 */
export const attentionReviews = pgTable(
  'attention_reviews',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    reviewedById: integer('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.code] })],
);
