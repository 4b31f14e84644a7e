import { rmSync } from 'node:fs';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { PROGRAM_TEXTS } from '@hep/shared/texts/programs';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { feedback } from '../../db/schema/feedback';
import { exercises } from '../../db/schema/exercises';
import { programVersions } from '../../db/schema/program-versions';
import { programs } from '../../db/schema/programs';
import { buildCareTeam, buildStaff, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { buildExercise, buildFeedback, buildProgram, sendForm } from '../../../test/program-factories';
import { tempDataDir } from '../../../test/fixtures/media-fixtures';

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
const edit = (session: Session | null, id: number, fields: Record<string, unknown>) =>
  sendForm(t, session, 'PUT', `/api/programs/${id}/`, fields);
const remove = (session: Session | null, id: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/programs/${id}/`,
    headers: session ? session.headers : {},
    remoteAddress: nextIp(),
  });

const programRow = async (id: number) =>
  (await t.ctx.db.select().from(programs).where(eq(programs.id, id)))[0];
const exerciseNames = async (programId: number) =>
  (await t.ctx.db.select().from(exercises).where(eq(exercises.programId, programId)))
    .sort((a, b) => a.position - b.position)
    .map((e) => e.name);
const versionsOf = (programId: number) =>
  t.ctx.db.select().from(programVersions).where(eq(programVersions.programId, programId));

const fields = (clientId: number, version: number, extra: Record<string, unknown> = {}) => ({
  client_id: clientId,
  version,
  name: 'Edited program',
  start_date: '2025-03-03',
  end_date: '2025-04-28',
  days_of_week: ['TUE', 'THU'],
  is_draft: 'false',
  ...extra,
});

async function setUp() {
  const { therapist, client, clinicId } = await buildCareTeam(t.ctx);
  const program = await buildProgram(t.ctx, client.id, therapist.id, { isDraft: true });
  return { therapist, client, clinicId, program, session: await login(t, therapist) };
}

describe('PUT /api/programs/{id}/', () => {
  it('updates a draft (Draft updated), then publishes it (first version), then republishes (Program updated)', async () => {
    const { client, program, session } = await setUp();
    const draft = await edit(
      session,
      program.id,
      fields(client.id, 1, { is_draft: 'true', name: 'Still a draft' }),
    );
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({
      id: program.id,
      message: PROGRAM_TEXTS.draftUpdated,
      program: { name: 'Still a draft', version: 2, is_draft: true, days_of_week: ['TUE', 'THU'] },
    });
    expect(await versionsOf(program.id)).toEqual([]);

    const published = await edit(session, program.id, fields(client.id, 2));
    expect(published.json()).toMatchObject({
      message: PROGRAM_TEXTS.programUpdatedPublished,
      program: { name: 'Edited program', version: 3, is_draft: false },
    });
    const again = await edit(session, program.id, fields(client.id, 3, { name: 'Second edition' }));
    expect(again.json().message).toBe(PROGRAM_TEXTS.programUpdatedPublished);
    const versions = (await versionsOf(program.id)).sort((a, b) => a.id - b.id);
    expect(versions.map((v) => v.changeReason)).toEqual([
      PROGRAM_TEXTS.versionInitial,
      PROGRAM_TEXTS.versionUpdated,
    ]);
    expect(versions[1]!.snapshot).toMatchObject({ program: { name: 'Second edition', version: 4 } });
  });

  it('updates listed exercises, creates new ones, deletes unlisted ones and keeps client feedback', async () => {
    const { client, program, session } = await setUp();
    const third = await buildExercise(t.ctx, program.id, { name: 'Calf stretch' });
    const [first, second] = program.exerciseIds;
    const feedbackId = await buildFeedback(t.ctx, second!, { dateCompleted: '2025-03-04' });
    const res = await edit(
      session,
      program.id,
      fields(client.id, 1, {
        exercises: [
          { name: 'Brand new', instructions: 'Added today.' },
          { id: first, name: 'Sit to stand, renamed', instructions: 'Slower.' },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const list = res.json().program.exercises;
    expect(list.map((e: { name: string }) => e.name)).toEqual(['Brand new', 'Sit to stand, renamed']);
    expect(list[1].id).toBe(first);
    // No feedback: gone. With feedback: out of the program, but the client's feedback is kept with it.
    expect(await t.ctx.db.select().from(exercises).where(eq(exercises.id, third))).toEqual([]);
    const [kept] = await t.ctx.db.select().from(exercises).where(eq(exercises.id, second!));
    expect(kept?.removedAt).toBeInstanceOf(Date);
    const keptFeedback = await t.ctx.db.select().from(feedback).where(eq(feedback.exerciseId, second!));
    expect(keptFeedback.map((f) => f.id)).toEqual([feedbackId]);
    // A removed exercise cannot be changed or brought back by id.
    const again = await edit(
      session,
      program.id,
      fields(client.id, 2, { exercises: [{ id: second, name: 'Back again', instructions: 'No.' }] }),
    );
    expect(again.statusCode).toBe(404);
    expect((await t.ctx.db.select().from(exercises).where(eq(exercises.id, second!)))[0]?.name).not.toBe(
      'Back again',
    );
  });

  it('leaves the exercises alone when the request has no exercise list', async () => {
    const { client, program, session } = await setUp();
    const res = await edit(session, program.id, fields(client.id, 1));
    expect(res.statusCode).toBe(200);
    expect(await exerciseNames(program.id)).toEqual(['Sit to stand', 'Heel raises']);
  });

  it('answers 409 to a save carrying an older version, changing nothing', async () => {
    const { client, program, session } = await setUp();
    expect((await edit(session, program.id, fields(client.id, 1, { name: 'First save' }))).statusCode).toBe(
      200,
    );
    const stale = await edit(
      session,
      program.id,
      fields(client.id, 1, { name: 'Lost update', exercises: [] }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: PROGRAM_TEXTS.staleProgram, code: 'conflict' });
    expect(await programRow(program.id)).toMatchObject({ name: 'First save', version: 2 });
    expect(await exerciseNames(program.id)).toEqual(['Sit to stand', 'Heel raises']);
  });

  it('lets only one of two simultaneous saves of the same version through', async () => {
    const { client, program, session } = await setUp();
    const [a, b] = await Promise.all([
      edit(session, program.id, fields(client.id, 1, { name: 'Save A', exercises: [] })),
      edit(session, program.id, fields(client.id, 1, { name: 'Save B' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'Save A' : 'Save B';
    expect(await programRow(program.id)).toMatchObject({ name: winner, version: 2 });
    expect(await exerciseNames(program.id)).toEqual(
      winner === 'Save A' ? [] : ['Sit to stand', 'Heel raises'],
    );
  });

  it('rolls everything back when an exercise fails half-way (an exercise of another program)', async () => {
    const { client, therapist, program, session } = await setUp();
    const elsewhere = await buildProgram(t.ctx, client.id, therapist.id);
    const res = await edit(
      session,
      program.id,
      fields(client.id, 1, {
        name: 'Should not stick',
        exercises: [
          { name: 'Inserted first', instructions: 'x' },
          { id: program.exerciseIds[0], name: 'Renamed', instructions: 'x' },
          { id: elsewhere.exerciseIds[0], name: 'Stolen', instructions: 'x' },
        ],
      }),
    );
    expect(res.statusCode).toBe(404);
    expect(await programRow(program.id)).toMatchObject({
      name: 'Balance program',
      version: 1,
      isDraft: true,
    });
    expect(await exerciseNames(program.id)).toEqual(['Sit to stand', 'Heel raises']);
    expect(await exerciseNames(elsewhere.id)).toEqual(['Sit to stand', 'Heel raises']);
    expect(await versionsOf(program.id)).toEqual([]);
  });

  it('checks the resulting exercises on publish, and needs the version', async () => {
    const { client, therapist, session } = await setUp();
    const program = await buildProgram(t.ctx, client.id, therapist.id, {
      isDraft: true,
      exercises: [
        { name: 'Ready', instructions: 'Go.' },
        { name: 'Unfinished', instructions: '' },
      ],
    });
    const res = await edit(session, program.id, fields(client.id, 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'exercises.1.instructions': PROGRAM_TEXTS.exerciseInstructionsRequired,
    });

    const noVersion = await edit(session, program.id, { ...fields(client.id, 1), version: undefined });
    expect(noVersion.json().fields).toEqual({ version: VALIDATION_TEXTS.required });
    const otherClient = await edit(session, program.id, fields(therapist.id, 1));
    expect(otherClient.statusCode).toBe(400);
    expect(otherClient.json().fields).toHaveProperty('client_id');
    expect(await programRow(program.id)).toMatchObject({ version: 1, isDraft: true });
  });

  it('answers 401, 403 to a client and 404 outside the scope', async () => {
    const { client, program } = await setUp();
    expect((await edit(null, program.id, fields(client.id, 1))).statusCode).toBe(401);
    expect((await edit(await login(t, client), program.id, fields(client.id, 1))).statusCode).toBe(403);
    const outsider = await buildCareTeam(t.ctx);
    const res = await edit(await login(t, outsider.therapist), program.id, fields(client.id, 1));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    const unknown = await edit(await login(t, outsider.therapist), 999999, fields(client.id, 1));
    expect(unknown.statusCode).toBe(404);
    expect(await programRow(program.id)).toMatchObject({ version: 1 });
  });
});

describe('DELETE /api/programs/{id}/', () => {
  it('deletes the program with its exercises, feedback and versions, and audits it', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id);
    await buildFeedback(t.ctx, program.exerciseIds[0]!);
    const res = await remove(await login(t, therapist), program.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await programRow(program.id)).toBeUndefined();
    expect(await exerciseNames(program.id)).toEqual([]);
    expect(await t.ctx.db.select().from(feedback).where(eq(feedback.programId, program.id))).toEqual([]);
    expect(await versionsOf(program.id)).toEqual([]);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, therapist.id));
    expect(audit.filter((a) => a.action === 'delete')).toMatchObject([
      { targetType: 'program', targetIds: [program.id], subjectUserId: client.id },
    ]);
  });

  it('answers 401, 403 to the client, 404 outside the scope; staff may delete', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id);
    expect((await remove(null, program.id)).statusCode).toBe(401);
    expect((await remove(await login(t, client), program.id)).statusCode).toBe(403);
    const outsider = await buildCareTeam(t.ctx);
    expect((await remove(await login(t, outsider.therapist), program.id)).json()).toEqual(NOT_FOUND);
    expect(await programRow(program.id)).toBeDefined();
    expect((await remove(await login(t, await buildStaff(t.ctx)), program.id)).statusCode).toBe(204);
    expect(await programRow(program.id)).toBeUndefined();
  });
});
