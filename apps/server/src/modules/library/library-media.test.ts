import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLibraryExercise } from '@hep/shared/schemas/library';
import type { TProgram } from '@hep/shared/schemas/programs';
import { libraryExercises } from '../../db/schema/library-exercises';
import { media } from '../../db/schema/media';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { fixtureFile, sendForm } from '../../../test/program-factories';
import { FIXTURES, filesUnder, tempDataDir } from '../../../test/fixtures/media-fixtures';
import { call, NOT_FOUND } from './library.test-support';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = tempDataDir();
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const URL = '/api/library/exercises/';
const storedFiles = () => filesUnder(path.join(dataDir, 'media'));
const tempFiles = () => filesUnder(path.join(dataDir, 'tmp'));
const mediaRow = async (id: number) => (await t.ctx.db.select().from(media).where(eq(media.id, id)))[0];
const itemsOfClinic = (clinicId: number) =>
  t.ctx.db.select().from(libraryExercises).where(eq(libraryExercises.clinicId, clinicId));

/** A published program whose one exercise has a photo: its media id is what a library item may reuse. */
async function programWithPhoto(session: Session, clientId: number): Promise<TProgram> {
  const res = await sendForm(
    t,
    session,
    'POST',
    '/api/programs/',
    {
      client_id: clientId,
      name: 'With a photo',
      start_date: '2025-03-03',
      end_date: '2025-04-28',
      days_of_week: ['MON'],
      is_draft: 'false',
      exercises: [{ name: 'Photo exercise', instructions: 'Look.', sets: 3, reps: 12, side: 'left' }],
    },
    [fixtureFile('exercise_0_image', FIXTURES.jpeg, 'image/jpeg')],
  );
  expect(res.statusCode).toBe(201);
  return res.json().program;
}

