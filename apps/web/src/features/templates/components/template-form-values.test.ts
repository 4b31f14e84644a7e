import { describe, expect, it } from 'vitest';
import { ZSaveTemplate, type TTemplate } from '@hep/shared/schemas/templates';
import { contentFieldPath } from '../../../lib/exercise-content';
import { templateSaveBody, templateToFormValues } from './template-form-values';

const none = {
  sets: null,
  reps: null,
  hold_seconds: null,
  rest_seconds: null,
  times_per_day: null,
  side: null,
};
const template: TTemplate = {
  id: 3,
  name: 'Hand skills',
  days_of_week: ['WED', 'MON'],
  weeks: null,
  clinic: 1,
  created_by: 2,
  created_by_name: 'Sam Lee',
  exercise_count: 2,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  exercises: [
    {
      id: 2,
      position: 1,
      name: 'Pegs',
      instructions: 'Move the pegs.',
      ...none,
      image_url: null,
      video_url: null,
      image_media_id: null,
      video_media_id: null,
    },
    {
      id: 1,
      position: 0,
      name: 'Grip',
      instructions: 'Squeeze.',
      ...none,
      sets: 2,
      hold_seconds: 5,
      side: 'right',
      image_url: '/api/media/4',
      video_url: null,
      image_media_id: 4,
      video_media_id: null,
    },
  ],
};

describe('template form values', () => {
  it('reads the template in order, with the dosage as text', () => {
    const values = templateToFormValues(template);
    expect(values.days_of_week).toEqual(['MON', 'WED']);
    expect(values.weeks).toBe('');
    expect(values.exercises.map((e) => e.name)).toEqual(['Grip', 'Pegs']);
    expect(values.exercises[0]).toMatchObject({
      dosage: { sets: '2', hold_seconds: '5', reps: '', side: 'right' },
      // A template's files are its references: sent back by id.
      image: { file: null, current: { url: '/api/media/4', mediaId: 4 }, keep: true },
    });
  });

  it('sends what the server schema accepts: blanks as not given, media ids back, the form order', () => {
    const values = templateToFormValues(template);
    values.exercises.reverse();
    values.weeks = ' 6 ';
    const body = templateSaveBody(values);
    const parsed = ZSaveTemplate.parse(body);
    expect(parsed.weeks).toBe(6);
    expect(parsed.exercises.map((e) => e.name)).toEqual(['Pegs', 'Grip']);
    expect(parsed.exercises[1]).toMatchObject({
      sets: 2,
      hold_seconds: 5,
      side: 'right',
      image_media_id: 4,
    });
    // A blank field is left out: the server stores it as not given.
    expect(parsed.exercises[1]!.reps ?? null).toBeNull();
    expect(body.exercises[0]).not.toHaveProperty('image_url');
  });

  it('is refused by the schema with the field paths the form shows', () => {
    const values = templateToFormValues(template);
    values.name = ' ';
    values.exercises[0]!.dosage.reps = '500';
    const result = ZSaveTemplate.safeParse(templateSaveBody(values));
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'exercises.0.reps']));
    // The form holds the dosage as one group.
    expect(contentFieldPath('exercises.0.reps')).toBe('exercises.0.dosage.reps');
    expect(contentFieldPath('exercises.0.name')).toBe('exercises.0.name');
  });
});
