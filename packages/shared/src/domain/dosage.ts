// The dosage of an exercise and the one way it is said in words, on every screen:
// docs/product/programs-and-exercises.md#dosage.
import type { TTranslate } from '../texts/translate';

export const SIDES = ['left', 'right', 'both'] as const;
export type Side = (typeof SIDES)[number];

export const DOSAGE_RANGES = {
  sets: { min: 1, max: 20 },
  reps: { min: 1, max: 100 },
  hold_seconds: { min: 1, max: 600 },
  rest_seconds: { min: 0, max: 600 },
  times_per_day: { min: 1, max: 10 },
} as const;
export type DosageNumberField = keyof typeof DOSAGE_RANGES;

export interface Dosage {
  sets?: number | null;
  reps?: number | null;
  hold_seconds?: number | null;
  rest_seconds?: number | null;
  times_per_day?: number | null;
  side?: Side | null;
}

export const DOSAGE_FIELDS = [
  'sets',
  'reps',
  'hold_seconds',
  'rest_seconds',
  'times_per_day',
  'side',
] as const;

// Each part is one whole text for the catalogs, counts through ICU plurals (docs/product/languages.md).
const DOSAGE_TEXTS = {
  seconds: /*i18n*/ '{count, plural, one {# second} other {# seconds}}',
  minutes: /*i18n*/ '{count, plural, one {# minute} other {# minutes}}',
  minutesAndSeconds:
    /*i18n*/ '{minutes, plural, one {# minute} other {# minutes}} {seconds, plural, one {# second} other {# seconds}}',
  setsOfReps: /*i18n*/ '{sets, plural, one {# set} other {# sets}} of {reps}',
  sets: /*i18n*/ '{sets, plural, one {# set} other {# sets}}',
  reps: /*i18n*/ '{reps, plural, one {# time} other {# times}}',
  hold: /*i18n*/ 'hold {duration}',
  rest: /*i18n*/ 'rest {duration} between sets',
  bothSides: /*i18n*/ 'both sides',
  leftSide: /*i18n*/ 'left side',
  rightSide: /*i18n*/ 'right side',
  timesPerDay: /*i18n*/ '{count, plural, =1 {once a day} =2 {twice a day} other {# times a day}}',
} as const;

/** 90 -> "90 seconds", 120 -> "2 minutes", 150 -> "2 minutes 30 seconds", in the reader's language. */
export function durationInWords(seconds: number, t: TTranslate): string {
  if (seconds < 60) return t(DOSAGE_TEXTS.seconds, { count: seconds });
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (seconds < 120 && rest) return t(DOSAGE_TEXTS.seconds, { count: seconds });
  return rest
    ? t(DOSAGE_TEXTS.minutesAndSeconds, { minutes, seconds: rest })
    : t(DOSAGE_TEXTS.minutes, { count: minutes });
}

const SIDE_TEXT: Record<Side, string> = {
  both: DOSAGE_TEXTS.bothSides,
  left: DOSAGE_TEXTS.leftSide,
  right: DOSAGE_TEXTS.rightSide,
};

/**
 * The dosage in words, parts joined by " · ": "3 sets of 10 · hold 5 seconds · left side · twice a day", in the
 * reader's language. Empty when nothing is given.
 */
export function dosageInWords(dose: Dosage, t: TTranslate): string {
  const parts: string[] = [];
  const { sets, reps } = dose;
  if (sets && reps) parts.push(t(DOSAGE_TEXTS.setsOfReps, { sets, reps }));
  else if (sets) parts.push(t(DOSAGE_TEXTS.sets, { sets }));
  else if (reps) parts.push(t(DOSAGE_TEXTS.reps, { reps }));
  if (dose.hold_seconds)
    parts.push(t(DOSAGE_TEXTS.hold, { duration: durationInWords(dose.hold_seconds, t) }));
  if (dose.rest_seconds)
    parts.push(t(DOSAGE_TEXTS.rest, { duration: durationInWords(dose.rest_seconds, t) }));
  if (dose.side) parts.push(t(SIDE_TEXT[dose.side]));
  if (dose.times_per_day) parts.push(t(DOSAGE_TEXTS.timesPerDay, { count: dose.times_per_day }));
  return parts.join(' · ');
}
