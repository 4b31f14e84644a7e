import { isValid, parseISO } from 'date-fns';
import { WEEKDAYS, type TWeekday } from '@hep/shared/domain/constants';
import { WEEKDAY_BADGES, WEEKDAY_NAMES } from '@hep/shared/domain/weekdays';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The page's `?date=`: a real `yyyy-MM-dd` date, else today (a missing, malformed or impossible date). */
export function resolveViewDate(param: string | null | undefined, today: string): string {
  if (!param || !ISO_DATE.test(param)) return today;
  return isValid(parseISO(param)) ? param : today;
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
