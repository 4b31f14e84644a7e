import { parseIsoDate } from './calendar-date';
import { formatDateIn } from './intl-date';

/** `yyyy-MM-dd` as `Tue 24 Nov`, short enough for a line on a phone; the input itself when not a date. */
export function formatWeekdayShort(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  return formatDateIn(
    date,
    { weekday: 'short', day: 'numeric', month: 'short' },
    (p) => `${p.weekday} ${p.day} ${p.month}`,
  );
}

/** `yyyy-MM-dd` as `24 Nov`, for chart axes. */
export function formatDayMonth(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  return formatDateIn(date, { day: 'numeric', month: 'short' }, (p) => `${p.day} ${p.month}`);
}

/** Whole calendar days from `from` to `to` (both yyyy-MM-dd); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) return 0;
  // Noon-to-noon keeps a daylight-saving change from making a day 23 or 25 hours.
  const noon = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), 12);
  return Math.round((noon(b) - noon(a)) / 86_400_000);
}
