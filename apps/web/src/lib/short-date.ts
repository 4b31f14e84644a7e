import { MONTH_NAMES, parseIsoDate } from './calendar-date';

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** `yyyy-MM-dd` as `Tue 24 Nov`, short enough for a line on a phone; the input itself when not a date. */
export function formatWeekdayShort(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  return `${SHORT_WEEKDAYS[date.getDay()]} ${date.getDate()} ${MONTH_NAMES[date.getMonth()]!.slice(0, 3)}`;
}

/** `yyyy-MM-dd` as `24 Nov`, for chart axes. */
export function formatDayMonth(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  return `${date.getDate()} ${MONTH_NAMES[date.getMonth()]!.slice(0, 3)}`;
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
