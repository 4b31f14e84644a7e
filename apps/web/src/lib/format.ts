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
