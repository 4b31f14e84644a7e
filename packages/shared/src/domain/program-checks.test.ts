import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { programProblems } from './program-checks';

const published = {
  name: 'Balance',
  start_date: '2025-05-05',
  end_date: '2025-06-30',
  days_of_week: ['MON'],
  exercises: [{ name: 'Heel raises', instructions: 'Ten slow ones.' }],
};

describe('programProblems', () => {
  it('finds nothing wrong with a complete program', () => {
    expect(programProblems(published, true)).toEqual({});
  });

  it('skips the required fields in a draft but still refuses repeated exercise names', () => {
    const draft = {
      name: '',
      start_date: null,
      end_date: null,
      days_of_week: [],
      exercises: [
        { name: 'Heel raises', instructions: '' },
        { name: ' heel  RAISES', instructions: '' },
      ],
    };
    expect(programProblems(draft, false)).toEqual({ 'exercises.1.name': MESSAGES.duplicateExerciseName });
    expect(programProblems(draft, true)).toEqual({
      name: MESSAGES.programNameRequired,
      'exercises.0.instructions': MESSAGES.exerciseInstructionsRequired,
      'exercises.1.name': MESSAGES.duplicateExerciseName,
      'exercises.1.instructions': MESSAGES.exerciseInstructionsRequired,
      start_date: MESSAGES.startDateRequired,
      end_date: MESSAGES.endDateRequired,
      days_of_week: MESSAGES.dayRequired,
    });
  });

  it('wants the end on or after the start', () => {
    expect(programProblems({ ...published, end_date: '2025-05-04' }, true)).toEqual({
      end_date: MESSAGES.endDateAfterStart,
    });
    expect(programProblems({ ...published, end_date: '2025-05-05' }, true)).toEqual({});
  });
});
