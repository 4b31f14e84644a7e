import type { z } from 'zod';
import { MESSAGES } from '@hep/shared/messages';
import { badRequest } from './app-error';

/** Zod issues as the API's `fields` map: the first message per field, keys like `exercises.0.name`. */
export function fieldsOf(error: z.ZodError, prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = prefix + (issue.path.length ? issue.path.join('.') : 'body');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A 400 whose message is the first field's message, as the error handler does for schema errors. */
export function invalid(fields: Record<string, string>) {
  return badRequest(Object.values(fields)[0] ?? MESSAGES.completeRequiredFields, fields);
}

/** Checks `values` with `schema`: the parsed data, or the per-field messages of what failed. */
export function checkFields<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { success: true; data: z.output<S> } | { success: false; fields: Record<string, string> } {
  const parsed = schema.safeParse(values);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, fields: fieldsOf(parsed.error) };
}

/** The parsed `values`, or a 400 with a message per field (the format of the JSON routes' schema errors). */
export function parseFields<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const checked = checkFields(schema, values);
  if (!checked.success) throw invalid(checked.fields);
  return checked.data;
}
