import { format, isValid, parseISO } from 'date-fns';

/** `yyyy-MM-dd` (or an ISO instant) as `dd/MM/yyyy`; null when absent or not a date. */
export function formatShortDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? format(date, 'dd/MM/yyyy') : null;
}

/** `HH:mm:ss` or `HH:mm` as the `HH:mm` a time input takes. */
export function toTimeInputValue(value: string | null | undefined): string {
  return value ? value.slice(0, 5) : '';
}

/** Today's calendar date in the browser's time zone, as `yyyy-MM-dd`. */
export function todayIso(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** `yyyy-MM-dd` in the en-AU long form, e.g. `Monday, 1 January 2025`. */
export function formatLongDate(isoDate: string): string {
  return format(parseISO(isoDate), 'EEEE, d MMMM yyyy');
}
