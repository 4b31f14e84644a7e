import { rmSync } from 'node:fs';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { PROGRAM_TEXTS } from '@hep/shared/texts/programs';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSaveProgramResponse } from '@hep/shared/schemas/programs';
import { auditLog } from '../../db/schema/audit-log';
import { programVersions } from '../../db/schema/program-versions';
import { programs } from '../../db/schema/programs';
import { buildCareTeam, buildStaff, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { programForm, sendForm } from '../../../test/program-factories';
import { tempDataDir } from '../../../test/fixtures/media-fixtures';
import { LIMIT } from '../../plugins/rate-limit';

let t: TestApp;
const dataDir = tempDataDir();
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const create = (session: Session | null, fields: Record<string, unknown>) =>
  sendForm(t, session, 'POST', '/api/programs/', fields);

const programsOf = (clientId: number) =>
  t.ctx.db.select().from(programs).where(eq(programs.clientId, clientId));

const complete = (clientId: number) => ({
  client_id: clientId,
  name: 'Balance and strength',
  start_date: '2025-03-03',
  end_date: '2025-04-28',
  is_draft: 'false',
  days_of_week: ['FRI', 'MON', 'WED'],
  exercises: [
    { name: 'Sit to stand', instructions: 'Ten times, slowly.' },
    { name: 'Heel raises', instructions: 'Hold the bench.\nFifteen times.' },
  ],
});

describe('POST /api/programs/', () => {
  it('publishes a program with its exercises in one request and records the first version', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const res = await create(await login(t, therapist), complete(client.id));
    expect(res.statusCode).toBe(201);
    const body = ZSaveProgramResponse.parse(res.json());
    expect(body.message).toBe(PROGRAM_TEXTS.programPublished);
    expect(body.program).toMatchObject({
      id: body.id,
      name: 'Balance and strength',
      client: { id: client.id },
      therapist: therapist.id,
      therapist_discipline: 'Physiotherapist',
      days_of_week: ['MON', 'WED', 'FRI'],
      is_draft: false,
      version: 1,
      last_completed: null,
    });
    expect(body.program.exercises.map((e) => [e.position, e.name, e.instructions])).toEqual([
      [0, 'Sit to stand', 'Ten times, slowly.'],
      [1, 'Heel raises', 'Hold the bench.\nFifteen times.'],
    ]);

    const versions = await t.ctx.db
      .select()
      .from(programVersions)
      .where(eq(programVersions.programId, body.id));
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ changeReason: PROGRAM_TEXTS.versionInitial, authorId: therapist.id });
    expect(versions[0]!.snapshot).toMatchObject({
      program: { id: body.id, name: 'Balance and strength', is_draft: false },
      exercises: [
        { id: body.program.exercises[0]!.id, name: 'Sit to stand', image_id: null, video_id: null },
        { id: body.program.exercises[1]!.id, name: 'Heel raises' },
      ],
    });
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, therapist.id), eq(auditLog.action, 'create')));
    expect(audit).toMatchObject([
      {
        targetType: 'program',
        targetIds: [body.id],
        subjectUserId: client.id,
        details: { is_draft: false },
      },
    ]);
  });

  it('saves an empty draft (field checks skipped) without a version', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const res = await create(await login(t, therapist), { client_id: client.id, is_draft: 'true' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: PROGRAM_TEXTS.programSavedDraft,
      program: {
        name: '',
        start_date: null,
        end_date: null,
        days_of_week: [],
        is_draft: true,
        exercises: [],
      },
    });
    const versions = await t.ctx.db
      .select()
      .from(programVersions)
      .where(eq(programVersions.programId, res.json().id));
    expect(versions).toEqual([]);
  });

  it('accepts days as a JSON array string, and a JSON body instead of multipart', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const asJsonText = await create(session, { ...complete(client.id), days_of_week: '["SUN","TUE"]' });
    expect(asJsonText.json().program.days_of_week).toEqual(['TUE', 'SUN']);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/programs/',
      headers: session.headers,
      remoteAddress: nextIp(),
      payload: { ...complete(client.id), is_draft: false, days_of_week: ['SAT'] },
    });
    expect(json.statusCode).toBe(201);
    expect(json.json().program).toMatchObject({ days_of_week: ['SAT'], is_draft: false });
    expect(json.json().program.exercises).toHaveLength(2);
  });

  it('refuses to publish without the required fields, creating nothing', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const res = await create(session, {
      client_id: client.id,
      is_draft: 'false',
      name: '   ',
      exercises: [
        { name: '', instructions: '' },
        { name: 'Bridge', instructions: ' ' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: PROGRAM_TEXTS.programNameRequired,
      code: 'validation_error',
      fields: {
        name: PROGRAM_TEXTS.programNameRequired,
        'exercises.0.name': PROGRAM_TEXTS.exerciseNameRequired,
        'exercises.0.instructions': PROGRAM_TEXTS.exerciseInstructionsRequired,
        'exercises.1.instructions': PROGRAM_TEXTS.exerciseInstructionsRequired,
        start_date: PROGRAM_TEXTS.startDateRequired,
        end_date: PROGRAM_TEXTS.endDateRequired,
        days_of_week: PROGRAM_TEXTS.dayRequired,
      },
    });

    const early = await create(session, {
      ...complete(client.id),
      start_date: '2025-05-01',
      end_date: '2025-04-30',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toEqual({ end_date: PROGRAM_TEXTS.endDateAfterStart });
    expect(await programsOf(client.id)).toEqual([]);
  });

  it('refuses duplicate exercise names even in a draft (trimmed, spacing and case ignored)', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const res = await create(await login(t, therapist), {
      client_id: client.id,
      is_draft: 'true',
      exercises: [{ name: 'Heel  raises' }, { name: 'Bridge' }, { name: ' heel raises ' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'exercises.2.name': PROGRAM_TEXTS.duplicateExerciseName });
    expect(await programsOf(client.id)).toEqual([]);
  });

  it('answers 400 per field for unreadable values', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const missing = await create(session, { name: 'No client' });
    expect(missing.json().fields).toEqual({ client_id: VALIDATION_TEXTS.required });

    const bad = await create(session, {
      client_id: client.id,
      start_date: '2025-02-30',
      days_of_week: ['MON', 'FUNDAY'],
      exercises: 'not json',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      start_date: VALIDATION_TEXTS.invalidDate,
      'days_of_week.1': expect.any(String),
      exercises: 'The exercise list could not be read.',
    });
    const long = await create(session, { client_id: client.id, exercises: [{ name: 'x'.repeat(201) }] });
    expect(long.json().fields).toEqual({ 'exercises.0.name': VALIDATION_TEXTS.tooLong });
    expect(await programsOf(client.id)).toEqual([]);
  });

  it("answers 404 for a client outside the caller's scope or an account that is not a client", async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const other = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    for (const clientId of [other.client.id, other.therapist.id, 999999]) {
      const res = await create(session, complete(clientId));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: ERROR_TEXTS.notFound, code: 'not_found' });
    }
    expect(await programsOf(other.client.id)).toEqual([]);
  });

  it('lets staff create a program for any client (the staff member is its author)', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const staff = await buildStaff(t.ctx, { firstName: 'Sam', lastName: 'Admin' });
    const res = await create(await login(t, staff), complete(client.id));
    expect(res.statusCode).toBe(201);
    expect(res.json().program).toMatchObject({
      therapist: staff.id,
      therapist_name: 'Sam Admin',
      therapist_discipline: null,
    });
  });

  it('answers 401 without a token and 403 to a client', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const anonymous = await create(null, complete(client.id));
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await create(await login(t, client), complete(client.id));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
    expect(await programsOf(client.id)).toEqual([]);
  });
});

describe('a body that is not well-formed multipart', () => {
  it('answers 400 and saves nothing when the upload is cut off', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const { payload, headers } = programForm(complete(client.id), [
      {
        name: 'exercise_0_image',
        filename: 'photo.jpg',
        contentType: 'image/jpeg',
        data: Buffer.alloc(4096, 1),
      },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/programs/',
      headers: { ...session.headers, ...headers },
      payload: payload.subarray(0, payload.length - 2000),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'The upload could not be read. Please try again.' });
    expect(await programsOf(client.id)).toEqual([]);
  });
});

describe('rate limit', () => {
  it(`answers 429 with Retry-After after ${LIMIT.uploads.max} saves a minute from one address`, async () => {
    const remoteAddress = nextIp();
    const send = () => t.app.inject({ method: 'POST', url: '/api/programs/', remoteAddress, payload: {} });
    for (let i = 0; i < LIMIT.uploads.max; i += 1) expect((await send()).statusCode).toBe(401);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
