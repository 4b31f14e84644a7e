import { bigint, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

// What the System Metrics Dashboard reads (docs/product/staff.md#metrics-dashboard), kept by triggers in the same
// transaction as every write to users, profiles, programs and feedback (migration 0022, with the functions that
// recount them from scratch): the read is a handful of rows at any volume (docs/decisions/028-staff-counters.md).
// No foreign keys: the triggers keep them, and a cascade's order must not decide what they hold.

const counter = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * Feedback reports, and the rated ones (effort above 0) with their efforts' sum. A transaction adds to the row of
 * its shard (its backend's pid modulo 16), so concurrent saves rarely wait for each other; the read sums the rows.
 */
export const staffFeedbackCounts = pgTable('staff_feedback_counts', {
  shard: smallint('shard').primaryKey(),
  reports: counter('reports'),
  rated: counter('rated'),
  effortSum: counter('effort_sum'),
});

/** Users by kind, sharded like the feedback counts. */
export const staffUserCounts = pgTable('staff_user_counts', {
  shard: smallint('shard').primaryKey(),
  total: counter('total'),
  active: counter('active'),
  therapists: counter('therapists'),
  clients: counter('clients'),
});

/** Per clinic: its therapist and client profiles, all and those of active users. */
export const staffClinicCounts = pgTable('staff_clinic_counts', {
  clinicId: integer('clinic_id').primaryKey(),
  therapists: counter('therapists'),
  activeTherapists: counter('active_therapists'),
  clients: counter('clients'),
  activeClients: counter('active_clients'),
});

/** Per therapist: their programs, and the distinct clients of those (rows of staff_therapist_clients). */
export const staffTherapistCounts = pgTable('staff_therapist_counts', {
  therapistId: integer('therapist_id').primaryKey(),
  programs: counter('programs'),
  clients: counter('clients'),
});

/** A therapist's programs per client; a row exists while the count is above 0. */
export const staffTherapistClients = pgTable(
  'staff_therapist_clients',
  {
    therapistId: integer('therapist_id').notNull(),
    clientId: integer('client_id').notNull(),
    programs: counter('programs'),
  },
  (t) => [primaryKey({ columns: [t.therapistId, t.clientId] })],
);
