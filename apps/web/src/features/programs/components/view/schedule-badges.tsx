import { useLingui } from '@lingui/react/macro';
import type { TWeekday } from '@hep/shared/domain/constants';
import { weekdayNames } from '../../utils/weekday-names';
import { scheduleDays } from './program-view-dates';

/** The week as day badges M ... Su: prescribed days filled, the others outlined; full words for screen readers. */
export function ScheduleBadges({ days }: { days: readonly TWeekday[] }) {
  const { t, i18n } = useLingui();
  const names = weekdayNames(i18n.locale);
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
      {scheduleDays(days).map((day) => {
        const dayName = names[day.day];
        return (
          <li
            key={day.day}
            className={`schedule-badge${day.prescribed ? ' prescribed' : ''}`}
            data-prescribed={day.prescribed}
          >
            <span aria-hidden="true">{t(day.badge)}</span>
            <span className="visually-hidden">
              {day.prescribed ? t`${dayName}, prescribed` : t`${dayName}, not prescribed`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
