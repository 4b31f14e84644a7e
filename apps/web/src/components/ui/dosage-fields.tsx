import { useFormContext, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DOSAGE_FIELDS, SIDES } from '@hep/shared/domain/dosage';
import { type DosageFormValues, dosageFormInWords } from '../../lib/dosage-form';
import { describedBy } from './form-field';
import './dosage-fields.css';

type DosageField = (typeof DOSAGE_FIELDS)[number];

const LABELS: Record<DosageField, MessageDescriptor> = {
  sets: msg`Sets`,
  reps: msg`Reps`,
  hold_seconds: msg`Hold (seconds)`,
  rest_seconds: msg`Rest (seconds)`,
  times_per_day: msg`Times a day`,
  side: msg({ message: 'Side', comment: 'which side of the body an exercise works' }),
};

const SIDE_LABELS: Record<(typeof SIDES)[number], MessageDescriptor> = {
  left: msg({ message: 'Left', comment: 'the side of the body' }),
  right: msg({ message: 'Right', comment: 'the side of the body' }),
  both: msg({ message: 'Both', comment: 'both sides of the body' }),
};

interface DosageFieldsProps {
  /** Unique on the page: the inputs' ids start with it. */
  idPrefix: string;
  /** react-hook-form's registration of each input. */
  field: (name: DosageField) => UseFormRegisterReturn;
  errors: Partial<Record<DosageField, string | undefined>>;
  /** The dosage in words (dosageFormInWords), shown under the inputs as the client will read it. */
  words: string;
}

/**
 * An exercise's dosage (docs/product/programs-and-exercises.md#dosage), the same on every form: five small number
 * inputs and the side, all optional, then the dosage in words. The server checks the ranges; its message shows under
 * the field.
 */
export function DosageFields({ idPrefix, field, errors, words }: DosageFieldsProps) {
  const { t } = useLingui();
  return (
    <fieldset className="dosage-fields mb-3" aria-describedby={`${idPrefix}-words`}>
      <legend className="form-label fw-semibold fs-6 mb-1">
        <Trans>
          Dosage <span className="fw-normal text-body-secondary">(optional)</span>
        </Trans>
      </legend>
      <div className="dosage-grid">
        {DOSAGE_FIELDS.map((name) => {
          const id = `${idPrefix}-${name}`;
          const error = errors[name];
          const common = {
            id,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy(id, { error }),
            ...field(name),
          } as const;
          return (
            <div key={name} className="dosage-field">
              <label htmlFor={id} className="form-label mb-1">
                {t(LABELS[name])}
              </label>
              {name === 'side' ? (
                <select className={`form-select${error ? ' is-invalid' : ''}`} {...common}>
                  <option value="">{t({ message: 'None', comment: 'no side of the body chosen' })}</option>
                  {SIDES.map((side) => (
                    <option key={side} value={side}>
                      {t(SIDE_LABELS[side])}
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
      <p id={`${idPrefix}-words`} className="dosage-words mb-0 mt-2">
        {words ? (
          <>
            <Trans>
              <span className="text-body-secondary">The client sees: </span>
              {words}
            </Trans>
          </>
        ) : (
          <span className="text-body-secondary">
            <Trans>No dosage yet.</Trans>
          </span>
        )}
      </p>
    </fieldset>
  );
}

/**
 * The fields bound to a form's dosage group (DosageFormValues at `name`, e.g. `exercises.2.dosage`), inside its
 * FormProvider. A message on a field goes once the field is edited.
 */
export function DosageFormFields({ idPrefix, name }: { idPrefix: string; name: string }) {
  const { control, register, clearErrors, getFieldState, formState } = useFormContext();
  const dosage = useWatch({ control, name }) as DosageFormValues | undefined;
  const errors = Object.fromEntries(
    DOSAGE_FIELDS.map((field) => [field, getFieldState(`${name}.${field}`, formState).error?.message]),
  );
  const field = (part: DosageField) => {
    const path = `${name}.${part}`;
    return register(path, { onChange: () => clearErrors(path) });
  };
  return (
    <DosageFields
      idPrefix={idPrefix}
      field={field}
      errors={errors}
      words={dosage ? dosageFormInWords(dosage) : ''}
    />
  );
}
