import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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

/** Who read or changed which record, when, under which request. Never holds health data itself. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    correlationId: text('correlation_id'),
    details: jsonb('details'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectUserId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);
