import { beforeAll, describe, expect, it } from 'vitest';
import { PROGRAM_TEXTS } from '@hep/shared/texts/programs';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { TEMPLATE_MESSAGES } from '@hep/shared/schemas/templates';
import { programTemplates } from '../../db/schema/program-templates';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { call, createTemplate, templateBody, useTemplatesApp } from './templates.test-support';

const bed = useTemplatesApp();

const exercise = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sit to stand',
  instructions: 'Slowly.',
  ...overrides,
});
const WHOLE = (min: number, max: number) => `Enter a whole number from ${min} to ${max}.`;
const INVALID_ID = 'Enter a valid id.';

/** Each bad body and the one field error it must give, for POST and PUT alike. */
const CASES: [string, Record<string, unknown>, Record<string, string>][] = [
  ['no name', { name: undefined }, { name: TEMPLATE_MESSAGES.nameRequired }],
  ['a blank name', { name: '   ' }, { name: TEMPLATE_MESSAGES.nameRequired }],
  ['a name over 200 characters', { name: 'x'.repeat(201) }, { name: VALIDATION_TEXTS.tooLong }],
  ['an unknown weekday', { days_of_week: ['MON', 'FUNDAY'] }, { 'days_of_week.1': expect.any(String) }],
  ['0 weeks', { weeks: 0 }, { weeks: TEMPLATE_MESSAGES.weeksRange }],
  ['53 weeks', { weeks: 53 }, { weeks: TEMPLATE_MESSAGES.weeksRange }],
  ['part of a week', { weeks: 1.5 }, { weeks: TEMPLATE_MESSAGES.weeksRange }],
  ['weeks as words', { weeks: 'six' }, { weeks: TEMPLATE_MESSAGES.weeksRange }],
  ['no exercise list', { exercises: undefined }, { exercises: TEMPLATE_MESSAGES.exercisesRequired }],
  ['an empty exercise list', { exercises: [] }, { exercises: TEMPLATE_MESSAGES.exercisesRequired }],
  [
    'over 100 exercises',
    { exercises: Array.from({ length: 101 }, (_, i) => exercise({ name: `Exercise ${i}` })) },
    { exercises: TEMPLATE_MESSAGES.tooManyExercises },
  ],
  [
    'an exercise without a name',
    { exercises: [exercise(), exercise({ name: '' })] },
    { 'exercises.1.name': PROGRAM_TEXTS.exerciseNameRequired },
  ],
  [
    'an exercise name over 200 characters',
    { exercises: [exercise({ name: 'y'.repeat(201) })] },
    { 'exercises.0.name': VALIDATION_TEXTS.tooLong },
  ],
  [
    'instructions over 5000 characters',
    { exercises: [exercise({ instructions: 'z'.repeat(5001) })] },
    { 'exercises.0.instructions': VALIDATION_TEXTS.tooLong },
  ],
  [
    'the same exercise name twice (any case)',
    { exercises: [exercise(), exercise({ name: ' sit  TO stand ' })] },
    { 'exercises.1.name': TEMPLATE_MESSAGES.duplicateExerciseName },
  ],
  ['0 sets', { exercises: [exercise({ sets: 0 })] }, { 'exercises.0.sets': WHOLE(1, 20) }],
  ['101 reps', { exercises: [exercise({ reps: 101 })] }, { 'exercises.0.reps': WHOLE(1, 100) }],
  [
    'a 601 second hold',
    { exercises: [exercise({ hold_seconds: 601 })] },
    { 'exercises.0.hold_seconds': WHOLE(1, 600) },
  ],
  [
    'a negative rest',
    { exercises: [exercise({ rest_seconds: -1 })] },
    { 'exercises.0.rest_seconds': WHOLE(0, 600) },
  ],
  [
    '11 times a day',
    { exercises: [exercise({ times_per_day: 11 })] },
    { 'exercises.0.times_per_day': WHOLE(1, 10) },
  ],
  [
    'an unknown side',
    { exercises: [exercise({ side: 'up' })] },
    { 'exercises.0.side': 'Choose left, right or both.' },
  ],
  [
    'a media id that is no id',
    { exercises: [exercise({ image_media_id: 'abc' })] },
    { 'exercises.0.image_media_id': INVALID_ID },
  ],
  [
    'a negative media id',
    { exercises: [exercise({ video_media_id: -4 })] },
    { 'exercises.0.video_media_id': INVALID_ID },
  ],
  ['a NUL character', { name: 'Bad\u0000name' }, { name: VALIDATION_TEXTS.invalidCharacter }],
];

let session: Session;
let templateId: number;
const templateCount = async () => (await bed.t.ctx.db.select().from(programTemplates)).length;
beforeAll(async () => {
  session = await login(bed.t, (await buildCareTeam(bed.t.ctx)).therapist);
  templateId = (await createTemplate(bed, session)).id;
});

describe('template saves refuse a bad body with a message per field', () => {
  it.each(CASES)('%s', async (_label, overrides, fields) => {
    const before = await templateCount();
    const body = templateBody(overrides);
    for (const [method, url] of [
      ['POST', '/api/templates/'],
      ['PUT', `/api/templates/${templateId}/`],
    ] as const) {
      const res = await call(bed, session, method, url, body);
      expect(res.statusCode, `${method}: ${res.body}`).toBe(400);
      const answer = res.json();
      expect(answer).toMatchObject({ code: 'validation_error', fields });
      expect(answer.error).toBe(Object.values(answer.fields)[0]);
    }
    expect(await templateCount()).toBe(before);
    const unchanged = await call(bed, session, 'GET', `/api/templates/${templateId}/`);
    expect(unchanged.json()).toMatchObject({ name: 'Early stroke balance', exercise_count: 2 });
  });

  it('answers 400 for a body that is not JSON and for a template id that is no id', async () => {
    const s = await login(bed.t, (await buildCareTeam(bed.t.ctx)).therapist);
    const broken = await bed.t.app.inject({
      method: 'POST',
      url: '/api/templates/',
      headers: { ...s.headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'Malformed JSON body.' });
    const badId = await call(bed, s, 'GET', '/api/templates/abc/');
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ fields: { id: INVALID_ID } });
  });
});

describe('POST /api/templates/from-program/ refuses a bad body', () => {
  it.each([
    ['no name', { program_id: 1 }, { name: TEMPLATE_MESSAGES.nameRequired }],
    ['a blank name', { program_id: 1, name: ' ' }, { name: TEMPLATE_MESSAGES.nameRequired }],
    [
      'a name over 200 characters',
      { program_id: 1, name: 'n'.repeat(201) },
      { name: VALIDATION_TEXTS.tooLong },
    ],
    ['no program', { name: 'Mine' }, { program_id: VALIDATION_TEXTS.required }],
    ['a program id that is no id', { program_id: 'x', name: 'Mine' }, { program_id: INVALID_ID }],
  ])('%s', async (_label, body, fields) => {
    const before = await templateCount();
    const res = await call(bed, session, 'POST', '/api/templates/from-program/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', fields });
    expect(await templateCount()).toBe(before);
  });
});
