import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { TEMPLATE_MESSAGES, ZTemplate } from '@hep/shared/schemas/templates';
import { programTemplates } from '../../db/schema/program-templates';
import { buildCareTeam, buildStaff, login } from '../../../test/factories';
import { buildProgram } from '../../../test/program-factories';
import {
  auditRowsOf,
  call,
  createProgramWithMedia,
  fetchUrl,
  storedFiles,
  useTemplatesApp,
} from './templates.test-support';

const bed = useTemplatesApp();
const fromProgram = (session: Awaited<ReturnType<typeof login>>, programId: number, name = 'Saved plan') =>
  call(bed, session, 'POST', '/api/templates/from-program/', { program_id: programId, name });

describe('POST /api/templates/from-program/', () => {
  it('makes the program a template: days, weeks, exercises with dosage, media by reference (no file copied)', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(bed.t.ctx);
    const session = await login(bed.t, therapist);
    const program = await createProgramWithMedia(bed, session, client.id);
    const files = storedFiles(bed).length;
    const res = await fromProgram(session, program.id, '  Home balance plan ');
    expect(res.statusCode, res.body).toBe(201);
    const template = ZTemplate.parse(res.json());
    expect(template).toMatchObject({
      name: 'Home balance plan',
      days_of_week: ['TUE', 'THU'],
      // 3 to 30 March 2025, both included: four whole weeks.
      weeks: 4,
      clinic: clinicId,
      created_by: therapist.id,
      exercise_count: 2,
    });
    expect(
      template.exercises.map((e) => [e.position, e.name, e.instructions, e.sets, e.reps, e.side]),
    ).toEqual([
      [0, 'Photo exercise', 'Look.', 2, 8, 'right'],
      [1, 'Video exercise', 'Watch.', null, null, null],
    ]);
    expect(template.exercises[1]).toMatchObject({ times_per_day: 2, rest_seconds: 30 });
    expect(template.exercises.map((e) => [e.image_media_id, e.video_media_id])).toEqual(
      program.exercises.map((e) => [e.image_media_id, e.video_media_id]),
    );
    expect(storedFiles(bed)).toHaveLength(files);
    const shown = await fetchUrl(bed, template.exercises[0]!.image_url!);
    const original = await fetchUrl(bed, program.exercises[0]!.image_url!);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(original.rawPayload)).toBe(true);

    const [audit] = await auditRowsOf(bed, res.headers['x-correlation-id'] as string);
    expect(audit).toMatchObject({
      action: 'create',
      targetType: 'template',
      targetIds: [template.id],
      subjectUserId: client.id,
      details: { program_id: program.id },
    });
  });

  it('rounds part weeks up, caps at 52, and gives no weeks to a program without an end date', async () => {
    const { therapist, client } = await buildCareTeam(bed.t.ctx);
    const session = await login(bed.t, therapist);
    const cases = [
      [{ startDate: '2025-03-03', endDate: '2025-03-31' }, 5],
      [{ startDate: '2025-03-03', endDate: '2025-03-03' }, 1],
      [{ startDate: '2025-01-01', endDate: '2027-01-01' }, 52],
      [{ startDate: '2025-03-03', endDate: null, isDraft: true }, null],
      [{ startDate: null, endDate: null, isDraft: true }, null],
    ] as const;
    for (const [dates, weeks] of cases) {
      const program = await buildProgram(bed.t.ctx, client.id, therapist.id, dates);
      const res = await fromProgram(session, program.id);
      expect(res.statusCode).toBe(201);
      expect(res.json().weeks, JSON.stringify(dates)).toBe(weeks);
    }
  });

  it('is open to staff for any program', async () => {
    const { therapist, client } = await buildCareTeam(bed.t.ctx);
    const program = await buildProgram(bed.t.ctx, client.id, therapist.id);
    const staff = await buildStaff(bed.t.ctx);
    const res = await fromProgram(await login(bed.t, staff), program.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ clinic: null, created_by: staff.id, exercise_count: 2 });
  });

  it('answers 404 for a program of another clinic or none, creating nothing', async () => {
    const mine = await buildCareTeam(bed.t.ctx);
    const theirs = await buildCareTeam(bed.t.ctx);
    const program = await buildProgram(bed.t.ctx, theirs.client.id, theirs.therapist.id);
    const session = await login(bed.t, mine.therapist);
    const before = (await bed.t.ctx.db.select().from(programTemplates)).length;
    for (const id of [program.id, 2147483647]) {
      const res = await fromProgram(session, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: ERROR_TEXTS.notFound, code: 'not_found' });
    }
    expect(await bed.t.ctx.db.select().from(programTemplates)).toHaveLength(before);
  });

  it('refuses a program without exercises with a message on program_id', async () => {
    const { therapist, client } = await buildCareTeam(bed.t.ctx);
    const program = await buildProgram(bed.t.ctx, client.id, therapist.id, { exercises: [], isDraft: true });
    const res = await fromProgram(await login(bed.t, therapist), program.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      fields: { program_id: TEMPLATE_MESSAGES.programWithoutExercises },
    });
  });
});
