import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { dosageCheck, dosageColumns } from './dosage';
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

export const exercises = pgTable(
  'exercises',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    instructions: text('instructions').notNull().default(''),
    imageId: integer('image_id').references(() => media.id, { onDelete: 'set null' }),
    videoId: integer('video_id').references(() => media.id, { onDelete: 'set null' }),
    ...dosageColumns(),
    /** The exercise this one was replicated from, if any. */
    sourceExerciseId: integer('source_exercise_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when an edit removes an exercise that clients have given feedback on: the exercise leaves the program
     * but stays with its feedback, which is never lost. Exercises without feedback are deleted.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('exercises_program_idx').on(t.programId, t.position),
    index('exercises_image_idx').on(t.imageId),
    index('exercises_video_idx').on(t.videoId),
    dosageCheck('exercises'),
  ],
);

/** A published state of a program: serves `/historical/?datetime=`. `snapshot` holds program + exercises. */
export const programVersions = pgTable(
  'program_versions',
  {
    id: serial('id').primaryKey(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    changeReason: text('change_reason').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('program_versions_program_at_idx').on(t.programId, t.createdAt)],
);

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
