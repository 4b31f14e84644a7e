import { describe, expect, it } from 'vitest';
import { PROGRAM_TEXTS } from '../texts/programs';
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
    expect(programProblems(draft, false)).toEqual({
      'exercises.1.name': PROGRAM_TEXTS.duplicateExerciseName,
    });
    expect(programProblems(draft, true)).toEqual({
      name: PROGRAM_TEXTS.programNameRequired,
      'exercises.0.instructions': PROGRAM_TEXTS.exerciseInstructionsRequired,
      'exercises.1.name': PROGRAM_TEXTS.duplicateExerciseName,
      'exercises.1.instructions': PROGRAM_TEXTS.exerciseInstructionsRequired,
      start_date: PROGRAM_TEXTS.startDateRequired,
      end_date: PROGRAM_TEXTS.endDateRequired,
      days_of_week: PROGRAM_TEXTS.dayRequired,
    });
  });

  it('wants the end on or after the start', () => {
    expect(programProblems({ ...published, end_date: '2025-05-04' }, true)).toEqual({
      end_date: PROGRAM_TEXTS.endDateAfterStart,
    });
    expect(programProblems({ ...published, end_date: '2025-05-05' }, true)).toEqual({});
  });
});
