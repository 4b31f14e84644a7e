import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { endDateProblem } from '@hep/shared/domain/program-checks';
import { ApiError, networkError } from '../../../lib/api-error';
import { saveErrorMessage, saveFailureText } from './program-form-errors';
import { checkExerciseFile, formatFileSize } from '../../../lib/media-file';
import { duplicateNameIssues, publishIssues, serverFieldIssues } from './program-form-validation';
import { blankExercise, type ProgramFormValues } from './program-form-values';

// The texts these make are read in the page's language: English here, with no catalog loaded (the source texts).
i18n.loadAndActivate({ locale: 'en', messages: {} });

const filled: ProgramFormValues = {
  name: 'Walking',
  start_date: '2025-05-09',
  end_date: '2025-06-09',
  days_of_week: ['MON'],
  exercises: [{ ...blankExercise(), name: 'Walk', instructions: 'Ten minutes' }],
};

describe('publish checks', () => {
  it('passes a complete program', () => {
    expect(publishIssues(filled)).toEqual([]);
  });

  it('names every missing field with the documented messages, in the order of the form', () => {
    const empty: ProgramFormValues = {
      name: '  ',
      start_date: '2025-05-09',
      end_date: '',
      days_of_week: [],
      exercises: [blankExercise()],
    };
    expect(publishIssues(empty)).toEqual([
      { path: 'name', message: 'Program name is required' },
      { path: 'exercises.0.name', message: 'Exercise name is required' },
      { path: 'exercises.0.instructions', message: 'Exercise instructions are required' },
      { path: 'end_date', message: 'End date is required' },
      { path: 'days_of_week', message: 'Please select at least one day of the week' },
    ]);
  });

  it('wants a start date on publish, so the program shows in a tab of the client page', () => {
    expect(publishIssues({ ...filled, start_date: '' })).toEqual([
      { path: 'start_date', message: 'Start date is required' },
    ]);
  });

  it('wants the end on or after the start', () => {
    expect(endDateProblem('2025-05-09', '2025-05-08')).toBe('End date must be after start date');
    expect(endDateProblem('2025-05-09', '2025-05-09')).toBeNull();
    expect(endDateProblem('', '2025-05-08')).toBeNull();
    expect(publishIssues({ ...filled, end_date: '2025-01-01' })).toEqual([
      { path: 'end_date', message: 'End date must be after start date' },
    ]);
  });

  it('finds repeated exercise names, trimmed, whitespace-collapsed and case-insensitive', () => {
    const values = {
      exercises: [
        { ...blankExercise(), name: 'Sit to stand' },
        { ...blankExercise(), name: ' sit  TO stand ' },
        { ...blankExercise(), name: '' },
        { ...blankExercise(), name: '' },
      ],
    };
    expect(duplicateNameIssues(values)).toEqual([
      { path: 'exercises.1.name', message: 'Exercise name has already been used in this program.' },
    ]);
    expect(
      publishIssues({
        ...filled,
        exercises: values.exercises.slice(0, 2).map((e) => ({ ...e, instructions: 'x' })),
      }),
    ).toEqual([
      { path: 'exercises.1.name', message: 'Exercise name has already been used in this program.' },
    ]);
  });

  it('maps server field keys (sent indexes) back onto the form', () => {
    const { issues, fileIssues } = serverFieldIssues(
      {
        name: 'Program name is required',
        'exercises.1.instructions': 'Exercise instructions are required',
        exercise_0_video: 'Invalid video file type',
        client_id: 'Not found.',
        'exercises.9.name': 'ignored',
      },
      [0, 2],
    );
    expect(issues).toEqual([
      { path: 'name', message: 'Program name is required' },
      { path: 'exercises.2.instructions', message: 'Exercise instructions are required' },
    ]);
    expect(fileIssues).toEqual([{ index: 0, kind: 'video', message: 'Invalid video file type' }]);
  });
});

