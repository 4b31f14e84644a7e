import { describe, expect, it } from 'vitest';
import { serverFieldIssues, serverFieldPath } from './program-form-validation';
import { blankDosage, dosageFormInWords } from '../../../lib/dosage-form';
import { blankExercise, exerciseFromSource, isBlankNewExercise } from './program-form-values';

describe('dosage in the program form', () => {
  it('says the typed dosage in words with the shared formatter', () => {
    const dose = { ...blankDosage(), sets: '3', reps: ' 10 ', hold_seconds: '5', side: 'left' as const };
    expect(dosageFormInWords(dose)).toBe('3 sets of 10 · hold 5 seconds · left side');
    expect(dosageFormInWords({ ...blankDosage(), times_per_day: '2' })).toBe('twice a day');
    expect(dosageFormInWords(blankDosage())).toBe('');
  });

  it('leaves out a field until it holds a whole number in its range', () => {
    const dose = { ...blankDosage(), sets: '21', reps: '1.5', hold_seconds: 'abc', rest_seconds: '0' };
    expect(dosageFormInWords(dose)).toBe('');
    expect(dosageFormInWords({ ...dose, sets: '20' })).toBe('20 sets');
  });

  it('puts the server range messages on the dosage inputs of the exercise that was sent', () => {
    // The form's second exercise was the only one sent: the server calls it 0.
    expect(serverFieldPath('exercises.0.sets', [1])).toBe('exercises.1.dosage.sets');
    expect(serverFieldPath('exercises.0.side', [1])).toBe('exercises.1.dosage.side');
    expect(serverFieldPath('exercises.0.times_per_day', [0])).toBe('exercises.0.dosage.times_per_day');
    expect(serverFieldPath('exercises.3.reps', [0])).toBeNull();
    expect(serverFieldPath('exercises.0.dosage', [0])).toBeNull();
    expect(
      serverFieldIssues({ 'exercises.0.hold_seconds': 'Enter a whole number from 1 to 600.' }, [2]),
    ).toEqual({
      issues: [{ path: 'exercises.2.dosage.hold_seconds', message: 'Enter a whole number from 1 to 600.' }],
      fileIssues: [],
    });
  });
});

describe('adding from the library', () => {
  const item = {
    name: 'Sit to stand',
    instructions: 'Stand up from a chair.',
    image_media_id: 4,
    video_media_id: 9,
    image_url: '/api/media/4/?sig=a',
    video_url: null,
    sets: 2,
    reps: 8,
    hold_seconds: null,
    rest_seconds: 30,
    times_per_day: 1,
    side: null,
  };

  it('makes a form exercise that reuses the item by reference, with its dosage', () => {
    const exercise = exerciseFromSource(item);
    expect(exercise).toMatchObject({
      exercise_id: null,
      name: 'Sit to stand',
      image: { file: null, current: { url: '/api/media/4/?sig=a', mediaId: 4 }, keep: true },
      // No URL came with it: nothing to show, nothing to reuse.
      video: { file: null, current: null, keep: true },
    });
    expect(dosageFormInWords(exercise.dosage)).toBe(
      '2 sets of 8 · rest 30 seconds between sets · once a day',
    );
    expect(isBlankNewExercise(exercise)).toBe(false);
  });

  it('tells a still-empty new exercise (the one it replaces) from one with anything in it', () => {
    expect(isBlankNewExercise(blankExercise())).toBe(true);
    expect(isBlankNewExercise({ ...blankExercise(), name: ' x ' })).toBe(false);
    expect(isBlankNewExercise({ ...blankExercise(), exercise_id: 3 })).toBe(false);
  });
});
