import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { dosageCheck, dosageColumns } from './dosage-columns';
import { media } from './media';
import { programs } from './programs';

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
