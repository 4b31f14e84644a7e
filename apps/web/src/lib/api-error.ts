import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TApiError } from '@hep/shared/schemas/common';

/** A failed API call: the HTTP status (0 for a network failure) and the server's `{ error, code, fields? }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** The server's own message, when it sent one. */
  readonly serverMessage: string | null;
  /** The whole parsed error body, for the few answers that carry more (e.g. a CSV import's bad `rows`). */
  readonly body: unknown;

  constructor(status: number, body: Partial<TApiError> | null) {
    const serverMessage = typeof body?.error === 'string' && body.error ? body.error : null;
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof body?.code === 'string' ? body.code : 'unknown';
    this.fields = body?.fields ?? {};
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

/** No answer: the message is the app's own (no server wrote it), in the active language. */
export function networkError(): ApiError {
  return new ApiError(0, { error: i18n._(msg`Network connectivity issue.`), code: 'network_error' });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text to show for a failed call: the server's message, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}
