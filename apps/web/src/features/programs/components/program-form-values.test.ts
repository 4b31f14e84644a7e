import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { TProgram } from '@hep/shared/schemas/programs';
import { todayIso } from '../../../lib/calendar-date';
import {
  blankExercise,
  buildProgramSaveBody,
  emptyProgramValues,
  programToFormValues,
  type ProgramFormValues,
} from './program-form-values';

// The texts these make are read in the page's language: English here, with no catalog loaded (the source texts).
i18n.loadAndActivate({ locale: 'en', messages: {} });

const program: TProgram = {
  id: 7,
  name: 'Balance',
  client: { id: 3, user: { id: 3 }, first_name: 'Chris', last_name: 'Walker' },
  client_name: 'Chris Walker',
  therapist: 2,
  therapist_name: 'Tara Jones',
  therapist_discipline: 'Physiotherapist',
  start_date: '2025-01-06',
  end_date: '2025-03-01',
  days_of_week: ['FRI', 'MON'],
  is_draft: false,
  version: 4,
  last_completed: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  exercises: [
    {
      id: 11,
      program: 7,
      position: 0,
      name: 'Sit to stand',
      instructions: 'Ten times',
      discipline: 'Physiotherapist',
      image_url: '/api/media/1/?sig=a',
      video_url: null,
      image_media_id: 1,
      video_media_id: null,
      source_exercise: null,
      sets: 3,
      reps: 10,
      hold_seconds: null,
      rest_seconds: null,
      times_per_day: null,
      side: 'left',
    },
  ],
};

describe('program form values', () => {
  it('starts a new program today with one empty exercise', () => {
    expect(todayIso(new Date(2025, 4, 9, 23, 30))).toBe('2025-05-09');
    const values = emptyProgramValues('2025-05-09');
    expect(values).toMatchObject({ name: '', start_date: '2025-05-09', end_date: '', days_of_week: [] });
    expect(values.exercises).toEqual([blankExercise()]);
  });

  it('fills an edit from the program, days Monday first, keeping the current media', () => {
    const values = programToFormValues(program, 'edit', '2025-05-09');
    expect(values).toMatchObject({
      name: 'Balance',
      start_date: '2025-01-06',
      end_date: '2025-03-01',
      days_of_week: ['MON', 'FRI'],
    });
    expect(values.exercises[0]).toMatchObject({
      exercise_id: 11,
      source_exercise_id: null,
      // The program's own file: kept by keep_image, not sent back by id.
      image: { file: null, current: { url: '/api/media/1/?sig=a', mediaId: null }, keep: true },
      video: { file: null, current: null, keep: true },
    });
  });

  it('replicates as "(Copy)", starting today with no end date, each exercise pointing at its source', () => {
    const values = programToFormValues(program, 'replicate', '2025-05-09');
    expect(values).toMatchObject({ name: 'Balance (Copy)', start_date: '2025-05-09', end_date: '' });
    expect(values.exercises[0]).toMatchObject({
      exercise_id: null,
      source_exercise_id: 11,
      image: { current: { url: '/api/media/1/?sig=a', mediaId: null }, keep: true },
    });
  });
});

describe('buildProgramSaveBody', () => {
  const image = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'walk.jpg', { type: 'image/jpeg' });
  const values: ProgramFormValues = {
    name: 'Walking',
    start_date: '2025-05-09',
    end_date: '2025-06-09',
    days_of_week: ['SUN', 'WED', 'MON'],
    exercises: [
      {
        ...blankExercise(),
        exercise_id: 5,
        name: 'Walk',
        instructions: 'Ten minutes',
        image: { file: null, current: { url: '/api/media/2/', mediaId: null }, keep: false },
      },
      blankExercise(),
      {
        ...blankExercise(),
        name: 'Steps',
        instructions: 'Up and down',
        image: { file: image, current: null, keep: true },
      },
    ],
  };

  it('sends the fields, days Monday first, the exercises as JSON and the files by sent index', () => {
    const { body, sentIndexes, hasFiles } = buildProgramSaveBody({
      values,
      clientId: 3,
      isDraft: true,
      version: 4,
    });
    expect(body.get('client_id')).toBe('3');
    expect(body.get('name')).toBe('Walking');
    expect(body.get('is_draft')).toBe('true');
    expect(body.get('end_date')).toBe('2025-06-09');
    expect(body.getAll('days_of_week')).toEqual(['MON', 'WED', 'SUN']);
    expect(body.get('version')).toBe('4');
    // A draft leaves the untouched empty exercise out, so the third exercise is sent as number 1.
    expect(sentIndexes).toEqual([0, 2]);
    expect(JSON.parse(body.get('exercises') as string)).toEqual([
      { id: 5, name: 'Walk', instructions: 'Ten minutes', keep_image: false, keep_video: true },
      { name: 'Steps', instructions: 'Up and down', keep_image: true, keep_video: true },
    ]);
    expect((body.get('exercise_1_image') as File).name).toBe('walk.jpg');
    expect(body.get('exercise_0_image')).toBeNull();
    expect(hasFiles).toBe(true);
  });

  it('sends every exercise on publish, without a version on create, and the source id on replicate', () => {
    const replicated = {
      ...values,
      exercises: [
        { ...blankExercise(), source_exercise_id: 11, name: 'Sit', instructions: 'Slowly' },
        blankExercise(),
      ],
    };
    const { body, sentIndexes, hasFiles } = buildProgramSaveBody({
      values: replicated,
      clientId: 3,
      isDraft: false,
    });
    expect(body.get('is_draft')).toBe('false');
    expect(body.get('version')).toBeNull();
    expect(sentIndexes).toEqual([0, 1]);
    expect(JSON.parse(body.get('exercises') as string)[0]).toEqual({
      name: 'Sit',
      instructions: 'Slowly',
      keep_image: true,
      keep_video: true,
      source_exercise_id: 11,
    });
    expect(hasFiles).toBe(false);
  });
});
