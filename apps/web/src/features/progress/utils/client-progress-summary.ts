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

/** "Average effort went from 6.0 in the week of 31 May to 5.3 in the week of 14 Jun.", or a single week's value. */
function weeklyTrend(
  label: string,
  weeks: readonly TClientProgressWeek[],
  valueOf: (week: TClientProgressWeek) => number | null,
  format: (value: number) => string,
  none: string,
): string {
  const given = weeks.filter((week) => valueOf(week) !== null);
  const first = given[0];
  const last = given.at(-1);
  if (!first || !last) return none;
  const at = (week: TClientProgressWeek) =>
    `${format(valueOf(week)!)} in the week of ${formatDayMonth(week.start)}`;
  if (first === last) return `${label} was ${at(first)}.`;
  return `${label} went from ${at(first)} to ${at(last)}.`;
}

/** The chart's summary in words: adherence, then average effort's and highest pain's trends. */
export function clientProgressSummary(progress: TClientProgress): string {
  return [
    adherenceSummary(progress),
    weeklyTrend(
      'Average effort',
      progress.weeks,
      (w) => w.effort_avg,
      (v) => v.toFixed(1),
      'No effort was rated.',
    ),
    weeklyTrend('Highest pain', progress.weeks, (w) => w.pain_max, String, 'No pain was reported.'),
    'Effort and pain are out of 10.',
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

export const CLIENT_PROGRESS_COLUMNS = [
  'Week starting',
  'Done',
  'Share done',
  'Average effort',
  'Average pain',
  'Highest pain',
];
