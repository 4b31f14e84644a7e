import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TAdherence, TAdherenceWeek } from '@hep/shared/schemas/adherence';
import { adherencePercent } from '../../../lib/adherence-words';
import { formatWeekdayShort } from '../../../lib/short-date';

/** The adherence chart's summary: the last 7 and 28 days in words, or that nothing was due yet. */
export function adherenceSummary(adherence: Pick<TAdherence, 'last_7' | 'last_28'>): string {
  const week = adherencePercent(adherence.last_7);
  const month = adherencePercent(adherence.last_28);
  if (week && month) return i18n._(msg`Last 7 days: ${week}. Last 4 weeks: ${month}.`);
  if (week) return i18n._(msg`Last 7 days: ${week}.`);
  if (month) return i18n._(msg`Nothing was due in the last 7 days. Last 4 weeks: ${month}.`);
  return i18n._(msg`No exercises were due yet.`);
}

/** A week's row of the table: "Mon 3 Nov", "4 of 5", "80%" (or that nothing was due). */
export function adherenceWeekCells(week: TAdherenceWeek): string[] {
  if (week.rate === null || week.prescribed === 0)
    return [formatWeekdayShort(week.start), i18n._(msg`Nothing due`), '--'];
  const { done, prescribed } = week;
  return [
    formatWeekdayShort(week.start),
    i18n._(msg`${done} of ${prescribed}`),
    `${Math.round(week.rate * 100)}%`,
  ];
}

/**
 * The weeks from the first one with something due: the weeks before a program began would show as empty bars,
 * which read like weeks with nothing done. At least the latest week stays.
 */
export function weeksFromStart(weeks: readonly TAdherenceWeek[]): TAdherenceWeek[] {
  const first = weeks.findIndex((week) => week.prescribed > 0);
  return first === -1 ? weeks.slice(-1) : weeks.slice(first);
}
