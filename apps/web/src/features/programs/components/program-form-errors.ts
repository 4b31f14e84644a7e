import { MESSAGES } from '@hep/shared/messages';
import { isApiError } from '../../../lib/api-error';

export type ProgramSaveAction = 'program creation' | 'program update';

/** The failed save's message by HTTP status (docs/product/programs-and-exercises.md#saving). */
export function saveErrorMessage(error: unknown, action: ProgramSaveAction): string {
  if (isApiError(error)) {
    const { status, serverMessage } = error;
    if (status === 401) return MESSAGES.programSession401;
    if (status === 413) return MESSAGES.programFiles413;
    if (status === 400) return serverMessage ?? MESSAGES.programInvalid400(action);
    if (status === 403) return MESSAGES.programForbidden403;
    if (status === 404) return MESSAGES.programNotFound404(action);
    if (status === 409) return MESSAGES.programConflict409(action);
    if (status >= 500) return MESSAGES.programServer5xx;
    return serverMessage ?? MESSAGES.programUnexpected(action);
  }
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.programUnexpected(action);
}

/**
 * The wrappers for a new program (create, replicate; docs/product/programs-and-exercises.md#saving): the one save
 * request answers for the program and its exercises together, so a failure the server pins on an exercise reads
 * "Exercise creation failed: ...", one without an HTTP answer (network) "Program creation failed: ...", and any other
 * "Failed to create program: ...". An edit shows the message alone.
 */
export function saveFailureText(error: unknown, action: ProgramSaveAction, exerciseFailed: boolean): string {
  const message = saveErrorMessage(error, action);
  if (action === 'program update') return message;
  if (exerciseFailed) return `${MESSAGES.exerciseCreationFailed}${message}`;
  if (!isApiError(error) || error.status === 0) return `${MESSAGES.programCreationFailed}${message}`;
  return `${MESSAGES.failedToCreateProgram}${message}`;
}
