import type { ComponentPropsWithRef, ReactNode } from 'react';
import { describedBy, FormField, type FieldMessages } from './form-field';

interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'>, FieldMessages {
  id: string;
  label: ReactNode;
}

/** An input with a visible label; errors set aria-invalid and are announced through aria-describedby. */
export function TextField({ id, label, hint, status, error, className, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} status={status} error={error}>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, status, error })}
        {...input}
      />
    </FormField>
  );
}
