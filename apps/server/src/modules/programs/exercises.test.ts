import { rmSync } from 'node:fs';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { PROGRAM_TEXTS } from '@hep/shared/texts/programs';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZExercise } from '@hep/shared/schemas/programs';
import { auditLog } from '../../db/schema/audit-log';
import { exercises } from '../../db/schema/exercises';
import { programs } from '../../db/schema/programs';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { buildProgram, fixtureFile, sendForm } from '../../../test/program-factories';
import { FIXTURES, tempDataDir } from '../../../test/fixtures/media-fixtures';
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

const NOT_FOUND = { error: ERROR_TEXTS.notFound, code: 'not_found' };
const getExercise = (session: Session | null, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/exercises/${id}/`, headers: session ? session.headers : {} });
const removeExercise = (session: Session | null, id: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/exercises/${id}/`,
    headers: session ? session.headers : {},
    remoteAddress: nextIp(),
  });
const namesOf = async (programId: number) =>
  (await t.ctx.db.select().from(exercises).where(eq(exercises.programId, programId)))
    .sort((a, b) => a.position - b.position)
    .map((e) => e.name);
const versionOf = async (programId: number) =>
  (await t.ctx.db.select().from(programs).where(eq(programs.id, programId)))[0]!.version;

async function setUp(isDraft = false) {
  const team = await buildCareTeam(t.ctx);
  const program = await buildProgram(t.ctx, team.client.id, team.therapist.id, { isDraft });
  return { ...team, program, session: await login(t, team.therapist) };
}

describe('GET /api/exercises/{id}/', () => {
  it('shows an exercise to the care team and to its client (published only), and audits the read', async () => {
    const { therapist, client, program, session } = await setUp();
    const res = await getExercise(session, program.exerciseIds[1]!);
    expect(res.statusCode).toBe(200);
    const body = ZExercise.strict().parse(res.json());
    expect(body).toMatchObject({
      id: program.exerciseIds[1],
      program: program.id,
      position: 1,
      name: 'Heel raises',
      discipline: 'Physiotherapist',
    });
    expect((await getExercise(await login(t, client), program.exerciseIds[0]!)).statusCode).toBe(200);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, therapist.id), eq(auditLog.targetType, 'exercise')));
    expect(audit).toMatchObject([
      { action: 'read', targetIds: [program.exerciseIds[1]], subjectUserId: client.id },
    ]);
  });

  it('answers 404 for a draft to its client, another clinic, an unknown id; 401 without a token', async () => {
    const { client, therapist, program } = await setUp();
    const draft = await buildProgram(t.ctx, client.id, therapist.id, { isDraft: true });
    expect((await getExercise(await login(t, client), draft.exerciseIds[0]!)).json()).toEqual(NOT_FOUND);
    const outsider = await buildCareTeam(t.ctx);
    expect((await getExercise(await login(t, outsider.therapist), program.exerciseIds[0]!)).statusCode).toBe(
      404,
    );
    expect((await getExercise(await login(t, therapist), 999999)).statusCode).toBe(404);
    expect((await getExercise(null, program.exerciseIds[0]!)).statusCode).toBe(401);
  });
});

