import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isApiError } from '../../../lib/api-error';

export type ProgramSaveAction = 'program creation' | 'program update';

/** The texts that name the action, one whole sentence per action so that a translator can reorder it. */
const ACTION_TEXTS: Record<
  ProgramSaveAction,
  {
    invalid: MessageDescriptor;
    notFound: MessageDescriptor;
    conflict: MessageDescriptor;
    unexpected: MessageDescriptor;
  }
> = {
  'program creation': {
    invalid: msg`Invalid data provided for program creation. Please check all fields and try again.`,
    notFound: msg`Required resource not found for program creation. Please refresh and try again.`,
    conflict: msg`A conflict occurred during program creation. The data may have been modified by another user.`,
    unexpected: msg`An unexpected error occurred during program creation. Please try again or contact support.`,
  },
  'program update': {
    invalid: msg`Invalid data provided for program update. Please check all fields and try again.`,
    notFound: msg`Required resource not found for program update. Please refresh and try again.`,
    conflict: msg`A conflict occurred during program update. The data may have been modified by another user.`,
    unexpected: msg`An unexpected error occurred during program update. Please try again or contact support.`,
  },
};

/**
 * The failed save's message by HTTP status (docs/product/programs-and-exercises.md#saving), in the page's language; a
 * message the server sent is already in the user's language and is shown as it came.
 */
export function saveErrorMessage(error: unknown, action: ProgramSaveAction): string {
  const texts = ACTION_TEXTS[action];
  if (isApiError(error)) {
    const { status, serverMessage } = error;
    if (status === 401) return i18n._(msg`Your session has expired. Please log in again.`);
    if (status === 413)
      return i18n._(msg`One or more files are too large. Please try reducing the file sizes and try again.`);
    if (status === 400) return serverMessage ?? i18n._(texts.invalid);
    if (status === 403)
      return i18n._(
        msg`You don't have permission to perform this action. Please contact your administrator.`,
      );
    if (status === 404) return i18n._(texts.notFound);
    if (status === 409) return i18n._(texts.conflict);
    if (status >= 500)
      return i18n._(msg`Our servers are experiencing issues. Please try again in a few minutes.`);
    return serverMessage ?? i18n._(texts.unexpected);
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n._(texts.unexpected);
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
  if (exerciseFailed) return i18n._(msg`Exercise creation failed: ${message}`);
  if (!isApiError(error) || error.status === 0) return i18n._(msg`Program creation failed: ${message}`);
  return i18n._(msg`Failed to create program: ${message}`);
}
