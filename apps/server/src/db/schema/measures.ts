import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * docs/product/outcome-measures.md#schedule: a measure prescribed to a client, due on first_due and then every
 * every_days days (0 = once) up to ends_on. Stopping keeps the row and its results.
 */
export const measureAssignments = pgTable(
  'measure_assignments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instrument: text('instrument').notNull(),
    firstDue: date('first_due', { mode: 'string' }).notNull(),
    everyDays: smallint('every_days').notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [
    index('measure_assignments_client_idx').on(t.clientId, t.createdAt),
    check('measure_assignments_every_days', sql`every_days between 0 and 365`),
    check('measure_assignments_ends', sql`ends_on is null or ends_on >= first_due`),
  ],
);

/**
 * One scored response to an assignment (docs/product/outcome-measures.md#scoring). The score is kept as scored with
 * instrument_version, so a later change to an instrument never rescores the past. taken_on is the client's day.
 */
export const measureResults = pgTable(
  'measure_results',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => measureAssignments.id, { onDelete: 'cascade' }),
    /** Denormalised from the assignment: a client's trend of one instrument is one index range. */
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instrument: text('instrument').notNull(),
    instrumentVersion: text('instrument_version').notNull(),
    answers: jsonb('answers').notNull(),
    activities: jsonb('activities'),
    score: doublePrecision('score').notNull(),
    subscores: jsonb('subscores'),
    band: text('band'),
    safety: boolean('safety').notNull().default(false),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
    takenOn: date('taken_on', { mode: 'string' }).notNull(),
    enteredById: integer('entered_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('measure_results_assignment_idx').on(t.assignmentId, t.takenAt),
    index('measure_results_client_instrument_idx').on(t.clientId, t.instrument, t.takenAt),
    index('measure_results_entered_by_idx')
      .on(t.enteredById)
      .where(sql`${t.enteredById} is not null`),
  ],
);
