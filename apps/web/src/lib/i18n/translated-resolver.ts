import { i18n } from '@lingui/core';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A shared text (a check's message, a dosage part: its English words are its catalog id) in the page's language,
 * with its placeholders' values.
 */
export const translateText = (text: string, values?: Record<string, unknown>): string => i18n._(text, values);

function translateErrors(errors: FieldErrors): void {
  for (const [key, error] of Object.entries(errors)) {
    // `ref` is the field's element, not an error.
    if (key === 'ref' || !error || typeof error !== 'object') continue;
    if (typeof error.message === 'string') error.message = translateText(error.message);
    // Nested fields (an exercise's name inside a program) and arrays of them.
    translateErrors(error as FieldErrors);
  }
}

/**
 * A form resolver whose messages read in the page's language: the shared Zod schemas carry the English texts, which
 * are the catalog's ids for them (docs/product/languages.md).
 */
export function translatedResolver<TIn extends FieldValues, TContext, TOut>(
  resolver: Resolver<TIn, TContext, TOut>,
): Resolver<TIn, TContext, TOut> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    translateErrors(result.errors);
    return result;
  };
}
