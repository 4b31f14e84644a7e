import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { WEEKDAYS, type TWeekday } from '@hep/shared/domain/constants';
import { sortWeekdays } from '@hep/shared/domain/weekdays';

// These run at render time and read the page's language (`i18n.locale`), so each call says it in that language.

/** A Monday (1 January 2024), to name each weekday through Intl. */
const MONDAY = new Date(2024, 0, 1);

/** The day's name in the page's language: "Mon", or "Monday" when `long`. */
export function weekdayName(day: TWeekday, long = false): string {
  const date = new Date(MONDAY);
  date.setDate(MONDAY.getDate() + WEEKDAYS.indexOf(day));
  return new Intl.DateTimeFormat(i18n.locale || 'en', { weekday: long ? 'long' : 'short' }).format(date);
}

/** "Mon, Wed, Fri", "Every day", or "No days set"; `long` spells the names out. */
export function daysInWords(days: readonly TWeekday[], long = false): string {
  const sorted = sortWeekdays(days);
  if (sorted.length === 0) return i18n._(msg`No days set`);
  if (sorted.length === WEEKDAYS.length) return i18n._(msg`Every day`);
  const names = sorted.map((day) => weekdayName(day, long));
  // A plain list ("Mon, Wed, Fri"), with the language's own separator.
  return new Intl.ListFormat(i18n.locale || 'en', { style: 'short', type: 'unit' }).format(names);
}

/** "4 weeks", "1 week", or "No end date". */
export function weeksInWords(weeks: number | null): string {
  if (weeks === null) return i18n._(msg`No end date`);
  return i18n._(msg`${plural(weeks, { one: '# week', other: '# weeks' })}`);
}

/** "5 exercises", "1 exercise". */
export function exerciseCountInWords(count: number): string {
  return i18n._(msg`${plural(count, { one: '# exercise', other: '# exercises' })}`);
}
