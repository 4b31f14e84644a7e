import { WEEKDAYS, type TWeekday } from '@hep/shared/domain/constants';
import { sortWeekdays, WEEKDAY_NAMES } from '@hep/shared/domain/weekdays';

/** The prescribed days spelled out, Monday first: "Monday, Wednesday and Friday", "Every day". */
export function daysInWords(days: readonly TWeekday[]): string {
  const names = sortWeekdays(days).map((day) => WEEKDAY_NAMES[day]);
  if (names.length === WEEKDAYS.length) return 'Every day';
  if (names.length === 0) return 'No days set';
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
