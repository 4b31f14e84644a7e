import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SIDES } from '@hep/shared/domain/dosage';
import { describedBy } from '../../../components/ui/form-field';
import type { LibraryFormValues } from '../utils/library-form-values';

const NUMBER_FIELDS = [
  { field: 'sets', label: 'Sets' },
  { field: 'reps', label: 'Reps' },
  { field: 'hold_seconds', label: 'Hold (seconds)' },
  { field: 'rest_seconds', label: 'Rest (seconds)' },
  { field: 'times_per_day', label: 'Times a day' },
] as const;

const SIDE_LABELS = { left: 'Left', right: 'Right', both: 'Both' } as const;

interface LibraryDosageFieldsProps {
  register: UseFormRegister<LibraryFormValues>;
  errors: FieldErrors<LibraryFormValues>;
}

/** The library exercise's usual dosage (design 10.2), all optional; the server checks the ranges. */
export function LibraryDosageFields({ register, errors }: LibraryDosageFieldsProps) {
  const fields = [...NUMBER_FIELDS, { field: 'side', label: 'Side' } as const];
  return (
    <fieldset className="mb-3">
      <legend className="form-label fw-semibold fs-6 mb-1">
        Dosage <span className="fw-normal text-body-secondary">(optional)</span>
      </legend>
      <div className="library-dosage-grid">
        {fields.map(({ field, label }) => {
          const id = `library-exercise-${field}`;
          const error = errors[field]?.message;
          const common = {
            id,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy(id, { error }),
          } as const;
          return (
            <div key={field} className="library-dosage-field">
              <label htmlFor={id} className="form-label mb-1">
                {label}
              </label>
              {field === 'side' ? (
                <select
                  className={`form-select${error ? ' is-invalid' : ''}`}
                  {...common}
                  {...register('side')}
                >
                  <option value="">None</option>
                  {SIDES.map((side) => (
                    <option key={side} value={side}>
                      {SIDE_LABELS[side]}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  type="text"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  autoComplete="off"
                  maxLength={4}
                  className={`form-control${error ? ' is-invalid' : ''}`}
                  {...common}
                  {...register(field)}
                />
              )}
              {error ? (
                <div id={`${id}-error`} className="invalid-feedback d-block">
                  {error}
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
