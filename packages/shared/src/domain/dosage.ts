// The dosage of an exercise and the one way it is said in words, on every screen:
// docs/product/programs-and-exercises.md#dosage.

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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 90 -> "90 seconds", 120 -> "2 minutes", 150 -> "2 minutes 30 seconds". */
export function durationInWords(seconds: number): string {
  if (seconds < 60) return plural(seconds, 'second', 'seconds');
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (seconds < 120 && rest) return plural(seconds, 'second', 'seconds');
  return rest
    ? `${plural(minutes, 'minute', 'minutes')} ${plural(rest, 'second', 'seconds')}`
    : plural(minutes, 'minute', 'minutes');
}

const TIMES_A_DAY: Record<number, string> = { 1: 'once a day', 2: 'twice a day' };

/**
 * The dosage in words, parts joined by " · ": "3 sets of 10 · hold 5 seconds · left side · twice a day".
 * Empty when nothing is given.
 */
export function dosageInWords(dose: Dosage): string {
  const parts: string[] = [];
  const { sets, reps } = dose;
  if (sets && reps) parts.push(`${plural(sets, 'set', 'sets')} of ${reps}`);
  else if (sets) parts.push(plural(sets, 'set', 'sets'));
  else if (reps) parts.push(plural(reps, 'time', 'times'));
  if (dose.hold_seconds) parts.push(`hold ${durationInWords(dose.hold_seconds)}`);
  if (dose.rest_seconds) parts.push(`rest ${durationInWords(dose.rest_seconds)} between sets`);
  if (dose.side === 'both') parts.push('both sides');
  else if (dose.side) parts.push(`${dose.side} side`);
  if (dose.times_per_day) parts.push(TIMES_A_DAY[dose.times_per_day] ?? `${dose.times_per_day} times a day`);
  return parts.join(' · ');
}
