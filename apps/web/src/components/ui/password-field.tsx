import { useState, type ComponentPropsWithRef } from 'react';
import { Eye, EyeSlash } from 'react-bootstrap-icons';
import { describedBy, FormField, type FieldMessages } from './form-field';

interface PasswordFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'>, FieldMessages {
  id: string;
  label: string;
}

/** A password input with a show/hide toggle (a pressed button named "Show <label>"). */
export function PasswordField({ id, label, hint, status, error, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
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
          aria-label={`Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeSlash aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </button>
      </div>
    </FormField>
  );
}
