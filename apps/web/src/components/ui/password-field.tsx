import { useState, type ComponentPropsWithRef } from 'react';
import { Eye, EyeSlash } from 'react-bootstrap-icons';
import { useLingui } from '@lingui/react/macro';
import { describedBy, FormField, type FieldMessages } from './form-field';

interface PasswordFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'>, FieldMessages {
  id: string;
  label: string;
}

/** A password input with a show/hide toggle: a button named "Show <label>" whose aria-pressed says whether it is shown. */
export function PasswordField({ id, label, hint, status, error, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const { t, i18n } = useLingui();
  const field = label.toLocaleLowerCase(i18n.locale || 'en');
  return (
    <FormField id={id} label={label} hint={hint} status={status} error={error}>
      <div className="input-group">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`form-control${error ? ' is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, status, error })}
          {...input}
        />
        <button
          type="button"
          className="btn btn-outline-secondary password-toggle"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeSlash aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {/* Named by its text, not aria-label, so that getByLabel('Password') finds only the input. */}
          <span className="visually-hidden">
            {t({ message: `Show ${field}`, comment: 'a button that shows the password typed in the field' })}
          </span>
        </button>
      </div>
    </FormField>
  );
}
