import type { z } from 'zod';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { hasInvalidText } from '@hep/shared/schemas/common';
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
  return badRequest(Object.values(fields)[0] ?? VALIDATION_TEXTS.completeRequiredFields, fields);
}

/**
 * The first string in `value` (a parsed JSON body, a query, a form's values), or the first key, that holds text no
 * field may hold (a NUL character, half a surrogate pair), as a `fields` entry named like the schema errors
 * (`exercises.0.name`); null when all is well. Walks without recursion: a body may nest deeper than the stack.
 */
export function invalidTextField(value: unknown, name = 'body'): Record<string, string> | null {
  if (value === undefined || value === null || isCleanFlatRecord(value)) return null;
  interface Node {
    value: unknown;
    key: string | null;
    parent: Node | null;
  }
  const nameOf = (node: Node) => {
    const keys: string[] = [];
    for (let at: Node | null = node; at && at.key !== null; at = at.parent) keys.push(at.key);
    return keys.length ? keys.reverse().join('.') : name;
  };
  const pending: Node[] = [{ value, key: null, parent: null }];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (typeof node.value === 'string') {
      if (hasInvalidText(node.value)) return { [nameOf(node)]: VALIDATION_TEXTS.invalidCharacter };
    } else if (node.value !== null && typeof node.value === 'object') {
      const entries = Object.entries(node.value);
      if (entries.some(([key]) => hasInvalidText(key)))
        return { [nameOf(node)]: VALIDATION_TEXTS.invalidCharacter };
      // Pushed last first, so that the first field in the document is the one named.
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        pending.push({ value: child, key, parent: node });
      }
    }
  }
  return null;
}

/**
 * Whether `value` is an object of plain values (path parameters, most queries) whose keys and texts are all fine: the
 * check every request makes, done without the walk's allocations. False sends it to the walk, which names the field.
 */
function isCleanFlatRecord(value: unknown): boolean {
  if (typeof value !== 'object') return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const child = (value as Record<string, unknown>)[key];
    if (hasInvalidText(key) || (child !== null && typeof child === 'object')) return false;
    if (typeof child === 'string' && hasInvalidText(child)) return false;
  }
  return true;
}

/**
 * Checks `values` with `schema`: the parsed data, or the per-field messages of what failed. Text no field may hold
 * is refused first, wherever it is, whether or not the schema looks at that field.
 */
export function checkFields<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { success: true; data: z.output<S> } | { success: false; fields: Record<string, string> } {
  const badText = invalidTextField(values);
  if (badText) return { success: false, fields: badText };
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
