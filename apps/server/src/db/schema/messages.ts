import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { exercises } from './exercises';
import { media } from './media';
import { programs } from './programs';
import { users } from './users';

/**
 * docs/product/messages.md: one conversation per client (`client_id`), between the client and their care team. A
 * removed message keeps its row, without its text and media (`deleted_at`).
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    /** The day's exercise the message is about, when it is. */
    programId: integer('program_id').references(() => programs.id, { onDelete: 'set null' }),
    exerciseId: integer('exercise_id').references(() => exercises.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_client_id_idx').on(t.clientId, t.id),
    // The digest tick's look at the last day's messages (docs/product/messages.md#notifications).
    index('messages_created_at_idx').on(t.createdAt),
    // A message's photo or video served: whose conversation it belongs to (the audit's subject).
    index('messages_media_id_idx')
      .on(t.mediaId)
      .where(sql`${t.mediaId} is not null`),
  ],
);

/** How far each reader has read each conversation: every message up to `lastReadId`. */
export const messageReads = pgTable(
  'message_reads',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] })],
);
