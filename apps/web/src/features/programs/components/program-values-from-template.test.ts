import { describe, expect, it } from 'vitest';
import type { TTemplate } from '@hep/shared/schemas/templates';
import { buildProgramSaveBody } from './program-form-values';
import { programValuesFromTemplate } from './program-values-from-template';

const dosage = {
  sets: null,
  reps: null,
  hold_seconds: null,
  rest_seconds: null,
  times_per_day: null,
  side: null,
};

const template: TTemplate = {
  id: 4,
  name: 'Balance after stroke',
  days_of_week: ['FRI', 'MON'],
  weeks: 4,
  clinic: 1,
  created_by: 2,
  created_by_name: 'Sam Lee',
  exercise_count: 2,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  exercises: [
    {
      id: 12,
      position: 1,
      name: 'Sit to stand',
      instructions: 'Stand up without your hands.',
      ...dosage,
      reps: 8,
      image_url: null,
      video_url: null,
      image_media_id: null,
      video_media_id: null,
    },
    {
      id: 11,
      position: 0,
      name: 'Heel raises',
      instructions: 'Hold the bench.',
      ...dosage,
      sets: 3,
      reps: 10,
      side: 'left',
      image_url: '/api/media/7?sig=x',
      video_url: null,
      image_media_id: 7,
      video_media_id: 9,
    },
  ],
};

describe('programValuesFromTemplate', () => {
  it('fills the whole form: name, days Monday first, today, end after the weeks, exercises in order', () => {
    const values = programValuesFromTemplate(template, '2026-03-30');
    expect(values.name).toBe('Balance after stroke');
    expect(values.days_of_week).toEqual(['MON', 'FRI']);
    expect(values.start_date).toBe('2026-03-30');
    // Four whole weeks, the last day included: Monday 30 March to Sunday 26 April.
    expect(values.end_date).toBe('2026-04-26');
    expect(values.exercises.map((e) => e.name)).toEqual(['Heel raises', 'Sit to stand']);
    expect(values.exercises[0]!.dosage).toMatchObject({
      sets: '3',
      reps: '10',
      side: 'left',
      hold_seconds: '',
    });
  });

  it('sends the media by reference, and only the media that came with a URL (the caller may see it)', () => {
    const values = programValuesFromTemplate(template, '2026-03-30');
    const { body } = buildProgramSaveBody({ values, clientId: 5, isDraft: false });
    const exercises = JSON.parse(body.get('exercises') as string) as Record<string, unknown>[];
    expect(exercises[0]).toMatchObject({ name: 'Heel raises', image_media_id: 7, sets: '3', side: 'left' });
    expect(exercises[0]).not.toHaveProperty('video_media_id');
    expect(exercises[1]).not.toHaveProperty('image_media_id');
  });

  it('leaves the end date blank for a template without weeks', () => {
    expect(programValuesFromTemplate({ ...template, weeks: null }, '2026-03-30').end_date).toBe('');
  });
});
