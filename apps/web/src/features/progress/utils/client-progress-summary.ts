import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TClientProgress, TClientProgressWeek } from '@hep/shared/schemas/adherence';
import { formatDayMonth } from '../../../lib/short-date';
import { adherenceSummary, adherenceWeekCells } from './adherence-summary';

const hasReports = (week: TClientProgressWeek) => week.effort_avg !== null || week.pain_max !== null;

/** Whether there is anything to chart: something was due or reported in one of the weeks. */
export function hasClientProgress(progress: Pick<TClientProgress, 'weeks'>): boolean {
  return progress.weeks.some((week) => week.prescribed > 0 || hasReports(week));
}

/**
 * The weeks from the first one with something due or reported: earlier weeks would read as weeks with nothing done.
 * At least the latest week stays.
 */
export function progressWeeksFromStart(weeks: readonly TClientProgressWeek[]): TClientProgressWeek[] {
  const first = weeks.findIndex((week) => week.prescribed > 0 || hasReports(week));
  return first === -1 ? weeks.slice(-1) : weeks.slice(first);
}

/** An average to one decimal ("5.0"), or "--" when there was none. */
export const oneDecimal = (value: number | null): string => (value === null ? '--' : value.toFixed(1));

/** One measure's words: nothing given, a single week's value, or a change between two weeks. */
interface TTrendTexts {
  none: MessageDescriptor;
  was: (value: string, week: string) => MessageDescriptor;
  wentFrom: (from: string, fromWeek: string, to: string, toWeek: string) => MessageDescriptor;
}

const EFFORT_TREND: TTrendTexts = {
  none: msg`No effort was rated.`,
  was: (value, week) => msg`Average effort was ${value} in the week of ${week}.`,
  wentFrom: (from, fromWeek, to, toWeek) =>
    msg`Average effort went from ${from} in the week of ${fromWeek} to ${to} in the week of ${toWeek}.`,
};

const PAIN_TREND: TTrendTexts = {
  none: msg`No pain was reported.`,
  was: (value, week) => msg`Highest pain was ${value} in the week of ${week}.`,
  wentFrom: (from, fromWeek, to, toWeek) =>
    msg`Highest pain went from ${from} in the week of ${fromWeek} to ${to} in the week of ${toWeek}.`,
};

/** "Average effort went from 6.0 in the week of 31 May to 5.3 in the week of 14 Jun.", or a single week's value. */
function weeklyTrend(
  texts: TTrendTexts,
  weeks: readonly TClientProgressWeek[],
  valueOf: (week: TClientProgressWeek) => number | null,
  format: (value: number) => string,
): string {
  const given = weeks.filter((week) => valueOf(week) !== null);
  const first = given[0];
  const last = given.at(-1);
  if (!first || !last) return i18n._(texts.none);
  const value = (week: TClientProgressWeek) => format(valueOf(week)!);
  const start = (week: TClientProgressWeek) => formatDayMonth(week.start);
  if (first === last) return i18n._(texts.was(value(first), start(first)));
  return i18n._(texts.wentFrom(value(first), start(first), value(last), start(last)));
}

/** The chart's summary in words: adherence, then average effort's and highest pain's trends. */
export function clientProgressSummary(progress: TClientProgress): string {
  return [
    adherenceSummary(progress),
    weeklyTrend(
      EFFORT_TREND,
      progress.weeks,
      (w) => w.effort_avg,
      (v) => v.toFixed(1),
    ),
    weeklyTrend(PAIN_TREND, progress.weeks, (w) => w.pain_max, String),
    i18n._(msg`Effort and pain are out of 10.`),
  ].join(' ');
}

/** A week's row of the table: its Monday, done and share (as the adherence table says them), effort and pain. */
export function clientProgressWeekCells(week: TClientProgressWeek): string[] {
  return [
    ...adherenceWeekCells(week),
    oneDecimal(week.effort_avg),
    oneDecimal(week.pain_avg),
    week.pain_max === null ? '--' : String(week.pain_max),
  ];
}

export const CLIENT_PROGRESS_COLUMNS: MessageDescriptor[] = [
  msg`Week starting`,
  msg({ message: 'Done', comment: "table column: how many of the week's exercise days were done" }),
  msg`Share done`,
  msg`Average effort`,
  msg`Average pain`,
  msg`Highest pain`,
];
