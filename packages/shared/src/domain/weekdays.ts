import { WEEKDAYS, type TWeekday } from './constants';

/** Day badges of the program view (docs/product/programs-and-exercises.md#program-view). */
export const WEEKDAY_BADGES: Record<TWeekday, string> = {
  MON: 'M',
  TUE: 'Tu',
  WED: 'W',
  THU: 'Th',
  FRI: 'F',
  SAT: 'Sa',
  SUN: 'Su',
};

export const WEEKDAY_NAMES: Record<TWeekday, string> = {
  MON: 'Monday',
  TUE: 'Tuesday',
  WED: 'Wednesday',
  THU: 'Thursday',
  FRI: 'Friday',
  SAT: 'Saturday',
  SUN: 'Sunday',
};

/** Sorted Monday first, duplicates removed. */
export function sortWeekdays(days: readonly TWeekday[]): TWeekday[] {
  return WEEKDAYS.filter((day) => days.includes(day));
}

/** MON..SUN of a yyyy-MM-dd date (Monday = 0). */
export function weekdayOf(isoDate: string): TWeekday {
  const sundayFirst = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
}
