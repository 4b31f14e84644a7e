import { eq } from 'drizzle-orm';
import { PROGRAM_TEXTS } from '@hep/shared/texts/programs';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MESSAGES, type TLibraryExercise } from '@hep/shared/schemas/library';
import { libraryExercises } from '../../db/schema/library-exercises';
import { auditLog } from '../../db/schema/audit-log';
import { buildCareTeam, buildStaff, login, type Session } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { sendForm } from '../../../test/program-factories';
import { buildLibraryItem, call, libraryPage, NOT_FOUND } from './library.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/api/library/exercises/';
const rowOf = async (id: number) =>
  (await t.ctx.db.select().from(libraryExercises).where(eq(libraryExercises.id, id)))[0];
const starterOf = async (session: Session) => (await libraryPage(t, session)).results.find((i) => i.starter)!;

describe('POST /api/library/exercises/', () => {
  it('creates an item in the caller’s clinic from JSON, with tags and dosage, and audits it', async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const res = await call(t, await login(t, therapist), 'POST', URL, {
      name: '  Wall push-ups ',
      instructions: ' Stand an arm’s length from a wall. ',
      tags: [' Upper  Limb', 'strength', 'STRENGTH'],
      sets: 3,
      reps: '10',
      hold_seconds: '',
      side: 'both',
    });
    expect(res.statusCode).toBe(201);
    const item: TLibraryExercise = res.json();
    expect(item).toMatchObject({
      name: 'Wall push-ups',
      instructions: 'Stand an arm’s length from a wall.',
      tags: ['upper limb', 'strength'],
      sets: 3,
      reps: 10,
      hold_seconds: null,
      side: 'both',
      starter: false,
      clinic: clinicId,
      image_url: null,
    });
    expect(await rowOf(item.id)).toMatchObject({ clinicId, createdById: therapist.id, starterKey: null });
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, therapist.id));
    expect(audit.filter((r) => r.targetType === 'library_exercise')).toMatchObject([
      { action: 'create', targetIds: [item.id] },
    ]);
  });

  it('reads a multipart form: tags as repeated fields or as one JSON array string', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const repeated = await sendForm(t, session, 'POST', URL, { name: 'Form one', tags: ['Balance', 'gait'] });
    expect(repeated.statusCode).toBe(201);
    expect(repeated.json()).toMatchObject({ name: 'Form one', instructions: '', tags: ['balance', 'gait'] });
    const json = await sendForm(t, session, 'POST', URL, {
      name: 'Form two',
      tags: '["Hand", "grip"]',
      reps: 5,
    });
    expect(json.json()).toMatchObject({ tags: ['hand', 'grip'], reps: 5 });
    const none = await sendForm(t, session, 'POST', URL, { name: 'Form three', tags: '' });
    expect(none.json()).toMatchObject({ tags: [] });
  });

  it('lets staff create an item that belongs to no clinic', async () => {
    const staff = await buildStaff(t.ctx);
    const res = await call(t, await login(t, staff), 'POST', URL, { name: 'Staff item' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ clinic: null, starter: false });
    expect(await rowOf(res.json().id)).toMatchObject({ clinicId: null, createdById: staff.id });
  });

  it.each([
    [{}, { name: PROGRAM_TEXTS.exerciseNameRequired }],
    [{ name: '   ' }, { name: PROGRAM_TEXTS.exerciseNameRequired }],
    [{ name: 'x'.repeat(201) }, { name: VALIDATION_TEXTS.tooLong }],
    [{ name: 'A', instructions: 'x'.repeat(5001) }, { instructions: VALIDATION_TEXTS.tooLong }],
    [{ name: 'A', tags: ['x'.repeat(41)] }, { tags: LIBRARY_MESSAGES.tagLength }],
    [{ name: 'A', tags: ['  '] }, { tags: LIBRARY_MESSAGES.tagLength }],
    [{ name: 'A', tags: [7] }, { tags: LIBRARY_MESSAGES.tagLength }],
    [
      { name: 'A', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      { tags: LIBRARY_MESSAGES.tooManyTags },
    ],
    [{ name: 'A', sets: 0 }, { sets: 'Enter a whole number from 1 to 20.' }],
    [{ name: 'A', reps: 'ten' }, { reps: 'Enter a whole number from 1 to 100.' }],
    [{ name: 'A', rest_seconds: 601 }, { rest_seconds: 'Enter a whole number from 0 to 600.' }],
    [{ name: 'A', side: 'up' }, { side: 'Choose left, right or both.' }],
    [{ name: 'A', image_media_id: 'abc' }, { image_media_id: 'Enter a valid id.' }],
    [{ name: 'A\u0000' }, { name: VALIDATION_TEXTS.invalidCharacter }],
  ])('refuses %j with 400 and the field’s message', async (body, fields) => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const res = await call(t, await login(t, therapist), 'POST', URL, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', fields });
    expect(
      await t.ctx.db.select().from(libraryExercises).where(eq(libraryExercises.clinicId, clinicId)),
    ).toEqual([]);
  });

  it('answers 401 signed out and 403 to a client, creating nothing', async () => {
    const { clinicId, client } = await buildCareTeam(t.ctx);
    expect((await call(t, null, 'POST', URL, { name: 'A' })).statusCode).toBe(401);
    expect((await call(t, await login(t, client), 'POST', URL, { name: 'A' })).statusCode).toBe(403);
    expect(
      await t.ctx.db.select().from(libraryExercises).where(eq(libraryExercises.clinicId, clinicId)),
    ).toEqual([]);
  });
});

