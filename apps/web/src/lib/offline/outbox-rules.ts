import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { formatWeekdayDayMonth } from '../calendar-date';

// The pure rules of the offline outbox (docs/product/session.md#offline-feedback): what to do with an answer, in
// which order to send, and the words the client reads. The IndexedDB store and the sender use them; they are unit
// tested on their own.

/** After a failed send: keep the entry and try again later, or give it up and tell the client. */
export type SendVerdict = 'retry' | 'refuse';

/**
 * No answer (status 0), a 401 the session could not fix, a timeout, too many requests or a server error may all
 * pass: the entry stays and is sent again with the same key. Any other answer (409 the day already has an entry,
 * 422 the key was used for another body, 400 a bad field, 404 gone, 413 too large) will not change by sending again.
 */
export function verdictFor(status: number): SendVerdict {
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500) return 'retry';
  return 'refuse';
}

/** Oldest first, so that the server sees the saves in the order they were made. */
export function sendOrder<T extends { created: number; key: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.created - b.created || a.key.localeCompare(b.key));
}

/** An `Idempotency-Key`: a random UUID (crypto.randomUUID needs a secure context; the fallback does not). */
export function newIdempotencyKey(
  source: Pick<Crypto, 'getRandomValues'> & Partial<Crypto> = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// The words are in the active language at the time of the call; the status line shows these two with t().
/** Asked before a sign-out that would drop entries still on this phone. */
export function unsentWarning(count: number): string {
  return i18n._(
    msg`${plural(count, {
      one: '# item is not sent yet. If you sign out now, it will be lost.',
      other: '# items are not sent yet. If you sign out now, they will be lost.',
    })}`,
  );
}

/** What the client reads when the server turned a kept entry down: which exercise and day (or questionnaire), and why. */
export function refusedMessage(
  entry: { kind?: 'measure' | 'message'; exerciseName: string | null; date: string },
  answer: { status: number; serverMessage: string | null },
): string {
  const name = entry.exerciseName;
  if (entry.kind === 'message') {
    const why =
      answer.status === 413
        ? i18n._(msg`Video file size must be less than 50MB. Please try again with a smaller file.`)
        : (answer.serverMessage ?? i18n._(msg`Please write it again.`));
    return i18n._(msg`Your message could not be sent. ${why}`);
  }
  if (entry.kind === 'measure') {
    const measure = name ?? '';
    const why = answer.serverMessage ?? i18n._(msg`Please answer it again.`);
    return i18n._(msg`Your answers to ${measure} could not be sent. ${why}`);
  }
  const day = formatWeekdayDayMonth(entry.date);
  if (answer.status === 409)
    return i18n._(
      name === null
        ? msg`Your feedback for an exercise on ${day} was not sent. That day already has feedback.`
        : msg`Your feedback for ${name} on ${day} was not sent. That day already has feedback.`,
    );
  // The server's message is already in the client's language.
  const why =
    answer.status === 413
      ? i18n._(msg`Video file size must be less than 50MB. Please try again with a smaller file.`)
      : (answer.serverMessage ?? i18n._(msg`An error occurred while submitting feedback.`));
  return i18n._(
    name === null
      ? msg`Your feedback for an exercise on ${day} could not be sent. ${why}`
      : msg`Your feedback for ${name} on ${day} could not be sent. ${why}`,
  );
}
