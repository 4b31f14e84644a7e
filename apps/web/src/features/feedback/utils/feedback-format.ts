import { isValid, parseISO } from 'date-fns';

const AU_DATE = new Intl.DateTimeFormat('en-AU', { day: '2-digit', month: '2-digit', year: 'numeric' });
const AU_DATE_TIME = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * A feedback's `yyyy-MM-dd` day in en-AU (`21/11/2026`). Parsed as a local calendar date: `new Date('2026-11-21')`
 * would be UTC midnight and show the day before west of Greenwich.
 */
export function formatFeedbackDate(isoDate: string): string {
  const date = parseISO(isoDate);
  return isValid(date) ? AU_DATE.format(date) : isoDate;
}

/** When a feedback was submitted, in en-AU and the browser's time zone (`21 Nov 2026, 9:05 am`). */
export function formatSubmittedAt(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : AU_DATE_TIME.format(date);
}