describe('PUT /api/library/exercises/{id}/', () => {
  it('replaces the name and what was sent; instructions, tags and dosage left out stay', async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const id = await buildLibraryItem(
      t,
      { clinicId, createdById: therapist.id },
      {
        instructions: 'Keep me.',
        tags: ['keep'],
        sets: 2,
        reps: 8,
      },
    );
    const session = await login(t, therapist);
    const res = await call(t, session, 'PUT', `${URL}${id}/`, { name: 'Renamed', reps: '', side: 'right' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      name: 'Renamed',
      instructions: 'Keep me.',
      tags: ['keep'],
      sets: 2,
      reps: null,
      side: 'right',
    });
    const form = await sendForm(t, session, 'PUT', `${URL}${id}/`, {
      name: 'Renamed again',
      instructions: 'New words.',
      tags: '',
    });
    expect(form.json()).toMatchObject({
      name: 'Renamed again',
      instructions: 'New words.',
      tags: [],
      sets: 2,
    });
  });

  it('checks the fields as POST does', async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const id = await buildLibraryItem(t, { clinicId, createdById: therapist.id });
    const session = await login(t, therapist);
    const res = await call(t, session, 'PUT', `${URL}${id}/`, { name: '', sets: 21 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: PROGRAM_TEXTS.exerciseNameRequired,
      sets: 'Enter a whole number from 1 to 20.',
    });
    expect(await rowOf(id)).toMatchObject({ name: 'Clinic exercise', sets: null });
  });

  it('answers 403 for a starter item, 404 for another clinic’s, 401 and 403 for a client', async () => {
    const team = await buildCareTeam(t.ctx);
    const other = await buildCareTeam(t.ctx);
    const theirs = await buildLibraryItem(t, { clinicId: other.clinicId, createdById: other.therapist.id });
    const session = await login(t, team.therapist);
    const starter = await starterOf(session);
    const locked = await call(t, session, 'PUT', `${URL}${starter.id}/`, { name: 'Mine now' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ error: LIBRARY_MESSAGES.starterReadOnly, code: 'forbidden' });
    const staffTry = await call(t, await login(t, await buildStaff(t.ctx)), 'PUT', `${URL}${starter.id}/`, {
      name: 'Mine now',
    });
    expect(staffTry.statusCode).toBe(403);
    expect((await call(t, session, 'GET', `${URL}${starter.id}/`)).json().name).toBe(starter.name);
    expect((await call(t, session, 'PUT', `${URL}${theirs}/`, { name: 'X' })).json()).toEqual(NOT_FOUND);
    expect((await call(t, null, 'PUT', `${URL}${theirs}/`, { name: 'X' })).statusCode).toBe(401);
    const client = await login(t, other.client);
    expect((await call(t, client, 'PUT', `${URL}${theirs}/`, { name: 'X' })).statusCode).toBe(403);
    expect(await rowOf(theirs)).toMatchObject({ name: 'Clinic exercise' });
  });

  it('lets staff edit a clinic’s item', async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const id = await buildLibraryItem(t, { clinicId, createdById: therapist.id });
    const res = await call(t, await login(t, await buildStaff(t.ctx)), 'PUT', `${URL}${id}/`, {
      name: 'By staff',
    });
    expect(res.json()).toMatchObject({ name: 'By staff', clinic: clinicId });
  });
});

describe('DELETE /api/library/exercises/{id}/', () => {
  it('deletes the clinic’s item with 204 and audits it', async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const id = await buildLibraryItem(t, { clinicId, createdById: therapist.id });
    const session = await login(t, therapist);
    const res = await call(t, session, 'DELETE', `${URL}${id}/`);
    expect(res.statusCode).toBe(204);
    expect(await rowOf(id)).toBeUndefined();
    expect((await call(t, session, 'DELETE', `${URL}${id}/`)).json()).toEqual(NOT_FOUND);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, therapist.id));
    expect(audit.filter((r) => r.action === 'delete')).toMatchObject([
      { targetType: 'library_exercise', targetIds: [id] },
    ]);
  });

  it('answers 403 for a starter item, 404 for another clinic’s, 401 and 403 for a client', async () => {
    const team = await buildCareTeam(t.ctx);
    const other = await buildCareTeam(t.ctx);
    const theirs = await buildLibraryItem(t, { clinicId: other.clinicId, createdById: other.therapist.id });
    const session = await login(t, team.therapist);
    const starter = await starterOf(session);
    expect((await call(t, session, 'DELETE', `${URL}${starter.id}/`)).statusCode).toBe(403);
    expect((await call(t, session, 'DELETE', `${URL}${theirs}/`)).json()).toEqual(NOT_FOUND);
    expect((await call(t, null, 'DELETE', `${URL}${theirs}/`)).statusCode).toBe(401);
    expect((await call(t, await login(t, other.client), 'DELETE', `${URL}${theirs}/`)).statusCode).toBe(403);
    expect(await rowOf(theirs)).toBeDefined();
    expect(await rowOf(starter.id)).toBeDefined();
  });
});
