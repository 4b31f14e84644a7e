import { Activity, CalendarCheck } from 'react-bootstrap-icons';
import { useLingui } from '@lingui/react';
import { weekStart } from '@hep/shared/domain/day-status';
import { formatMediumDate, todayIso } from '../../../lib/calendar-date';
import { useLogFailure } from '../../../lib/use-log-failure';
import { usePreviousReports } from '../api/get-previous-reports';
import { useWeekStatus } from '../api/get-week-status';
import type { TSessionResult } from '../utils/session-plan';
import { countWeek, pickTrend, trendForListening, trendInWords, weekInWords } from '../utils/session-summary';

interface SessionSummaryProps {
  programId: number;
  /** The session's day, `yyyy-MM-dd`. */
  date: string;
  exercises: readonly { id: number; name: string }[];
  results: ReadonlyMap<number, TSessionResult>;
  /** Every exercise of the day is done (sent or kept on the phone). */
  dayDone: boolean;
}

/**
 * The week so far and one trend in words (docs/product/session.md#all-done): two calls for the whole screen, the
 * week's day statuses and each exercise's previous report. Either line is left out when it has nothing to say or
 * could not be loaded.
 */
export function SessionSummary({ programId, date, exercises, results, dayDone }: SessionSummaryProps) {
  // Re-renders in a new language: the lines below are worded by plain functions.
  useLingui();
  const week = useWeekStatus(programId, date);
  const previous = usePreviousReports(programId, date);
  useLogFailure(week.error, "Failed to load the week's days");
  useLogFailure(previous.error, 'Failed to load the previous reports');
  const count = week.data ? countWeek(week.data, date, dayDone) : null;
  const trend = previous.data ? pickTrend(exercises, results, previous.data) : null;
  if (!count && !trend) return null;

  const start = weekStart(date);
  const weekOf = start === weekStart(todayIso()) ? null : formatMediumDate(start);
  return (
    <div className="session-summary">
      {count ? (
        <p className="session-summary-line">
          <CalendarCheck aria-hidden="true" className="session-summary-icon" />
          <span>{weekInWords(count, weekOf)}</span>
        </p>
      ) : null}
      {trend ? (
        <p className="session-summary-line">
          <Activity aria-hidden="true" className="session-summary-icon" />
          {/* The arrow is for the eyes; a screen reader hears "went from 7 to 4" instead of "right arrow". */}
          <span aria-hidden="true">{trendInWords(trend)}</span>
          <span className="visually-hidden">{trendForListening(trend)}</span>
        </p>
      ) : null}
    </div>
  );
}
