import { eq } from 'drizzle-orm';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { describe, expect, it } from 'vitest';
import { ZTemplate } from '@hep/shared/schemas/templates';
import { templateExercises } from '../../db/schema/program-templates';
import { buildCareTeam, buildStaff, login } from '../../../test/factories';
import { LIMIT } from '../../plugins/rate-limit';
import {
  auditRowsOf,
  call,
  createTemplate,
  templateBody,
  templateRow,
  useTemplatesApp,
} from './templates.test-support';

const bed = useTemplatesApp();

describe('POST /api/templates/', () => {
  it('creates a template of the caller’s clinic with its exercises, dosage, days Monday first, and audits it', async () => {
    const { clinicId, therapist } = await buildCareTeam(bed.t.ctx);
    const res = await call(bed, await login(bed.t, therapist), 'POST', '/api/templates/', templateBody());
    expect(res.statusCode).toBe(201);
    const template = ZTemplate.parse(res.json());
    expect(template).toMatchObject({
      name: 'Early stroke balance',
      days_of_week: ['MON', 'WED', 'FRI'],
      weeks: 6,
      clinic: clinicId,
      created_by: therapist.id,
      created_by_name: 'Therapist Tester',
      exercise_count: 2,
    });
    expect(template.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(template.exercises).toEqual([
      {
        id: expect.any(Number),
        position: 0,
        name: 'Sit to stand',
        instructions: 'Ten times, slowly.',
        sets: 3,
        reps: 10,
        hold_seconds: null,
        rest_seconds: null,
        times_per_day: null,
        side: null,
        image_url: null,
        video_url: null,
        image_media_id: null,
        video_media_id: null,
      },
      expect.objectContaining({ position: 1, name: 'Heel raises', hold_seconds: 5, side: 'left' }),
    ]);
    expect(await templateRow(bed, template.id)).toMatchObject({ clinicId, createdById: therapist.id });
    const [audit] = await auditRowsOf(bed, res.headers['x-correlation-id'] as string);
    expect(audit).toMatchObject({ actorId: therapist.id, action: 'create', targetType: 'template' });
    expect(audit!.targetIds).toEqual([template.id]);
  });

  it('is open to staff; weeks may be left out (no end date) and the days empty', async () => {
    const staff = await buildStaff(bed.t.ctx);
    const res = await call(
      bed,
      await login(bed.t, staff),
      'POST',
      '/api/templates/',
      templateBody({ weeks: undefined, days_of_week: undefined }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ weeks: null, days_of_week: [], clinic: null, created_by: staff.id });
  });
});

describe('GET /api/templates/ and /api/templates/{id}/', () => {
  it('lists the clinic’s templates by name with their exercises, and reads one; both audited', async () => {
    const { clinicId, therapist } = await buildCareTeam(bed.t.ctx);
    const session = await login(bed.t, therapist);
    const colleague = await login(bed.t, (await buildCareTeam(bed.t.ctx)).therapist);
    const zebra = await createTemplate(bed, session, templateBody({ name: 'zebra walk' }));
    const apple = await createTemplate(bed, session, templateBody({ name: 'Arm swings' }));
    await createTemplate(bed, colleague, templateBody({ name: 'Another clinic' }));

    const list = await call(bed, session, 'GET', '/api/templates');
    expect(list.statusCode).toBe(200);
    const body = list.json<{ id: number; name: string; clinic: number; exercises: { name: string }[] }[]>();
    expect(body.map((t) => t.name)).toEqual(['Arm swings', 'zebra walk']);
    expect(body.every((t) => t.clinic === clinicId)).toBe(true);
    expect(body[0]!.exercises.map((e) => e.name)).toEqual(['Sit to stand', 'Heel raises']);
    const [listAudit] = await auditRowsOf(bed, list.headers['x-correlation-id'] as string);
    expect(listAudit).toMatchObject({ action: 'read', targetType: 'template' });
    expect([...listAudit!.targetIds].sort()).toEqual([apple.id, zebra.id].sort());

    const one = await call(bed, session, 'GET', `/api/templates/${zebra.id}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(zebra);
    const [readAudit] = await auditRowsOf(bed, one.headers['x-correlation-id'] as string);
    expect(readAudit).toMatchObject({ action: 'read', targetIds: [zebra.id] });
  });

  it('an empty list is an empty array', async () => {
    const { therapist } = await buildCareTeam(bed.t.ctx);
    const res = await call(bed, await login(bed.t, therapist), 'GET', '/api/templates/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('PUT /api/templates/{id}/', () => {
  it('replaces the name, days, weeks and the whole exercise list', async () => {
    const { therapist } = await buildCareTeam(bed.t.ctx);
    const session = await login(bed.t, therapist);
    const template = await createTemplate(bed, session);
    bed.t.clock.advance(60_000);
    const res = await call(bed, session, 'PUT', `/api/templates/${template.id}/`, {
      name: '  Renamed  ',
      days_of_week: ['SUN', 'TUE'],
      weeks: null,
      exercises: [
        { name: 'Step ups', instructions: 'Use the bottom step.', reps: 12 },
        { name: 'Sit to stand', instructions: 'Now with a cushion.' },
        { name: 'Marching', instructions: '' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const updated = ZTemplate.parse(res.json());
    expect(updated).toMatchObject({
      id: template.id,
      name: 'Renamed',
      days_of_week: ['TUE', 'SUN'],
      weeks: null,
      exercise_count: 3,
      created_at: template.created_at,
    });
    expect(updated.updated_at > template.updated_at).toBe(true);
    expect(updated.exercises.map((e) => [e.position, e.name, e.reps, e.sets])).toEqual([
      [0, 'Step ups', 12, null],
      [1, 'Sit to stand', null, null],
      [2, 'Marching', null, null],
    ]);
    const rows = await bed.t.ctx.db
      .select()
      .from(templateExercises)
      .where(eq(templateExercises.templateId, template.id));
    expect(rows).toHaveLength(3);
    const [audit] = await auditRowsOf(bed, res.headers['x-correlation-id'] as string);
    expect(audit).toMatchObject({ action: 'update', targetIds: [template.id] });
  });
});

describe('DELETE /api/templates/{id}/', () => {
  it('answers 204, the template and its exercises are gone, and later calls answer 404', async () => {
    const { therapist } = await buildCareTeam(bed.t.ctx);
    const session = await login(bed.t, therapist);
    const template = await createTemplate(bed, session);
    const res = await call(bed, session, 'DELETE', `/api/templates/${template.id}/`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await templateRow(bed, template.id)).toBeNull();
    const left = await bed.t.ctx.db
      .select()
      .from(templateExercises)
      .where(eq(templateExercises.templateId, template.id));
    expect(left).toEqual([]);
    const [audit] = await auditRowsOf(bed, res.headers['x-correlation-id'] as string);
    expect(audit).toMatchObject({ action: 'delete', targetIds: [template.id] });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const again = await call(
        bed,
        session,
        method,
        `/api/templates/${template.id}/`,
        method === 'PUT' ? templateBody() : undefined,
      );
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: ERROR_TEXTS.notFound, code: 'not_found' });
    }
  });
});

describe('who may call', () => {
  const routes = (id: number) =>
    [
      ['GET', '/api/templates/', undefined],
      ['POST', '/api/templates/', templateBody()],
      ['POST', '/api/templates/from-program/', { program_id: 1, name: 'X' }],
      ['GET', `/api/templates/${id}/`, undefined],
      ['PUT', `/api/templates/${id}/`, templateBody()],
      ['DELETE', `/api/templates/${id}/`, undefined],
    ] as const;

  it('answers 401 signed out and 403 to a client, on every call, changing nothing', async () => {
    const { therapist, client } = await buildCareTeam(bed.t.ctx);
    const template = await createTemplate(bed, await login(bed.t, therapist));
    const clientSession = await login(bed.t, client);
    for (const [method, url, payload] of routes(template.id)) {
      const anonymous = await call(bed, null, method, url, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'unauthenticated' });
      const forbidden = await call(bed, clientSession, method, url, payload);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
    }
    expect(await templateRow(bed, template.id)).toMatchObject({ name: 'Early stroke balance' });
  });

  it(`answers 429 with Retry-After after ${LIMIT.uploads.max} saves a minute from one address`, async () => {
    const remoteAddress = '10.250.0.1';
    const send = () =>
      bed.t.app.inject({ method: 'POST', url: '/api/templates/', remoteAddress, payload: {} });
    for (let i = 0; i < LIMIT.uploads.max; i += 1) expect((await send()).statusCode).toBe(401);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the OpenAPI document', () => {
  it('lists every template call with its body', async () => {
    const doc = (await bed.t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.paths['/api/templates/'].get).toBeDefined();
    expect(doc.paths['/api/templates/'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/templates/from-program/'].post.requestBody).toBeDefined();
    expect(Object.keys(doc.paths['/api/templates/{id}/'])).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
  });
});
