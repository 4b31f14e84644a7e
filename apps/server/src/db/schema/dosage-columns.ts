import { sql } from 'drizzle-orm';
import { check, smallint, text } from 'drizzle-orm/pg-core';

/**
 * docs/product/programs-and-exercises.md#dosage: the optional dosage every kind of exercise carries (program,
 * library, template).
 */
export const dosageColumns = () => ({
  sets: smallint('sets'),
  reps: smallint('reps'),
  holdSeconds: smallint('hold_seconds'),
  restSeconds: smallint('rest_seconds'),
  timesPerDay: smallint('times_per_day'),
  side: text('side', { enum: ['left', 'right', 'both'] }),
});

/**
 * The ranges of docs/product/programs-and-exercises.md#dosage as CHECK constraints, so that no path can store a dose
 * the schemas refuse.
 */
export const dosageCheck = (table: string) =>
  check(
    `${table}_dosage_ranges`,
    sql`
      (sets is null or sets between 1 and 20) and (reps is null or reps between 1 and 100)
      and (hold_seconds is null or hold_seconds between 1 and 600)
      and (rest_seconds is null or rest_seconds between 0 and 600)
      and (times_per_day is null or times_per_day between 1 and 10)
      and (side is null or side in ('left', 'right', 'both'))`,
  );
