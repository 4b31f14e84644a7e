import { format, isValid, parseISO } from 'date-fns';
import { WEEKDAYS, type TWeekday } from '@hep/shared/domain/constants';
import { WEEKDAY_BADGES, WEEKDAY_NAMES } from '@hep/shared/domain/weekdays';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today in the browser's zone as `yyyy-MM-dd`. */
export function todayIsoDate(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** The page's `?date=`: a real `yyyy-MM-dd` date, else today (a missing, malformed or impossible date). */
export function resolveViewDate(param: string | null | undefined, today: string): string {
  if (!param || !ISO_DATE.test(param)) return today;
  return isValid(parseISO(param)) ? param : today;
}

/** `yyyy-MM-dd` in the en-AU long form, e.g. `Monday, 1 January 2025`. */
export function formatLongDate(isoDate: string): string {
  return format(parseISO(isoDate), 'EEEE, d MMMM yyyy');
}

export interface ScheduleDay {
  day: TWeekday;
  /** M, Tu, W, Th, F, Sa, Su. */
  badge: string;
  /** Monday ... Sunday, for screen readers. */
  name: string;
  prescribed: boolean;
}

/** All seven days Monday first, each marked prescribed or not. */
export function scheduleDays(daysOfWeek: readonly TWeekday[]): ScheduleDay[] {
  return WEEKDAYS.map((day) => ({
    day,
    badge: WEEKDAY_BADGES[day],
    name: WEEKDAY_NAMES[day],
    prescribed: daysOfWeek.includes(day),
  }));
}
