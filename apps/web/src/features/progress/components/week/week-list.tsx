import type { TRole } from '@hep/shared/domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadingText } from '../../../../components/ui/loading-text';
import { PlainAlert } from '../../../../components/ui/plain-alert';
import { useWeek } from '../../api/get-week';
import { WeekDay } from './week-day';
import type { TWeekRange } from './week-dates';
import { buildWeek } from './week-schedule';

interface WeekListProps {
  week: TWeekRange;
  role: TRole;
  today: string;
}

/** Monday to Sunday with each day's programs, or the loading, error or empty state. */
export function WeekList({ week, role, today }: WeekListProps) {
  const { t } = useLingui();
  const { isPending, isError, programs, statuses } = useWeek(week.start, week.end);

  if (isError)
    return (
      <PlainAlert variant="danger">
        <Trans>Error fetching data. Please try again later.</Trans>
      </PlainAlert>
    );
  if (isPending || !programs || !statuses) return <LoadingText text={t`Loading...`} />;

  const days = buildWeek(week, programs, statuses);
  if (days.every((day) => day.entries.length === 0)) {
    return (
      <div role="status" className="card week-empty">
        <div className="card-body">
          <p className="fw-semibold mb-1">
            <Trans>You have no active programs.</Trans>
          </p>
          <p className="mb-0">
            <Trans>
              Connect with your clinician to get a personalised program and unlock your potential!
            </Trans>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="d-grid gap-4">
      {days.map((day) => (
        <WeekDay key={day.date} day={day} role={role} today={today} />
      ))}
    </div>
  );
}
