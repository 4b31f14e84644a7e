import {
  DOSAGE_FIELDS,
  DOSAGE_RANGES,
  type Dosage,
  dosageInWords,
  type Side,
} from '@hep/shared/domain/dosage';
import { translateText } from './i18n/translated-resolver';
import type { TDosage } from '@hep/shared/schemas/dosage';

// docs/product/programs-and-exercises.md#dosage: a dosage as every form's inputs hold it (program, library and
// template exercises alike).

/** The dosage inputs' values: text, '' when not given. */
export type DosageFormValues = Record<Exclude<keyof TDosage, 'side'>, string> & { side: Side | '' };

export const blankDosage = (): DosageFormValues => ({
  sets: '',
  reps: '',
  hold_seconds: '',
  rest_seconds: '',
  times_per_day: '',
  side: '',
});

/** A dosage as the API gives it, in the form's inputs. */
export function dosageToForm(dose: Partial<TDosage>): DosageFormValues {
  const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
  return {
    sets: text(dose.sets),
    reps: text(dose.reps),
    hold_seconds: text(dose.hold_seconds),
    rest_seconds: text(dose.rest_seconds),
    times_per_day: text(dose.times_per_day),
    side: dose.side ?? '',
  };
}

/**
 * The form's dosage in words (docs/product/programs-and-exercises.md#dosage), for an exercise's summary: a field that
 * does not hold a whole number in its range is left out until it is fixed.
 */
export function dosageFormInWords(dose: DosageFormValues): string {
  const numbers: Dosage = {};
  for (const field of Object.keys(DOSAGE_RANGES) as (keyof typeof DOSAGE_RANGES)[]) {
    const text = dose[field].trim();
    const { min, max } = DOSAGE_RANGES[field];
    const n = Number(text);
    if (/^\d+$/.test(text) && n >= min && n <= max) numbers[field] = n;
  }
  if (dose.side) numbers.side = dose.side;
  return dosageInWords(numbers, translateText);
}

/**
 * The form's dosage as a save sends it: only the fields filled in (a save's exercise list leaves the others "not
 * given"); the server checks the ranges.
 */
export function dosageFromForm(dose: DosageFormValues): Partial<Record<keyof TDosage, string>> {
  return Object.fromEntries(
    DOSAGE_FIELDS.filter((field) => dose[field].trim() !== '').map((field) => [field, dose[field].trim()]),
  );
}
