import { CheckLg } from 'react-bootstrap-icons';
import { useController, useFormContext } from 'react-hook-form';
import { WEEKDAYS, type TWeekday } from '@hep/shared/domain/constants';
import { Trans } from '@lingui/react/macro';
import { sortWeekdays } from '@hep/shared/domain/weekdays';
import { weekdayName } from '../utils/template-words';
import type { TemplateFormValues } from './template-form-values';

/** The template's days: seven toggle buttons, Monday first, each saying whether it is pressed. */
export function TemplateFormDays() {
  const { control } = useFormContext<TemplateFormValues>();
  const { field } = useController({ control, name: 'days_of_week' });
  const selected = field.value;
  const toggle = (day: TWeekday) =>
    field.onChange(
      sortWeekdays(selected.includes(day) ? selected.filter((d) => d !== day) : [...selected, day]),
    );

  return (
    <div className="mb-3" role="group" aria-labelledby="template-days-label">
      <div id="template-days-label" className="form-label fw-semibold">
        <Trans>Days of Week</Trans>
      </div>
      <div className="d-flex flex-wrap gap-2">
        {WEEKDAYS.map((day) => {
          const pressed = selected.includes(day);
          return (
            <button
              key={day}
              type="button"
              className={`btn ${pressed ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={pressed}
              onClick={() => toggle(day)}
            >
              {pressed ? <CheckLg aria-hidden="true" /> : null}
              {weekdayName(day, true)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
