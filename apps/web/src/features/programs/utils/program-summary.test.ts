import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { TExercise } from '@hep/shared/schemas/programs';
import { programSummaryText } from './program-summary';

// The texts these make are read in the page's language: English here, with no catalog loaded (the source texts).
i18n.loadAndActivate({ locale: 'en', messages: {} });

function exercise(position: number, name: string, instructions: string): TExercise {
  return {
    id: position + 10,
    program: 1,
    position,
    name,
    instructions,
    discipline: null,
    image_url: null,
    video_url: null,
    image_media_id: null,
    video_media_id: null,
    sets: null,
    reps: null,
    hold_seconds: null,
    rest_seconds: null,
    times_per_day: null,
    side: null,
    source_exercise: null,
  };
}

describe('programSummaryText', () => {
  it('gives the title and the exercises numbered in their order, each with its instructions', () => {
    const text = programSummaryText({
      name: 'Balance',
      exercises: [
        exercise(1, 'Heel raises', 'Hold the bench.\n10 times.'),
        exercise(0, 'Sit to stand', 'Slowly.'),
      ],
    });
    expect(text).toBe('Balance\n\n1. Sit to stand\nSlowly.\n\n2. Heel raises\nHold the bench.\n10 times.');
  });

  it('puts the dosage in words under the name when there is one', () => {
    const text = programSummaryText({
      name: 'Arms',
      exercises: [{ ...exercise(0, 'Arm raise', 'Lift.'), sets: 3, reps: 10, side: 'left' }],
    });
    expect(text).toBe('Arms\n\n1. Arm raise\n3 sets of 10 · left side\nLift.');
  });

  it('says so when the program has no exercises', () => {
    expect(programSummaryText({ name: 'Empty', exercises: [] })).toBe(
      'Empty\n\nNo exercises added to this program',
    );
  });
});
