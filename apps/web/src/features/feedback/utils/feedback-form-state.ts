import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { isApiError } from '../../../lib/api-error';

/** What the client has entered; `media` is a newly chosen file (null keeps what was sent before, if anything). */
export interface FeedbackDraft {
  effort: number;
  /**
   * The pain select's value: '' for no answer (optional: docs/product/feedback-and-progress.md#pain), else '0' to
   * '10'.
   */
  pain: string;
  feeling: string;
  media: File | null;
}

/**
 * The effort select's check (react-hook-form `validate`). Effort 0 means "not rated"
 * (docs/product/feedback-and-progress.md#effort): the server takes it, but the client's form asks for a rating first.
 */
export function checkEffort(effort: number): true | string {
  return Number.isInteger(effort) && effort > 0 ? true : i18n._(msg`Please select an effort level.`);
}

/** The form's starting values: the day's saved entry, or nothing yet (effort 0: no card chosen). */
export function initialDraft(existing: TFeedback | null): FeedbackDraft {
  const pain = existing?.pain ?? null;
  return {
    effort: existing?.effort_rating ?? 0,
    pain: pain === null ? '' : String(pain),
    feeling: existing?.feeling ?? '',
    media: null,
  };
}

/** The pain to send: null for no answer (a PUT without it clears a pain given before). */
export function painOf(draft: Pick<FeedbackDraft, 'pain'>): number | null {
  return draft.pain === '' ? null : Number(draft.pain);
}

/** Whether effort, pain, feeling or media differ from the loaded entry (the server trims the feeling it keeps). */
export function hasChanges(draft: FeedbackDraft, existing: TFeedback | null): boolean {
  const loaded = initialDraft(existing);
  return (
    draft.effort !== loaded.effort ||
    draft.pain !== loaded.pain ||
    draft.feeling.trim() !== loaded.feeling.trim() ||
    draft.media !== null
  );
}

export type SubmitMode = 'submit' | 'completed' | 'update';

/** No entry yet: I did it!; an entry and nothing changed: Completed! ✓ (disabled); a change: Update Feedback. */
export function submitMode(draft: FeedbackDraft, existing: TFeedback | null): SubmitMode {
  if (!existing) return 'submit';
  return hasChanges(draft, existing) ? 'update' : 'completed';
}

export function submitLabel(mode: SubmitMode, busy: boolean): MessageDescriptor {
  if (busy) return msg`Submitting...`;
  if (mode === 'completed') return msg`Completed! ✓`;
  return mode === 'update' ? msg`Update Feedback` : msg`I did it!`;
}

/** A save that failed without a message of its own. */
export const FEEDBACK_SUBMIT_FAILED: MessageDescriptor = msg`An error occurred while submitting feedback.`;

/**
 * A failed save (docs/product/feedback-and-progress.md#feedback-form): 413 has its own text, else the server's
 * message, the error's, the fallback.
 */
export function feedbackErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 413)
      return i18n._(msg`Video file size must be less than 50MB. Please try again with a smaller file.`);
    return error.serverMessage ?? i18n._(FEEDBACK_SUBMIT_FAILED);
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n._(FEEDBACK_SUBMIT_FAILED);
}
