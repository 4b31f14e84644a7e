import { format, parseISO } from 'date-fns';
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

/** `November 2026`. */
export function formatMonth(month: string): string {
  return format(parseISO(`${month}-01`), 'MMMM yyyy');
}

/** `Saturday, 21 November 2026`, the words a day's link reads out. */
export function formatDayName(date: string): string {
  return format(parseISO(date), 'EEEE, d MMMM yyyy');
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
