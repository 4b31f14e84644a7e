import { rmSync } from 'node:fs';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TProgram, ZProgram } from '@hep/shared/schemas/programs';
import { auditLog } from '../../db/schema/audit-log';
import { programVersions } from '../../db/schema/program-versions';
import { buildCareTeam, buildStaff, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { buildProgram, fixtureFile, sendForm } from '../../../test/program-factories';
import { FIXTURES, tempDataDir } from '../../../test/fixtures/media-fixtures';
import { ONLY_PUBLISHED } from './program-versions.service';

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
const createVersion = (session: Session | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/program-versions/create_version/',
    headers: session ? session.headers : {},
    payload: payload as object,
    remoteAddress: nextIp(),
  });
const historical = (session: Session | null, id: number, datetime: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/programs/${id}/historical/?datetime=${encodeURIComponent(datetime)}`,
    headers: session ? session.headers : {},
  });

const form = (clientId: number, exercises: unknown[], extra: Record<string, unknown> = {}) => ({
  client_id: clientId,
  name: 'Version one',
  start_date: '2025-03-03',
  end_date: '2025-04-28',
  days_of_week: ['MON'],
  is_draft: 'false',
  exercises,
  ...extra,
});

describe('POST /api/program-versions/create_version/', () => {
  it('records the current state of a published program under the reason given', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id);
    t.clock.set('2025-06-01T09:30:00Z');
    const res = await createVersion(await login(t, therapist), {
      program: program.id,
      change_reason: ' Weekly review ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      program: program.id,
      change_reason: 'Weekly review',
      created_at: '2025-06-01T09:30:00.000Z',
    });
    const [row] = await t.ctx.db.select().from(programVersions).where(eq(programVersions.id, res.json().id));
    expect(row!.snapshot).toMatchObject({
      program: { id: program.id, name: 'Balance program' },
      exercises: [{ id: program.exerciseIds[0], name: 'Sit to stand' }, { name: 'Heel raises' }],
    });
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, therapist.id), eq(auditLog.action, 'update')));
    expect(audit).toMatchObject([{ targetType: 'program', subjectUserId: client.id }]);
  });

  it('answers 400 for a draft or a missing reason, 401, 403 to a client and 404 outside the scope', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const draft = await buildProgram(t.ctx, client.id, therapist.id, { isDraft: true });
    const published = await buildProgram(t.ctx, client.id, therapist.id);
    const onDraft = await createVersion(session, { program: draft.id, change_reason: 'x' });
    expect(onDraft.statusCode).toBe(400);
    expect(onDraft.json().error).toBe(ONLY_PUBLISHED);
    const noReason = await createVersion(session, { program: published.id, change_reason: '  ' });
    expect(noReason.json().fields).toEqual({ change_reason: VALIDATION_TEXTS.required });
    const payload = { program: published.id, change_reason: 'x' };
    expect((await createVersion(null, payload)).statusCode).toBe(401);
    expect((await createVersion(await login(t, client), payload)).statusCode).toBe(403);
    const outsider = await buildCareTeam(t.ctx);
    expect((await createVersion(await login(t, outsider.therapist), payload)).json()).toEqual(NOT_FOUND);
    expect((await createVersion(session, { program: 999999, change_reason: 'x' })).statusCode).toBe(404);
  });
});

describe('GET /api/programs/{id}/historical/', () => {
  it('returns the program as published at the instant asked, with the old exercises and media', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    t.clock.set('2025-03-01T10:00:00Z');
    const first = await sendForm(
      t,
      session,
      'POST',
      '/api/programs/',
      form(client.id, [
        { name: 'Old A', instructions: 'a' },
        { name: 'Old B', instructions: 'b' },
      ]),
      [fixtureFile('exercise_0_image', FIXTURES.jpeg)],
    );
    const v1 = first.json().program as TProgram;
    t.clock.set('2025-03-10T10:00:00Z');
    const second = await sendForm(
      t,
      session,
      'PUT',
      `/api/programs/${v1.id}/`,
      form(
        client.id,
        [
          { id: v1.exercises[0]!.id, name: 'New A', instructions: 'a2' },
          { name: 'New C', instructions: 'c' },
        ],
        { name: 'Version two', version: v1.version },
      ),
      [fixtureFile('exercise_0_image', FIXTURES.png)],
    );
    expect(second.statusCode).toBe(200);

    const before = await historical(session, v1.id, '2025-03-05T00:00:00Z');
    expect(before.statusCode).toBe(200);
    const old = ZProgram.strict().parse(before.json());
    expect(old).toMatchObject({
      id: v1.id,
      name: 'Version one',
      client_name: 'Client Tester',
      is_draft: false,
    });
    expect(old.exercises.map((e) => e.name)).toEqual(['Old A', 'Old B']);
    const oldImage = await t.app.inject({ method: 'GET', url: old.exercises[0]!.image_url! });
    expect(oldImage.headers['content-type']).toBe('image/jpeg');

    const atEdit = await historical(session, v1.id, '2025-03-10T10:00:00.000+00:00');
    expect(atEdit.json().name).toBe('Version two');
    expect(atEdit.json().exercises.map((e: { name: string }) => e.name)).toEqual(['New A', 'New C']);
    const earliest = await historical(session, v1.id, '2024-12-31T23:59:59Z');
    expect(earliest.json().name).toBe('Version one');
  });

  it('answers 404 for a program never published, and follows the view scope', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const draft = await buildProgram(t.ctx, client.id, therapist.id, { isDraft: true });
    const published = await buildProgram(t.ctx, client.id, therapist.id);
    const at = new Date(Date.now() + 60_000).toISOString();
    const session = await login(t, therapist);
    expect((await historical(session, draft.id, at)).json()).toEqual(NOT_FOUND);
    expect((await historical(await login(t, client), published.id, at)).statusCode).toBe(200);
    expect((await historical(await login(t, await buildStaff(t.ctx)), published.id, at)).statusCode).toBe(
      200,
    );
    const outsider = await buildCareTeam(t.ctx);
    expect((await historical(await login(t, outsider.therapist), published.id, at)).json()).toEqual(
      NOT_FOUND,
    );
    expect((await historical(await login(t, outsider.client), published.id, at)).statusCode).toBe(404);
    expect((await historical(null, published.id, at)).statusCode).toBe(401);
    const bad = await historical(session, published.id, 'yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('datetime');
  });
});
