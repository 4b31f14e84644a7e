import type { Side } from '@hep/shared/domain/dosage';
import type { TDosage } from '@hep/shared/schemas/dosage';

/**
 * The dosage columns (docs/product/programs-and-exercises.md#dosage) as every exercise table names them in TypeScript
 * (see db/schema/dosage-columns.ts).
 */
export interface DosageValues {
  sets: number | null;
  reps: number | null;
  holdSeconds: number | null;
  restSeconds: number | null;
  timesPerDay: number | null;
  side: Side | null;
}

/** A save's checked dosage fields (absent means not given) as column values. */
export const dosageValues = (input: Partial<Record<keyof TDosage, unknown>>): DosageValues => ({
  sets: (input.sets as number | null | undefined) ?? null,
  reps: (input.reps as number | null | undefined) ?? null,
  holdSeconds: (input.hold_seconds as number | null | undefined) ?? null,
  restSeconds: (input.rest_seconds as number | null | undefined) ?? null,
  timesPerDay: (input.times_per_day as number | null | undefined) ?? null,
  side: (input.side as Side | null | undefined) ?? null,
});

/** Column values as the API names them. */
export const dosageFields = (row: DosageValues): TDosage => ({
  sets: row.sets,
  reps: row.reps,
  hold_seconds: row.holdSeconds,
  rest_seconds: row.restSeconds,
  times_per_day: row.timesPerDay,
  side: row.side,
});

/** The same fields in SQL, for a statement that shapes its JSON in PostgreSQL (`alias` is the exercise row). */
export const dosageJsonPairs = (alias: string) =>
  ['sets', 'reps', 'hold_seconds', 'rest_seconds', 'times_per_day', 'side']
    .map((column) => `'${column}', ${alias}.${column}`)
    .join(', ');