describe('file checks', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it('accepts the exercise image and video types by MIME type, or by extension when there is none', () => {
    expect(checkExerciseFile(file('a.jpg', 'image/jpeg'), 'image')).toBeNull();
    expect(checkExerciseFile(file('a.webp', 'image/webp'), 'image')).toBeNull();
    expect(checkExerciseFile(file('a.PNG', ''), 'image')).toBeNull();
    expect(checkExerciseFile(file('clip.mov', 'video/quicktime'), 'video')).toBeNull();
    expect(checkExerciseFile(file('clip.webm', ''), 'video')).toBeNull();
  });

  it('refuses other types with the documented messages', () => {
    expect(checkExerciseFile(file('notes.pdf', 'application/pdf'), 'image')).toBe('Invalid image file type');
    expect(checkExerciseFile(file('a.jpg', 'video/mp4'), 'image')).toBe('Invalid image file type');
    expect(checkExerciseFile(file('clip.avi', 'video/x-msvideo'), 'video')).toBe('Invalid video file type');
    expect(checkExerciseFile(file('clip', ''), 'video')).toBe('Invalid video file type');
  });

  it('refuses a file over 52,428,800 bytes', () => {
    expect(checkExerciseFile(file('a.mp4', 'video/mp4', 52_428_800), 'video')).toBeNull();
    expect(checkExerciseFile(file('a.mp4', 'video/mp4', 52_428_801), 'video')).toBe(
      'File size must be less than 50MB',
    );
  });

  it('formats sizes for people', () => {
    expect(formatFileSize(300)).toBe('1 KB');
    expect(formatFileSize(24_576)).toBe('24 KB');
    expect(formatFileSize(13_002_342)).toBe('12.4 MB');
  });
});

describe('save errors by HTTP status', () => {
  const api = (status: number, error?: string) => new ApiError(status, error ? { error, code: 'x' } : null);

  it('uses the documented texts with the action', () => {
    const action = 'program update';
    expect(saveErrorMessage(api(401, 'x'), action)).toBe('Your session has expired. Please log in again.');
    expect(saveErrorMessage(api(413), action)).toBe(
      'One or more files are too large. Please try reducing the file sizes and try again.',
    );
    expect(saveErrorMessage(api(400, 'Invalid video file type'), action)).toBe('Invalid video file type');
    expect(saveErrorMessage(api(400), action)).toBe(
      'Invalid data provided for program update. Please check all fields and try again.',
    );
    expect(saveErrorMessage(api(403, 'x'), action)).toBe(
      "You don't have permission to perform this action. Please contact your administrator.",
    );
    expect(saveErrorMessage(api(404, 'x'), action)).toBe(
      'Required resource not found for program update. Please refresh and try again.',
    );
    expect(saveErrorMessage(api(409, 'x'), action)).toBe(
      'A conflict occurred during program update. The data may have been modified by another user.',
    );
    expect(saveErrorMessage(api(503), action)).toBe(
      'Our servers are experiencing issues. Please try again in a few minutes.',
    );
    expect(saveErrorMessage(api(429, 'Too many requests. Please try again later.'), action)).toBe(
      'Too many requests. Please try again later.',
    );
    expect(saveErrorMessage(api(418), action)).toBe(
      'An unexpected error occurred during program update. Please try again or contact support.',
    );
    expect(saveErrorMessage(networkError(), action)).toBe('Network connectivity issue.');
  });

  it('wraps a new program failure as documented; an edit shows the message alone', () => {
    expect(saveFailureText(api(400), 'program creation', true)).toBe(
      'Exercise creation failed: Invalid data provided for program creation. Please check all fields and try again.',
    );
    expect(saveFailureText(api(503), 'program creation', false)).toBe(
      'Failed to create program: Our servers are experiencing issues. Please try again in a few minutes.',
    );
    expect(saveFailureText(networkError(), 'program creation', false)).toBe(
      'Program creation failed: Network connectivity issue.',
    );
    // The server's message is already in the user's language: it goes into the sentence as it came.
    expect(saveFailureText(api(400, 'El nombre es obligatorio'), 'program creation', true)).toBe(
      'Exercise creation failed: El nombre es obligatorio',
    );
    expect(saveFailureText(api(409), 'program update', false)).toBe(
      'A conflict occurred during program update. The data may have been modified by another user.',
    );
  });
});
