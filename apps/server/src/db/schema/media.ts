import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { programs } from './programs';
import { users } from './users';

/**
 * A stored photo or video. The bytes live in the media store under `storageKey`; rows are private and only
 * reachable through signed URLs. docs/product/library-and-templates.md#media-by-reference: one row is referenced by
 * any number of exercises (program, library, template); `program_media` holds it for each program that used it, so a
 * file goes only when nothing references it (`removeUnreferencedMedia`). `programId` is the program it was uploaded
 * for (the audit's subject), if any.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'set null' }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_program_idx').on(t.programId), index('media_owner_idx').on(t.ownerId)],
);

/**
 * docs/product/library-and-templates.md#media-by-reference: a program holds every file its exercises have used while
 * the program exists (its versions still show replaced ones). A media row goes only when no program, library item,
 * template or feedback holds it.
 */
export const programMedia = pgTable(
  'program_media',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id),
  },
  (t) => [primaryKey({ columns: [t.programId, t.mediaId] }), index('program_media_media_idx').on(t.mediaId)],
);
