import { i18n } from '@lingui/core';
import { parseISO } from 'date-fns';
import { intlLocale } from '../../../../lib/intl-date';
import { addDays, datesBetween, monthRange, weekStart } from '@hep/shared/domain/day-status';

/** The YYYY-MM month of a `yyyy-MM-dd` date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** The YYYY-MM month `delta` months after `month` (negative goes back). */
export function shiftMonth(month: string, delta: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** `November 2026` in the page's language. */
export function formatMonth(month: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric' }).format(
    parseISO(`${month}-01`),
  );
}

/** `Saturday, 21 November 2026` in the page's language, the words a day's link reads out. */
export function formatDayName(date: string): string {
  const format = new Intl.DateTimeFormat(intlLocale(), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  if (i18n.locale !== 'en') return format.format(parseISO(date));
  // Australian English as the app has always said it, with a comma after the day's name (Intl leaves it out).
  const parts = format.formatToParts(parseISO(date));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}

/** Monday first: the seven weekday names, long and short, in the page's language (1 January 2024 was a Monday). */
export function weekdayHeadings(): { long: string; short: string }[] {
  const long = new Intl.DateTimeFormat(intlLocale(), { weekday: 'long', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(intlLocale(), { weekday: 'short', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, index) => {
    const day = Date.UTC(2024, 0, 1 + index);
    return { long: long.format(day), short: short.format(day) };
  });
}

/**
 * The month as Monday-first weeks of seven cells: each a `yyyy-MM-dd` date of the month, or null for the days of
 * the months before and after that fill the first and last week.
 */
export function monthWeeks(month: string): (string | null)[][] {
  const { start, end } = monthRange(month);
  const first = weekStart(start);
  const last = addDays(weekStart(end), 6);
  const cells = datesBetween(first, last).map((date) => (date >= start && date <= end ? date : null));
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
