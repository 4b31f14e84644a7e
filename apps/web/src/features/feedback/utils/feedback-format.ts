import { isValid, parseISO } from 'date-fns';
import { intlLocale } from '../../../lib/intl-date';

/**
 * A feedback's `yyyy-MM-dd` day in the page's language (`21/11/2026` in English). Parsed as a local calendar date:
 * `new Date('2026-11-21')` would be UTC midnight and show the day before west of Greenwich.
 */
export function formatFeedbackDate(isoDate: string): string {
  const date = parseISO(isoDate);
  if (!isValid(date)) return isoDate;
  return new Intl.DateTimeFormat(intlLocale(), { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    date,
  );
}

/** When a feedback was submitted, in the page's language and the browser's time zone (`21 Nov 2026, 9:05 am`). */
export function formatSubmittedAt(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return new Intl.DateTimeFormat(intlLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
