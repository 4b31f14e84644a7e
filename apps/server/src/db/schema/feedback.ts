import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { exercises } from './exercises';
import { media } from './media';
import { programs } from './programs';
import { users } from './users';

/** A client's report on one exercise for one day: at most one per exercise and date. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    exerciseId: integer('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    /** Denormalised from the exercise so that a program's day status is one indexed query. */
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dateCompleted: date('date_completed', { mode: 'string' }).notNull(),
    effortRating: smallint('effort_rating').notNull(),
    /** Optional pain 0-10 (docs/product/feedback-and-progress.md#pain); null when the client did not say. */
    pain: smallint('pain'),
    feeling: text('feeling').notNull().default(''),
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    /** The carer who entered it for the client (docs/product/carers.md#levels); null when the client did. */
    enteredById: integer('entered_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feedback_exercise_date_idx').on(t.exerciseId, t.dateCompleted),
    index('feedback_program_date_idx').on(t.programId, t.dateCompleted),
    index('feedback_client_date_idx').on(t.clientId, t.dateCompleted),
    // A carer's account deleted sets their entries' entered_by_id to null: found through this, not a scan.
    index('feedback_entered_by_idx')
      .on(t.enteredById)
      .where(sql`${t.enteredById} is not null`),
    check('feedback_pain_range', sql`pain is null or pain between 0 and 10`),
  ],
);
