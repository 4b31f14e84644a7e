import type { TWeekday } from '@hep/shared/domain/constants';
import { scheduleDays } from './program-view-dates';

/** The week as day badges M ... Su: prescribed days filled, the others outlined; full words for screen readers. */
export function ScheduleBadges({ days }: { days: readonly TWeekday[] }) {
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
      {scheduleDays(days).map((day) => (
        <li
          key={day.day}
          className={`schedule-badge${day.prescribed ? ' prescribed' : ''}`}
          data-prescribed={day.prescribed}
        >
          <span aria-hidden="true">{day.badge}</span>
          <span className="visually-hidden">
            {day.name}, {day.prescribed ? 'prescribed' : 'not prescribed'}
          </span>
        </li>
      ))}
    </ul>
  );
}
