import { CheckLg } from 'react-bootstrap-icons';
import { useController, useFormContext } from 'react-hook-form';
import { WEEKDAYS, type TWeekday } from '@hep/shared/domain/constants';
import { sortWeekdays } from '@hep/shared/domain/weekdays';
import { Trans, useLingui } from '@lingui/react/macro';
import { weekdayNames } from '../utils/weekday-names';
import { RequiredMark } from './program-form-required-mark';
import type { ProgramFormValues } from './program-form-values';

/** Days of Week*: seven toggle buttons, Monday first, each saying whether it is pressed. */
export function ProgramFormDays() {
  const { control } = useFormContext<ProgramFormValues>();
  const { field, fieldState } = useController({ control, name: 'days_of_week' });
  const selected = field.value;
  const error = fieldState.error?.message;
  const { i18n } = useLingui();
  const names = weekdayNames(i18n.locale);

  const toggle = (day: TWeekday) => {
    const next = selected.includes(day) ? selected.filter((d) => d !== day) : [...selected, day];
    field.onChange(sortWeekdays(next));
  };

  return (
    <div
      className="mb-2"
      role="group"
      aria-labelledby="program-days-label"
      aria-describedby={error ? 'program-days-error' : undefined}
      data-invalid={error ? 'true' : undefined}
    >
      <div id="program-days-label" className="form-label fw-semibold">
        <Trans>Days of Week</Trans>
        <RequiredMark />
      </div>
      <div className="program-days">
        {WEEKDAYS.map((day, index) => {
          const pressed = selected.includes(day);
          return (
            <button
              key={day}
              ref={index === 0 ? field.ref : undefined}
              type="button"
              className={`btn ${pressed ? 'btn-primary' : 'btn-outline-primary'} program-day`}
              aria-pressed={pressed}
              onClick={() => toggle(day)}
              onBlur={field.onBlur}
            >
              {pressed ? <CheckLg aria-hidden="true" /> : null}
              {names[day]}
            </button>
          );
        })}
      </div>
      {error ? (
        <div id="program-days-error" className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}
