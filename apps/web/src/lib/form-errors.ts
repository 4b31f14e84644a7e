import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error';

/**
 * Which form field shows a server field message: the form's field names (when the server's keys are the same
 * names), or a function from the server's key to a field (null leaves the message out).
 */
export type TServerFieldTarget<T extends FieldValues> =
  readonly FieldPath<T>[] | ((serverKey: string) => FieldPath<T> | null);

interface SetServerFieldErrorsOptions {
  /** react-hook-form's error type, e.g. 'server' for a form that tells its own checks from the server's. */
  type?: string;
  /** Focus the first field given a message. */
  shouldFocus?: boolean;
}

/**
 * Puts the per-field messages of a failed call (the API error body's `fields`, `{ error, code, fields? }`) on the
 * form's fields with setError. Anything other than an ApiError sets nothing. Returns the fields given a message.
 */
export function setServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  target: TServerFieldTarget<T>,
  options: SetServerFieldErrorsOptions = {},
): FieldPath<T>[] {
  if (!isApiError(error)) return [];
  const { fields } = error;
  // A list keeps the form's order; a function follows the server's.
  const messages: [FieldPath<T> | null, string | undefined][] =
    typeof target === 'function'
      ? Object.entries(fields).map(([key, message]) => [target(key), message])
      : target.map((field) => [field, fields[field]]);
  const set: FieldPath<T>[] = [];
  for (const [field, message] of messages) {
    if (!field || !message || set.includes(field)) continue;
    setError(
      field,
      { type: options.type, message },
      { shouldFocus: options.shouldFocus === true && set.length === 0 },
    );
    set.push(field);
  }
  return set;
}
