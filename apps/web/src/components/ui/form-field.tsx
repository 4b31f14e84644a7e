import type { ReactNode } from 'react';

export interface FieldMessages {
  hint?: ReactNode;
  /** A live status line under the field, e.g. "Checking email availability...". */
  status?: ReactNode;
  error?: string | undefined;
}

export function describedBy(id: string, messages: FieldMessages): string | undefined {
  const ids = [
    messages.hint ? `${id}-hint` : null,
    messages.status ? `${id}-status` : null,
    messages.error ? `${id}-error` : null,
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

interface FormFieldProps extends FieldMessages {
  id: string;
  label: ReactNode;
  children: ReactNode;
}

/** A label, the control, then its hint, status and error, each linked to the control by id. */
export function FormField({ id, label, hint, status, error, children }: FormFieldProps) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label fw-semibold">
        {label}
      </label>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
      <div id={`${id}-status`} className="form-text" aria-live="polite">
        {status}
      </div>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  );
}
