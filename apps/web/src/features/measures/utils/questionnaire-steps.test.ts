import { describe, expect, it } from 'vitest';
import type { TInstrumentView } from '@hep/shared/schemas/measures';
import { namedActivities, questionnaireSteps, stepOfField } from './questionnaire-steps';

const gad = {
  items: [
    { id: 'gad7_1', text: 'Feeling nervous', scale: 'frequency', subscale: null },
    { id: 'gad7_2', text: 'Worrying', scale: 'frequency', subscale: null },
  ],
  activities: null,
} as unknown as TInstrumentView;
const psfs = {
  items: [],
  activities: { min: 3, max: 5, scale: 'ability', max_length: 100, prompt: 'How able are you today?' },
} as unknown as TInstrumentView;

describe('questionnaireSteps', () => {
  it('asks each item in turn', () => {
    expect(questionnaireSteps(gad, [])).toEqual([
      { kind: 'question', id: 'gad7_1', text: 'Feeling nervous', scale: 'frequency' },
      { kind: 'question', id: 'gad7_2', text: 'Worrying', scale: 'frequency' },
    ]);
  });

  it('names the activities first, then asks of each one named', () => {
    const steps = questionnaireSteps(psfs, namedActivities([' Stairs ', '', 'Gardening', '  ']));
    expect(steps).toEqual([
      { kind: 'activities' },
      { kind: 'question', id: 'activity_1', text: 'Stairs: How able are you today?', scale: 'ability' },
      { kind: 'question', id: 'activity_2', text: 'Gardening: How able are you today?', scale: 'ability' },
    ]);
    expect(stepOfField(steps, 'activities')).toBe(0);
    expect(stepOfField(steps, 'answers.activity_2')).toBe(2);
    expect(stepOfField(steps, 'answers.other')).toBeNull();
  });
});