async function itemWithPhoto(session: Session, name = 'Library photo'): Promise<TLibraryExercise> {
  const res = await sendForm(t, session, 'POST', URL, { name }, [
    fixtureFile('image', FIXTURES.png, 'image/png'),
  ]);
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('library media', () => {
  it('stores an uploaded photo and video with no program, and answers signed URLs that serve them', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const before = storedFiles().length;
    const res = await sendForm(t, await login(t, therapist), 'POST', URL, { name: 'With files' }, [
      fixtureFile('image', FIXTURES.jpeg, 'image/jpeg'),
      fixtureFile('video', FIXTURES.mp4),
    ]);
    expect(res.statusCode).toBe(201);
    const item: TLibraryExercise = res.json();
    expect(item.image_url).toMatch(/^\/api\/media\/\d+\/\?exp=\d+&u=\d+&sig=/);
    const image = await t.app.inject({ method: 'GET', url: item.image_url! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const video = await t.app.inject({ method: 'GET', url: item.video_url! });
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(await mediaRow(item.image_media_id!)).toMatchObject({ programId: null, ownerId: therapist.id });
    expect(storedFiles()).toHaveLength(before + 2);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses a wrong file type and an unexpected file field, keeping nothing', async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const before = storedFiles().length;
    const wrong = await sendForm(t, session, 'POST', URL, { name: 'A' }, [
      fixtureFile('image', FIXTURES.mp4),
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('image');
    const stray = await sendForm(t, session, 'POST', URL, { name: 'A' }, [
      fixtureFile('photo', FIXTURES.jpeg),
    ]);
    expect(stray.statusCode).toBe(400);
    const invalid = await sendForm(t, session, 'POST', URL, { name: '' }, [
      fixtureFile('image', FIXTURES.jpeg),
    ]);
    expect(invalid.statusCode).toBe(400);
    expect(await itemsOfClinic(clinicId)).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
    expect(tempFiles()).toEqual([]);
  });

  it('reuses a photo of a program in scope by reference: same media id, no new file', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const program = await programWithPhoto(session, client.id);
    const mediaId = program.exercises[0]!.image_media_id!;
    const before = storedFiles().length;
    const res = await call(t, session, 'POST', URL, { name: 'Reused', image_media_id: mediaId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      image_media_id: mediaId,
      image_url: expect.stringContaining(`/${mediaId}/`),
    });
    expect(storedFiles()).toHaveLength(before);
  });

  it('answers 404 for media of another clinic’s program or library item: nothing created, no file left', async () => {
    const mine = await buildCareTeam(t.ctx);
    const other = await buildCareTeam(t.ctx);
    const otherSession = await login(t, other.therapist);
    const theirProgramPhoto = (await programWithPhoto(otherSession, other.client.id)).exercises[0]!
      .image_media_id!;
    const theirItemPhoto = (await itemWithPhoto(otherSession)).image_media_id!;
    const session = await login(t, mine.therapist);
    const before = storedFiles().length;
    for (const mediaId of [theirProgramPhoto, theirItemPhoto]) {
      const json = await call(t, session, 'POST', URL, { name: 'Taken', image_media_id: mediaId });
      expect(json.json()).toEqual(NOT_FOUND);
      // The id comes before the file: refused before a byte is stored.
      const withFile = await sendForm(t, session, 'POST', URL, { name: 'Taken', image_media_id: mediaId }, [
        fixtureFile('video', FIXTURES.mp4),
      ]);
      expect(withFile.json()).toEqual(NOT_FOUND);
      const own = await itemWithPhoto(session, 'Mine');
      const put = await sendForm(t, session, 'PUT', `${URL}${own.id}/`, {
        name: 'Mine',
        video_media_id: mediaId,
      });
      expect(put.json()).toEqual(NOT_FOUND);
      expect((await call(t, session, 'GET', `${URL}${own.id}/`)).json().video_media_id).toBeNull();
      await call(t, session, 'DELETE', `${URL}${own.id}/`);
    }
    expect(await itemsOfClinic(mine.clinicId)).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
    expect(tempFiles()).toEqual([]);
  });

  it('PUT keeps the files by default, replaces a photo with a new one and drops one with keep_image=false', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const item = await itemWithPhoto(session);
    const kept = await call(t, session, 'PUT', `${URL}${item.id}/`, { name: 'Kept' });
    expect(kept.json().image_media_id).toBe(item.image_media_id);
    const before = storedFiles().length;
    const replaced = await sendForm(t, session, 'PUT', `${URL}${item.id}/`, { name: 'New photo' }, [
      fixtureFile('image', FIXTURES.gif),
    ]);
    expect(replaced.statusCode).toBe(200);
    const newId = replaced.json().image_media_id;
    expect(newId).not.toBe(item.image_media_id);
    // The old photo was this item's alone: its row and file are gone.
    expect(await mediaRow(item.image_media_id!)).toBeUndefined();
    expect(storedFiles()).toHaveLength(before);
    const dropped = await sendForm(t, session, 'PUT', `${URL}${item.id}/`, {
      name: 'No photo',
      keep_image: 'false',
    });
    expect(dropped.json()).toMatchObject({ image_media_id: null, image_url: null });
    expect(await mediaRow(newId)).toBeUndefined();
    expect(storedFiles()).toHaveLength(before - 1);
  });

  it('deleting an item keeps a photo a program also uses, and removes one nothing else uses', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const programPhoto = (await programWithPhoto(session, client.id)).exercises[0]!.image_media_id!;
    const shared = await call(t, session, 'POST', URL, { name: 'Shared', image_media_id: programPhoto });
    const own = await itemWithPhoto(session, 'Own photo');
    const before = storedFiles().length;
    expect((await call(t, session, 'DELETE', `${URL}${shared.json().id}/`)).statusCode).toBe(204);
    expect(await mediaRow(programPhoto)).toBeDefined();
    expect(storedFiles()).toHaveLength(before);
    expect((await call(t, session, 'DELETE', `${URL}${own.id}/`)).statusCode).toBe(204);
    expect(await mediaRow(own.image_media_id!)).toBeUndefined();
    expect(storedFiles()).toHaveLength(before - 1);
  });
});

describe('POST /api/library/exercises/from-exercise/', () => {
  const FROM = `${URL}from-exercise/`;

  it('saves a program’s exercise to the clinic library by reference: text, dose and the same media id', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const exercise = (await programWithPhoto(session, client.id)).exercises[0]!;
    const before = storedFiles().length;
    const res = await call(t, session, 'POST', FROM, { exercise_id: exercise.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Photo exercise',
      instructions: 'Look.',
      tags: [],
      translations: {},
      sets: 3,
      reps: 12,
      side: 'left',
      image_media_id: exercise.image_media_id,
      video_media_id: null,
      starter: false,
      clinic: clinicId,
    });
    expect(storedFiles()).toHaveLength(before);
    // Deleting the program leaves the library's photo in place.
    const program = (await call(t, session, 'GET', `/api/exercises/${exercise.id}/`)).json().program;
    expect((await call(t, session, 'DELETE', `/api/programs/${program}/`)).statusCode).toBe(204);
    expect(await mediaRow(exercise.image_media_id!)).toBeDefined();
    const image = await t.app.inject({
      method: 'GET',
      url: (await call(t, session, 'GET', `${URL}${res.json().id}/`)).json().image_url,
    });
    expect(image.statusCode).toBe(200);
  });

  it('answers 404 for another clinic’s exercise, 400 without an id, 401 and 403 for a client', async () => {
    const mine = await buildCareTeam(t.ctx);
    const other = await buildCareTeam(t.ctx);
    const theirs = (await programWithPhoto(await login(t, other.therapist), other.client.id)).exercises[0]!;
    const session = await login(t, mine.therapist);
    expect((await call(t, session, 'POST', FROM, { exercise_id: theirs.id })).json()).toEqual(NOT_FOUND);
    const missing = await call(t, session, 'POST', FROM, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ exercise_id: 'This field is required.' });
    expect((await call(t, session, 'POST', FROM, { exercise_id: 'x' })).json().fields).toEqual({
      exercise_id: 'Enter a valid id.',
    });
    expect((await call(t, null, 'POST', FROM, { exercise_id: theirs.id })).statusCode).toBe(401);
    expect(
      (await call(t, await login(t, other.client), 'POST', FROM, { exercise_id: theirs.id })).statusCode,
    ).toBe(403);
    expect(await itemsOfClinic(mine.clinicId)).toEqual([]);
    expect(await itemsOfClinic(other.clinicId)).toEqual([]);
  });
});
