import { formatDateIn } from './intl-date';

// Calendar dates (yyyy-MM-dd) for the pages of the first bundle, written with plain Date arithmetic as in
// packages/shared/src/domain/day-status.ts (date-fns' `format` brings every locale formatter with it, 7 KB gzip), and
// named through Intl in the active language. In English the forms are date-fns' own (en-US names, `d MMM yyyy`,
// `EEEE d MMMM`); lib/calendar-date.test.ts holds them to date-fns for every day of four years.

/** The twelve month names in the active language, January first ("January", "enero"). */
export function monthNames(): string[] {
  return Array.from({ length: 12 }, (_, month) =>
    formatDateIn(new Date(2000, month, 1), { month: 'long' }, (p) => p.month!),
  );
}
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-MM-dd date as local midnight; null when it is not that form or not a real date (2025-02-30). */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month, day);
  return date.getFullYear() === year && date.getMonth() === month && date.getDate() === day ? date : null;
}

function calendarDate(value: string): Date {
  const date = parseIsoDate(value);
  if (!date) throw new RangeError('Invalid time value');
  return date;
}

/** A Date's local calendar date as `yyyy-MM-dd`. */
export function toIsoDate(date: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today's calendar date in the browser's time zone, as `yyyy-MM-dd`. */
export function todayIso(now: Date = new Date()): string {
  return toIsoDate(now);
}

/** The same day `years` later; 29 February becomes 28 February in a common year (as date-fns addYears). */
export function addYearsIso(isoDate: string, years: number): string {
  const date = calendarDate(isoDate);
  const year = date.getFullYear() + years;
  const lastDay = new Date(year, date.getMonth() + 1, 0).getDate();
  return toIsoDate(new Date(year, date.getMonth(), Math.min(date.getDate(), lastDay)));
}

/** `yyyy-MM-dd` in the long form, e.g. `Monday, 1 January 2025` (`lunes, 1 de enero de 2025`). */
export function formatLongDate(isoDate: string): string {
  return formatDateIn(
    calendarDate(isoDate),
    { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
    (p) => `${p.weekday}, ${p.day} ${p.month} ${p.year}`,
  );
}

/** `yyyy-MM-dd` as `12 Jan 2026`. */
export function formatMediumDate(isoDate: string): string {
  return formatDateIn(
    calendarDate(isoDate),
    { day: 'numeric', month: 'short', year: 'numeric' },
    (p) => `${p.day} ${p.month} ${p.year}`,
  );
}

/** `yyyy-MM-dd` as `Monday 12 January`. */
export function formatWeekdayDayMonth(isoDate: string): string {
  return formatDateIn(
    calendarDate(isoDate),
    { weekday: 'long', day: 'numeric', month: 'long' },
    (p) => `${p.weekday} ${p.day} ${p.month}`,
  );
}
