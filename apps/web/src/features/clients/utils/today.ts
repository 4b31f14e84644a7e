import { format } from 'date-fns';

/** Today's calendar date in the browser's time zone, as yyyy-MM-dd. */
export function todayIso(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}
