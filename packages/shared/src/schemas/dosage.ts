import { z } from 'zod';
import { DOSAGE_RANGES, type DosageNumberField, SIDES } from '../domain/dosage';

/**
 * The dosage of an exercise as every response carries it, null when not given
 * (docs/product/programs-and-exercises.md#dosage).
 */
export const ZDosage = z.object({
  sets: z.number().nullable(),
  reps: z.number().nullable(),
  hold_seconds: z.number().nullable(),
  rest_seconds: z.number().nullable(),
  times_per_day: z.number().nullable(),
  side: z.enum(SIDES).nullable(),
});
export type TDosage = z.infer<typeof ZDosage>;

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** One whole number in its range, or blank/null for "not given"; a form's text is read as a number. */
const dosageNumber = (field: DosageNumberField) => {
  const { min, max } = DOSAGE_RANGES[field];
  const message = `Enter a whole number from ${min} to ${max}.`;
  return z.preprocess(
    blankToNull,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).nullable(),
  );
};

/**
 * The dosage fields of a save: each optional, blank meaning "not given"
 * (docs/product/programs-and-exercises.md#dosage).
 */
export const dosageInputShape = {
  sets: dosageNumber('sets').optional(),
  reps: dosageNumber('reps').optional(),
  hold_seconds: dosageNumber('hold_seconds').optional(),
  rest_seconds: dosageNumber('rest_seconds').optional(),
  times_per_day: dosageNumber('times_per_day').optional(),
  side: z
    .preprocess(blankToNull, z.enum(SIDES, { error: /*i18n*/ 'Choose left, right or both.' }).nullable())
    .optional(),
};
export const ZDosageInput = z.object(dosageInputShape);
export type TDosageInput = z.input<typeof ZDosageInput>;
