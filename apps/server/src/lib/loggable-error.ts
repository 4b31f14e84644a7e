import { redactText } from './redact-url';

/**
 * What of an unexpected error may go to the log (docs/product/security-and-privacy.md#logs: no email address, name or
 * health data). A failed database query carries every value it was sent (names, dates of birth, feedback text,
 * password hashes) in its message and `params`; PostgreSQL's own error quotes values in its message (`invalid input
 * syntax for type integer: "Jamie"`) and in `detail` (`Key (email)=(a@b.c) already exists.`), `where` and `hint`; a
 * mail server's answer names the address it refused. Kept: the query text, the error's kind, code, constraint and
 * routine, the message with quoted values and addresses taken out, and the stack of where it happened. Any `cause`
 * the same way. Also the logger's `err` serializer (app.ts loggerOptions), so an error logged as it is gets the same
 * treatment.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const withQuery = error as Error & { query?: unknown; params?: unknown };
  const query = typeof withQuery.query === 'string' ? withQuery.query : undefined;
  const cause = depth < 3 && error.cause !== undefined ? loggableError(error.cause, depth + 1) : undefined;
  const where = { stack: stackFrames(error.stack), cause };
  if (isDatabaseError(error)) {
    // PostgreSQL's (or PGlite's, which also carries the query and its parameters): no parameters, no detail.
    return {
      type: error.name,
      message: redactText(withoutQuotedValues(error.message)),
      code: error.code,
      constraint: error.constraint,
      routine: error.routine,
      query,
      ...where,
    };
  }
  if (query !== undefined && 'params' in withQuery) {
    // Drizzle's message is "Failed query: <sql>\nparams: <values>": only the query text is kept.
    return { type: error.name, query, ...where };
  }
  return { type: error.name, message: redactText(error.message), code: codeOf(error), ...where };
}

interface DatabaseError extends Error {
  code: string;
  constraint?: unknown;
  routine?: unknown;
}

/** An error PostgreSQL (pg or PGlite) raised: a five-character SQLSTATE with the server's own fields. */
const isDatabaseError = (error: Error): error is DatabaseError => {
  const fields = error as Partial<DatabaseError> & { severity?: unknown };
  return (
    typeof fields.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(fields.code) &&
    (fields.severity !== undefined || fields.routine !== undefined)
  );
};

/** PostgreSQL quotes the values (and names) it complains about: the names are in `constraint` anyway. */
const withoutQuotedValues = (message: string) => message.replace(/"[^"]*"/g, '"…"');

const codeOf = (error: Error) => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? code : undefined;
};

/** The stack's frames only: its first line repeats the message, which may hold the values. */
const stackFrames = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
