import type { ComponentPropsWithRef, ReactNode } from 'react';
import { describedBy, FormField, type FieldMessages } from './form-field';

interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'>, FieldMessages {
  id: string;
  label: ReactNode;
  children: ReactNode;
}

/** A select with a visible label; errors set aria-invalid and are announced through aria-describedby. */
export function SelectField({
  id,
  label,
  hint,
  status,
  error,
  className,
  children,
  ...select
}: SelectFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} status={status} error={error}>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, status, error })}
        {...select}
      >
        {children}
      </select>
    </FormField>
  );
}
