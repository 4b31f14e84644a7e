// Multipart fields arrive as strings, a repeated field as a list of them; these turn them into the values a JSON
// body would carry, so that one shared schema checks both.

/** A field's value: the last one when the field was repeated. */
export const single = (value: unknown): unknown => (Array.isArray(value) ? value[value.length - 1] : value);

function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    // Left as text: the schema refuses it with its own message.
    return value;
  }
}

/** A list: one repeated field per item, or one JSON array string; missing or blank is an empty list. */
function listOf(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 1 && typeof list[0] === 'string' && list[0].trim().startsWith('[')) {
    const parsed = parseJsonText(list[0]);
    return Array.isArray(parsed) ? parsed : list;
  }
  return list;
}

/** A JSON value: multipart sends it as text (the last one if repeated), a JSON body as the value itself. */
function jsonOf(value: unknown): unknown {
  const repeatedText = Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string');
  return parseJsonText(repeatedText || !Array.isArray(value) ? single(value) : value);
}

/**
 * A form's fields as a shared schema reads them: each field's last value (null counts as missing), the `lists`
 * fields as lists and the `json` fields parsed.
 */
export function formValues(
  fields: Record<string, unknown>,
  kinds: { lists?: readonly string[]; json?: readonly string[] } = {},
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      kinds.lists?.includes(key)
        ? listOf(value)
        : kinds.json?.includes(key)
          ? jsonOf(value)
          : (single(value) ?? undefined),
    ]),
  );
}
