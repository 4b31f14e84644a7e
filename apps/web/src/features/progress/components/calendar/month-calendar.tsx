import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import Button from 'react-bootstrap/Button';
import { ChevronLeft, ChevronRight } from 'react-bootstrap-icons';
import { Link } from 'react-router';
import type { TDayStatus } from '@hep/shared/domain/day-status';
import type { TStatusMap } from '@hep/shared/schemas/status';
import { DayStatusIcon, hasStatusIcon } from './day-status-icon';
import { DAY_STATUS_TEXT } from '../../utils/day-status-words';
import { formatDayName, formatMonth, monthWeeks, weekdayHeadings } from './month-grid';

interface MonthCalendarProps {
  programId: number;
  /** YYYY-MM */
  month: string;
  /** The day the page shows, marked in the grid. */
  viewDate: string;
  /** The month's day statuses; days without one show their number only. */
  statuses: TStatusMap | undefined;
  loading: boolean;
  onMonthChange: (delta: number) => void;
}

const LEGEND = ['completed', 'in-progress', 'missed'] as const;

/**
 * A month of a program's days, Monday first: completed, in-progress and missed days as icons, pending and
 * unprescribed days as their number. Every day links to the program on that date.
 */
export function MonthCalendar({
  programId,
  month,
  viewDate,
  statuses,
  loading,
  onMonthChange,
}: MonthCalendarProps) {
  const { t } = useLingui();
  const titleId = useId();
  return (
    <div className="month-calendar">
      <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <Button variant="outline-primary" aria-label={t`Previous month`} onClick={() => onMonthChange(-1)}>
          <ChevronLeft aria-hidden="true" className="flip-rtl" />
        </Button>
        <h3 id={titleId} className="h5 mb-0" aria-live="polite">
          {formatMonth(month)}
        </h3>
        <Button variant="outline-primary" aria-label={t`Next month`} onClick={() => onMonthChange(1)}>
          <ChevronRight aria-hidden="true" className="flip-rtl" />
        </Button>
      </div>
      <table className="month-calendar-grid" aria-labelledby={titleId} aria-busy={loading || undefined}>
        <thead>
          <tr>
            {weekdayHeadings().map((day) => (
              <th key={day.long} scope="col">
                <abbr title={day.long}>{day.short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, index) =>
                date ? (
                  <td key={date}>
                    <CalendarDay
                      programId={programId}
                      date={date}
                      status={statuses?.[date]}
                      current={date === viewDate}
                    />
                  </td>
                ) : (
                  <td key={`empty-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="list-unstyled d-flex flex-wrap gap-3 mt-2 mb-0 month-calendar-legend" aria-hidden="true">
        {LEGEND.map((status) => (
          <li key={status} className="d-inline-flex align-items-center gap-1">
            <DayStatusIcon status={status} />
            {t(DAY_STATUS_TEXT[status])}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface CalendarDayProps {
  programId: number;
  date: string;
  status: TDayStatus | undefined;
  current: boolean;
}

function CalendarDay({ programId, date, status, current }: CalendarDayProps) {
  const { t } = useLingui();
  const day = formatDayName(date);
  const statusWords = status ? t(DAY_STATUS_TEXT[status]) : '';
  const label = status ? t`${day}: ${statusWords}` : day;
  return (
    <Link
      to={`/program/${programId}?date=${date}`}
      className={`calendar-day${status ? ` status-${status}` : ''}`}
      aria-current={current ? 'date' : undefined}
    >
      {hasStatusIcon(status) ? (
        <DayStatusIcon status={status} />
      ) : (
        <span aria-hidden="true">{Number(date.slice(8))}</span>
      )}
      <span className="visually-hidden">{label}</span>
    </Link>
  );
}
