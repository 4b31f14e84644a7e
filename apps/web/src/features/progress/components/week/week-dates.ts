import { addDays, weekStart } from '@hep/shared/domain/day-status';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  addYearsIso,
  formatMediumDate,
  formatWeekdayDayMonth,
  parseIsoDate,
} from '../../../../lib/calendar-date';

/** The filter's earliest date (docs/product/programs-and-exercises.md#date-filters). */
export const FILTER_MIN_DATE = '2020-01-01';

/**
 * The filter's latest date: one year after today (replacing a stale 2025-12-31:
 * docs/product/programs-and-exercises.md#date-filters).
 */
export function filterMaxDate(today: string): string {
  return addYearsIso(today, 1);
}

function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

/** `12 Jan 2026`: the week line's en-AU form. */
export function formatWeekDate(date: string): string {
  return formatMediumDate(date);
}

/** `Monday 12 January`: a day's heading in the list. */
export function formatDayHeading(date: string): string {
  return formatWeekdayDayMonth(date);
}

/** "Choose a date from 1 Jan 2020 to 12 Jan 2027." */
export function rangeMessage(today: string): string {
  const min = formatWeekDate(FILTER_MIN_DATE);
  const max = formatWeekDate(filterMaxDate(today));
  return i18n._(msg`Choose a date from ${min} to ${max}.`);
}

/**
 * The page's `?date=`: a real date, clamped into the filter's range (a bookmarked or hand-edited address);
 * today when absent or not a date.
 */
export function resolveWeekDate(param: string | null | undefined, today: string): string {
  if (!param || !isIsoDate(param)) return today;
  if (param < FILTER_MIN_DATE) return FILTER_MIN_DATE;
  const max = filterMaxDate(today);
  return param > max ? max : param;
}

export type TDateChoice = { kind: 'ok'; date: string } | { kind: 'incomplete' } | { kind: 'refused' };

/**
 * What the filter's date input holds. An empty value is a date still being typed (browsers report '' until it
 * is complete); a complete date outside the range is refused so that the list does not jump somewhere unasked.
 */
export function readFilterDate(value: string, today: string): TDateChoice {
  if (!value) return { kind: 'incomplete' };
  if (!isIsoDate(value) || value < FILTER_MIN_DATE || value > filterMaxDate(today))
    return { kind: 'refused' };
  return { kind: 'ok', date: value };
}

export interface TWeekRange {
  start: string;
  end: string;
}

/** The Monday-to-Sunday week of a date. */
export function weekOf(date: string): TWeekRange {
  const start = weekStart(date);
  return { start, end: addDays(start, 6) };
}

/** Whether the week before or after `week` still has a day inside the filter's range. */
export function canMoveWeek(week: TWeekRange, by: -1 | 1, today: string): boolean {
  return by < 0 ? week.start > FILTER_MIN_DATE : week.end < filterMaxDate(today);
}

/** The date to show after moving a week: the Monday of that week, kept inside the range. */
export function movedWeekDate(week: TWeekRange, by: -1 | 1, today: string): string {
  return resolveWeekDate(addDays(week.start, by * 7), today);
}
