import { Trans } from '@lingui/react/macro';
import type { TRole } from '@hep/shared/domain/roles';
import { WeekProgramCard } from './week-program-card';
import { formatDayHeading } from './week-dates';
import { cardAction, type TWeekDay } from './week-schedule';

interface WeekDayProps {
  day: TWeekDay;
  role: TRole;
  today: string;
}

/** One day of the week with its program cards; a client's today stands out and is announced as the date. */
export function WeekDay({ day, role, today }: WeekDayProps) {
  const isToday = role === 'client' && day.date === today;
  const headingId = `week-day-${day.date}`;
  return (
    <section
      aria-labelledby={headingId}
      aria-current={isToday ? 'date' : undefined}
      className={`week-day${isToday ? ' week-day-today' : ''}`}
    >
      <h2 id={headingId} className="h5 week-day-heading">
        {formatDayHeading(day.date)}
        {isToday ? (
          <span className="badge week-today-badge">
            <Trans>Today</Trans>
          </span>
        ) : null}
      </h2>
      {day.entries.length > 0 ? (
        <ul className="list-unstyled d-grid gap-2 mb-0">
          {day.entries.map((entry) => (
            <WeekProgramCard
              key={entry.program.id}
              entry={entry}
              date={day.date}
              role={role}
              action={cardAction(role, entry.status, day.date, today)}
            />
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary mb-0">
          <Trans>Nothing scheduled.</Trans>
        </p>
      )}
    </section>
  );
}