describe('POST /api/exercises/', () => {
  it('adds an exercise with an image at the end of the program', async () => {
    const { program, session } = await setUp();
    const res = await sendForm(
      t,
      session,
      'POST',
      '/api/exercises/',
      { program_id: program.id, name: 'Bridge', instructions: 'Lift your hips.' },
      [fixtureFile('image', FIXTURES.webp)],
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ program: program.id, position: 2, name: 'Bridge', video_url: null });
    expect(res.json().image_url).toMatch(/^\/api\/media\/\d+\//);
    expect(await namesOf(program.id)).toEqual(['Sit to stand', 'Heel raises', 'Bridge']);
    expect(await versionOf(program.id)).toBe(2);
  });

  it('checks like a program save: required on a published program, unique names even in a draft', async () => {
    const { program, session } = await setUp();
    const post = (fields: Record<string, unknown>) => sendForm(t, session, 'POST', '/api/exercises/', fields);
    expect((await post({ name: 'x', instructions: 'y' })).json().fields).toEqual({
      program_id: VALIDATION_TEXTS.required,
    });
    const empty = await post({ program_id: program.id, name: ' ', instructions: '' });
    expect(empty.json()).toMatchObject({
      error: PROGRAM_TEXTS.exerciseNameRequired,
      fields: {
        name: PROGRAM_TEXTS.exerciseNameRequired,
        instructions: PROGRAM_TEXTS.exerciseInstructionsRequired,
      },
    });
    const long = await post({ program_id: program.id, name: 'n'.repeat(201), instructions: 'y' });
    expect(long.json().fields).toEqual({ name: VALIDATION_TEXTS.tooLong });

    const draft = await setUp(true);
    const dup = await sendForm(t, draft.session, 'POST', '/api/exercises/', {
      program_id: draft.program.id,
      name: 'SIT  to stand',
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fields).toEqual({ name: PROGRAM_TEXTS.duplicateExerciseName });
    const blankInDraft = await sendForm(t, draft.session, 'POST', '/api/exercises/', {
      program_id: draft.program.id,
    });
    expect(blankInDraft.statusCode).toBe(201);
    expect(await namesOf(program.id)).toEqual(['Sit to stand', 'Heel raises']);
  });

  it('never loses an exercise to a simultaneous change (the later save answers 409 instead)', async () => {
    const { program, session } = await setUp();
    const add = (name: string) =>
      sendForm(t, session, 'POST', '/api/exercises/', { program_id: program.id, name, instructions: 'x' });
    const results = await Promise.all([add('Left'), add('Right')]);
    for (const res of results) expect([201, 409]).toContain(res.statusCode);
    const added = results.filter((r) => r.statusCode === 201).map((r) => r.json().name);
    expect(added.length).toBeGreaterThan(0);
    expect((await namesOf(program.id)).slice(2).sort()).toEqual(added.sort());
  });

  it('answers 401, 403 to a client, 404 for a program outside the scope', async () => {
    const { client, program } = await setUp();
    const fields = { program_id: program.id, name: 'Bridge', instructions: 'Lift.' };
    expect((await sendForm(t, null, 'POST', '/api/exercises/', fields)).statusCode).toBe(401);
    expect((await sendForm(t, await login(t, client), 'POST', '/api/exercises/', fields)).statusCode).toBe(
      403,
    );
    const outsider = await buildCareTeam(t.ctx);
    const res = await sendForm(t, await login(t, outsider.therapist), 'POST', '/api/exercises/', fields);
    expect(res.json()).toEqual(NOT_FOUND);
    expect(await namesOf(program.id)).toEqual(['Sit to stand', 'Heel raises']);
  });
});

describe('PUT /api/exercises/{id}/', () => {
  it('renames, replaces the image, and refuses a name another exercise has', async () => {
    const { program, session } = await setUp();
    const [first, second] = program.exerciseIds;
    const res = await sendForm(
      t,
      session,
      'PUT',
      `/api/exercises/${first}/`,
      { program_id: program.id, name: 'Chair stands', instructions: 'Slowly.' },
      [fixtureFile('image', FIXTURES.jpeg)],
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: first,
      position: 0,
      name: 'Chair stands',
      instructions: 'Slowly.',
    });
    expect(res.json().image_url).not.toBeNull();
    const kept = await sendForm(t, session, 'PUT', `/api/exercises/${first}/`, {
      name: 'Chair stands',
      instructions: 'x',
    });
    expect(kept.json().image_url).toMatch(/^\/api\/media\//);
    const dropped = await sendForm(t, session, 'PUT', `/api/exercises/${first}/`, {
      name: 'Chair stands',
      instructions: 'x',
      keep_image: 'false',
    });
    expect(dropped.json().image_url).toBeNull();
    const dup = await sendForm(t, session, 'PUT', `/api/exercises/${second}/`, {
      name: 'chair stands',
      instructions: 'y',
    });
    expect(dup.json().fields).toEqual({ name: PROGRAM_TEXTS.duplicateExerciseName });
    expect(await namesOf(program.id)).toEqual(['Chair stands', 'Heel raises']);
  });

  it('answers 401, 403, 404 outside the scope or for another program id', async () => {
    const { client, therapist, program, session } = await setUp();
    const id = program.exerciseIds[0]!;
    const fields = { name: 'Renamed', instructions: 'x' };
    expect((await sendForm(t, null, 'PUT', `/api/exercises/${id}/`, fields)).statusCode).toBe(401);
    expect(
      (await sendForm(t, await login(t, client), 'PUT', `/api/exercises/${id}/`, fields)).statusCode,
    ).toBe(403);
    const outsider = await buildCareTeam(t.ctx);
    const res = await sendForm(t, await login(t, outsider.therapist), 'PUT', `/api/exercises/${id}/`, fields);
    expect(res.json()).toEqual(NOT_FOUND);
    const other = await buildProgram(t.ctx, client.id, therapist.id);
    const moved = await sendForm(t, session, 'PUT', `/api/exercises/${id}/`, {
      ...fields,
      program_id: other.id,
    });
    expect(moved.statusCode).toBe(404);
    expect(await namesOf(program.id)).toEqual(['Sit to stand', 'Heel raises']);
  });
});

describe('DELETE /api/exercises/{id}/', () => {
  it('deletes the exercise and closes the gap in positions', async () => {
    const { client, program, session } = await setUp();
    const [first, second] = program.exerciseIds;
    expect((await removeExercise(await login(t, client), first!)).statusCode).toBe(403);
    expect((await removeExercise(null, first!)).statusCode).toBe(401);
    const outsider = await buildCareTeam(t.ctx);
    expect((await removeExercise(await login(t, outsider.therapist), first!)).json()).toEqual(NOT_FOUND);
    const res = await removeExercise(session, first!);
    expect(res.statusCode).toBe(204);
    expect((await getExercise(session, second!)).json()).toMatchObject({ position: 0, name: 'Heel raises' });
    expect((await removeExercise(session, first!)).statusCode).toBe(404);
  });
});

describe('POST /api/exercises/batch_create/', () => {
  it("saves the program's whole exercise list with files, as a program save does", async () => {
    const { program, session } = await setUp();
    const res = await sendForm(
      t,
      session,
      'POST',
      '/api/exercises/batch_create/',
      {
        program_id: program.id,
        exercises: [
          { id: program.exerciseIds[1], name: 'Heel raises', instructions: 'Kept.' },
          { name: 'Step ups', instructions: 'Use the bottom stair.' },
        ],
      },
      [fixtureFile('exercise_1_video', FIXTURES.webm)],
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().map((e: { name: string }) => e.name)).toEqual(['Heel raises', 'Step ups']);
    expect(res.json()[1].video_url).toMatch(/^\/api\/media\//);
    expect(await namesOf(program.id)).toEqual(['Heel raises', 'Step ups']);
  });

  it('checks the list, keeps everything on a bad file, and answers 401/403/404', async () => {
    const { client, program, session } = await setUp();
    const batch = (
      s: Session | null,
      fields: Record<string, unknown>,
      files = [] as ReturnType<typeof fixtureFile>[],
    ) => sendForm(t, s, 'POST', '/api/exercises/batch_create/', fields, files);
    expect((await batch(session, { program_id: program.id })).json().fields).toEqual({
      exercises: VALIDATION_TEXTS.required,
    });
    const invalid = await batch(session, {
      program_id: program.id,
      exercises: [{ name: 'A' }, { name: 'a' }],
    });
    expect(invalid.json().fields).toEqual({
      'exercises.0.instructions': PROGRAM_TEXTS.exerciseInstructionsRequired,
      'exercises.1.name': PROGRAM_TEXTS.duplicateExerciseName,
      'exercises.1.instructions': PROGRAM_TEXTS.exerciseInstructionsRequired,
    });
    const badFile = await batch(
      session,
      { program_id: program.id, exercises: [{ name: 'A', instructions: 'a' }] },
      [fixtureFile('exercise_0_image', FIXTURES.mp4)],
    );
    expect(badFile.json().error).toBe(VALIDATION_TEXTS.invalidImageType);
    const fields = { program_id: program.id, exercises: [] };
    expect((await batch(null, fields)).statusCode).toBe(401);
    expect((await batch(await login(t, client), fields)).statusCode).toBe(403);
    const outsider = await buildCareTeam(t.ctx);
    expect((await batch(await login(t, outsider.therapist), fields)).json()).toEqual(NOT_FOUND);
    expect(await namesOf(program.id)).toEqual(['Sit to stand', 'Heel raises']);
  });
});

describe('rate limit on writes', () => {
  it(`answers 429 with Retry-After after ${LIMIT.uploads.max} writes a minute from one address`, async () => {
    const remoteAddress = nextIp();
    const send = () => t.app.inject({ method: 'DELETE', url: '/api/exercises/1/', remoteAddress });
    for (let i = 0; i < LIMIT.uploads.max; i += 1) expect((await send()).statusCode).toBe(401);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ code: 'rate_limited', error: ERROR_TEXTS.tooManyAttempts });
  });
});
