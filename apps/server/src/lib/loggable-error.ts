/**
 * What of an unexpected error may go to the log. A failed database query carries every value it was sent (names,
 * dates of birth, feedback text, password hashes) in its message and `params`, and PostgreSQL's own error can quote
 * a value in `detail`: keep the query text, the error's kind and code, and the stack of where it happened.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const withQuery = error as Error & { query?: unknown; params?: unknown };
  if (typeof withQuery.query !== 'string' || !('params' in withQuery)) {
    return { type: error.name, message: error.message, stack: error.stack, code: codeOf(error) };
  }
  const cause = error.cause as
    (Error & { code?: unknown; constraint?: unknown; routine?: unknown }) | undefined;
  return {
    type: error.name,
    query: withQuery.query,
    stack: stackFrames(error.stack),
    cause: cause && {
      type: cause.name,
      code: codeOf(cause),
      constraint: cause.constraint,
      routine: cause.routine,
    },
  };
}

const codeOf = (error: Error) => (error as { code?: unknown }).code;

/** The stack's frames only: its first line repeats the message, which holds the query's values. */
const stackFrames = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
