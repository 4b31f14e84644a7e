import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { ApiError, networkError } from '../../../lib/api-error';
import {
  checkEffort,
  feedbackErrorMessage,
  hasChanges,
  initialDraft,
  painOf,
  submitLabel,
  submitMode,
} from './feedback-form-state';

const saved: TFeedback = {
  id: 7,
  exercise: 3,
  exercise_name: 'Heel raises',
  program: 2,
  client: 5,
  date_completed: '2026-11-21',
  effort_rating: 6,
  pain: null,
  feeling: 'A bit wobbly',
  image_url: null,
  video_url: null,
  created_at: '2026-11-21T09:00:00.000Z',
  updated_at: '2026-11-21T09:00:00.000Z',
};
const photo = { name: 'me.jpg', type: 'image/jpeg', size: 1000 } as File;

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('feedback form state', () => {
  it('starts from the saved entry, or from no effort chosen and nothing written', () => {
    expect(initialDraft(null)).toEqual({ effort: 0, pain: '', feeling: '', media: null });
    expect(initialDraft(saved)).toEqual({ effort: 6, pain: '', feeling: 'A bit wobbly', media: null });
    expect(initialDraft({ ...saved, pain: 0 }).pain).toBe('0');
    expect(initialDraft({ ...saved, pain: 7 }).pain).toBe('7');
  });

  it('sends no pain for "No answer" and the chosen level otherwise, 0 included', () => {
    expect(painOf({ pain: '' })).toBeNull();
    expect(painOf({ pain: '0' })).toBe(0);
    expect(painOf({ pain: '10' })).toBe(10);
    expect(painOf(initialDraft({ ...saved, pain: 4 }))).toBe(4);
  });

  it('offers Update Feedback when the pain is given, changed or taken back', () => {
    expect(submitMode({ ...initialDraft(saved), pain: '3' }, saved)).toBe('update');
    const withPain = { ...saved, pain: 3 };
    expect(submitMode(initialDraft(withPain), withPain)).toBe('completed');
    expect(submitMode({ ...initialDraft(withPain), pain: '0' }, withPain)).toBe('update');
    expect(submitMode({ ...initialDraft(withPain), pain: '' }, withPain)).toBe('update');
  });

  it('offers I did it! before any entry, Completed! ✓ for an unchanged one and Update Feedback after a change', () => {
    expect(submitMode(initialDraft(null), null)).toBe('submit');
    expect(submitMode(initialDraft(saved), saved)).toBe('completed');
    expect(submitMode({ ...initialDraft(saved), effort: 7 }, saved)).toBe('update');
    expect(submitMode({ ...initialDraft(saved), feeling: 'Steady today' }, saved)).toBe('update');
    expect(submitMode({ ...initialDraft(saved), media: photo }, saved)).toBe('update');
    // Spaces around the words are not a change: the server keeps the feeling trimmed.
    expect(hasChanges({ ...initialDraft(saved), feeling: ' A bit wobbly \n' }, saved)).toBe(false);
  });

  it('asks for an effort level before sending: 0 is no card chosen', () => {
    expect(checkEffort(0)).toBe('Please select an effort level.');
    expect(checkEffort(Number.NaN)).toBe('Please select an effort level.');
    expect(checkEffort(1)).toBe(true);
    expect(checkEffort(10)).toBe(true);
  });

  it('labels the button by mode, and Submitting... while busy', () => {
    expect(i18n._(submitLabel('submit', false))).toBe('I did it!');
    expect(i18n._(submitLabel('completed', false))).toBe('Completed! ✓');
    expect(i18n._(submitLabel('update', false))).toBe('Update Feedback');
    expect(i18n._(submitLabel('update', true))).toBe('Submitting...');
    expect(i18n._(submitLabel('submit', true))).toBe('Submitting...');
  });

  it('words a failed save as documented', () => {
    const tooLarge = 'Video file size must be less than 50MB. Please try again with a smaller file.';
    const failed = 'An error occurred while submitting feedback.';
    expect(feedbackErrorMessage(new ApiError(413, null))).toBe(tooLarge);
    expect(feedbackErrorMessage(new ApiError(413, { error: 'File size must be less than 50MB' }))).toBe(
      tooLarge,
    );
    // The server's own message is already in the user's language: shown as it comes.
    const notPrescribed = 'This program has no exercises prescribed on that date.';
    expect(feedbackErrorMessage(new ApiError(400, { error: notPrescribed, code: 'bad' }))).toBe(
      notPrescribed,
    );
    expect(feedbackErrorMessage(new ApiError(500, null))).toBe(failed);
    expect(feedbackErrorMessage(networkError())).toBe(networkError().message);
    expect(feedbackErrorMessage(new Error('Something odd'))).toBe('Something odd');
    expect(feedbackErrorMessage('?')).toBe(failed);
  });
});
