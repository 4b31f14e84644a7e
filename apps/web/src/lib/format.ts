import { isValid, parseISO } from 'date-fns';
import { formatDateIn } from './intl-date';

/** `yyyy-MM-dd` (or an ISO instant, in the browser's zone) as `dd/MM/yyyy` (Intl's short date in another language); null when absent or not a date. */
export function formatShortDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = parseISO(value);
  if (!isValid(date)) return null;
  return formatDateIn(
    date,
    { day: '2-digit', month: '2-digit', year: 'numeric' },
    (p) => `${p.day}/${p.month}/${p.year}`,
  );
}

/** `HH:mm:ss` or `HH:mm` as the `HH:mm` a time input takes. */
export function toTimeInputValue(value: string | null | undefined): string {
  return value ? value.slice(0, 5) : '';
}
