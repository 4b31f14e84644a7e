import { isValid, parseISO } from 'date-fns';
import { WEEKDAYS, type TWeekday } from '@hep/shared/domain/constants';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The page's `?date=`: a real `yyyy-MM-dd` date, else today (a missing, malformed or impossible date). */
export function resolveViewDate(param: string | null | undefined, today: string): string {
  if (!param || !ISO_DATE.test(param)) return today;
  return isValid(parseISO(param)) ? param : today;
}

/** The one- or two-letter day badges of the program view (docs/product/programs-and-exercises.md#program-view). */
const WEEKDAY_BADGES: Record<TWeekday, MessageDescriptor> = {
  MON: msg({ message: 'M', comment: 'Monday as a one- or two-letter day badge' }),
  TUE: msg({ message: 'Tu', comment: 'Tuesday as a one- or two-letter day badge' }),
  WED: msg({ message: 'W', comment: 'Wednesday as a one- or two-letter day badge' }),
  THU: msg({ message: 'Th', comment: 'Thursday as a one- or two-letter day badge' }),
  FRI: msg({ message: 'F', comment: 'Friday as a one- or two-letter day badge' }),
  SAT: msg({ message: 'Sa', comment: 'Saturday as a one- or two-letter day badge' }),
  SUN: msg({ message: 'Su', comment: 'Sunday as a one- or two-letter day badge' }),
};

export interface ScheduleDay {
  day: TWeekday;
  /** M, Tu, W, Th, F, Sa, Su. */
  badge: MessageDescriptor;
  prescribed: boolean;
}

/** All seven days Monday first, each marked prescribed or not. */
export function scheduleDays(daysOfWeek: readonly TWeekday[]): ScheduleDay[] {
  return WEEKDAYS.map((day) => ({
    day,
    badge: WEEKDAY_BADGES[day],
    prescribed: daysOfWeek.includes(day),
  }));
}
