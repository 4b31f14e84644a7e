import { WEEKDAYS, type TWeekday } from '@hep/shared/domain/constants';
import { sortWeekdays, WEEKDAY_NAMES } from '@hep/shared/domain/weekdays';

const SHORT: Record<TWeekday, string> = {
  MON: 'Mon',
  TUE: 'Tue',
  WED: 'Wed',
  THU: 'Thu',
  FRI: 'Fri',
  SAT: 'Sat',
  SUN: 'Sun',
};

/** "Mon, Wed, Fri", "Every day", or "No days set"; `long` spells the names out. */
export function daysInWords(days: readonly TWeekday[], long = false): string {
  const sorted = sortWeekdays(days);
  if (sorted.length === 0) return 'No days set';
  if (sorted.length === WEEKDAYS.length) return 'Every day';
  return sorted.map((day) => (long ? WEEKDAY_NAMES[day] : SHORT[day])).join(', ');
}

/** "4 weeks", "1 week", or "No end date". */
export function weeksInWords(weeks: number | null): string {
  if (weeks === null) return 'No end date';
  return weeks === 1 ? '1 week' : `${weeks} weeks`;
}

/** "5 exercises", "1 exercise". */
export function exerciseCountInWords(count: number): string {
  return count === 1 ? '1 exercise' : `${count} exercises`;
}
