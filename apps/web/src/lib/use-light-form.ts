import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { useLingui } from '@lingui/react';

type TFieldErrors<T> = Partial<Record<keyof T & string, string>>;

/**
 * A flat form of text inputs for a page in the first bundle (the login page): react-hook-form's behaviour with
 * its defaults (checked on submit, then again on each change; the first invalid field focused; the schema's
 * output handed on), driven by the same Zod resolver, without carrying react-hook-form (13 KB gzip) before the
 * first paint. Every other form uses react-hook-form itself. `resolver` gives its messages in the page's language
 * (lazyResolver's do, through translatedResolver); when the language changes, the messages shown are checked again.
 */
export function useLightForm<T extends FieldValues>(resolver: Resolver<T>, defaultValues: T) {
  const values = useRef<Record<string, unknown>>({ ...defaultValues });
  // In the order the inputs were registered, which is the order react-hook-form focuses them in.
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<TFieldErrors<T>>({});

  const check = useCallback(async () => {
    const result = await resolver(values.current as T, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    const found: TFieldErrors<T> = {};
    for (const [name, error] of Object.entries(result.errors)) {
      const message = (error as { message?: unknown } | undefined)?.message;
      if (typeof message === 'string') found[name as keyof TFieldErrors<T>] = message;
    }
    return { found, values: result.values as T };
  }, [resolver]);

  // The language switch of the login page: messages already shown follow it.
  // (`_` is new on each change of the active catalog, the pseudo-locale's included.)
  const { _: translate } = useLingui();
  useEffect(() => {
    if (!submitted.current) return;
    void check().then(({ found }) => setErrors(found));
  }, [translate, check]);

  const register = (name: keyof T & string) => ({
    name,
    defaultValue: String(defaultValues[name] ?? ''),
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      values.current[name] = event.target.value;
      if (!submitted.current) return;
      // After the first submit, each change re-checks its own field only, as react-hook-form does.
      void check().then(({ found }) => {
        setErrors((current) => {
          if (current[name] === found[name]) return current;
          const next = { ...current };
          if (found[name] === undefined) delete next[name];
          else next[name] = found[name];
          return next;
        });
      });
    },
  });

  const handleSubmit = (onValid: (values: T) => void) => async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const result = await check();
    setErrors(result.found);
    const firstInvalid = [...inputs.current].find(([name]) => name in result.found);
    if (firstInvalid) firstInvalid[1].focus();
    else onValid(result.values);
  };

  return { register, handleSubmit, errors };
}
