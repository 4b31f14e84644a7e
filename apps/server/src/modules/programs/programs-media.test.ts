import { rmSync } from 'node:fs';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@hep/shared/limits';
import type { TProgram } from '@hep/shared/schemas/programs';
import { media } from '../../db/schema/media';
import { programs } from '../../db/schema/programs';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { fixtureFile, sendForm } from '../../../test/program-factories';
import { FIXTURES, filesUnder, tempDataDir, withUploadsBlocked } from '../../../test/fixtures/media-fixtures';

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

const storedFiles = () => filesUnder(path.join(dataDir, 'media'));
const tempFiles = () => filesUnder(path.join(dataDir, 'tmp'));
const mediaOf = (programId: number) => t.ctx.db.select().from(media).where(eq(media.programId, programId));
const fetchUrl = (url: string) => t.app.inject({ method: 'GET', url });

const publish = (clientId: number, exercises: unknown[], extra: Record<string, unknown> = {}) => ({
  client_id: clientId,
  name: 'With media',
  start_date: '2025-03-03',
  end_date: '2025-04-28',
  days_of_week: ['MON'],
  is_draft: 'false',
  exercises,
  ...extra,
});

async function createWithMedia(session: Session, clientId: number) {
  const res = await sendForm(
    t,
    session,
    'POST',
    '/api/programs/',
    publish(clientId, [
      { name: 'Photo one', instructions: 'Look.' },
      { name: 'Video two', instructions: 'Watch.' },
    ]),
    [
      fixtureFile('exercise_0_image', FIXTURES.jpeg, 'image/jpeg'),
      fixtureFile('exercise_1_video', FIXTURES.mp4),
    ],
  );
  expect(res.statusCode).toBe(201);
  return res.json().program as TProgram;
}

describe('program saves with files', () => {
  it('stores image and video parts as media of the program and answers signed URLs that serve them', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await createWithMedia(await login(t, therapist), client.id);
    const [photo, video] = program.exercises;
    expect(photo!.image_url).toMatch(/^\/api\/media\/\d+\/\?exp=\d+&u=\d+&sig=/);
    expect(photo!.video_url).toBeNull();
    expect(video!.video_url).toMatch(/^\/api\/media\/\d+\//);
    const image = await fetchUrl(photo!.image_url!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await fetchUrl(video!.video_url!)).headers['content-type']).toBe('video/mp4');
    expect((await mediaOf(program.id)).map((m) => [m.kind, m.ownerId]).sort()).toEqual([
      ['image', therapist.id],
      ['video', therapist.id],
    ]);
    expect(tempFiles()).toEqual([]);
  });

  it('keeps nothing (no rows, no files) when a later file of the request has the wrong type', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const before = storedFiles().length;
    const res = await sendForm(
      t,
      await login(t, therapist),
      'POST',
      '/api/programs/',
      publish(client.id, [
        { name: 'A', instructions: 'a' },
        { name: 'B', instructions: 'b' },
      ]),
      [fixtureFile('exercise_0_image', FIXTURES.jpeg), fixtureFile('exercise_1_video', FIXTURES.jpeg)],
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: VALIDATION_TEXTS.invalidVideoType,
      fields: { exercise_1_video: VALIDATION_TEXTS.invalidVideoType },
    });
    expect(await t.ctx.db.select().from(programs).where(eq(programs.clientId, client.id))).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses a text file named .jpg, a file for an exercise not in the list, and a file over 50 MB', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const before = storedFiles().length;
    const exercisesList = [{ name: 'A', instructions: 'a' }];
    const text = await sendForm(t, session, 'POST', '/api/programs/', publish(client.id, exercisesList), [
      fixtureFile('exercise_0_image', FIXTURES.textAsJpeg, 'image/jpeg'),
    ]);
    expect(text.json()).toMatchObject({ error: VALIDATION_TEXTS.invalidImageType });

    const stray = await sendForm(t, session, 'POST', '/api/programs/', publish(client.id, exercisesList), [
      fixtureFile('exercise_0_image', FIXTURES.png),
      fixtureFile('exercise_3_image', FIXTURES.jpeg),
    ]);
    expect(stray.statusCode).toBe(400);
    expect(stray.json().fields).toEqual({ exercise_3_image: expect.any(String) });

    const huge = await sendForm(t, session, 'POST', '/api/programs/', publish(client.id, exercisesList), [
      { name: 'exercise_0_video', filename: 'big.mp4', data: Buffer.alloc(LIMITS.mediaMaxBytes + 1) },
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe(VALIDATION_TEXTS.fileTooLarge);
    expect(await t.ctx.db.select().from(programs).where(eq(programs.clientId, client.id))).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
    expect(tempFiles()).toEqual([]);
  });

  it('keeps current media with keep flags, drops it without them, and replaces it with a new file', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const program = await createWithMedia(session, client.id);
    const [photo, video] = program.exercises;
    const res = await sendForm(
      t,
      session,
      'PUT',
      `/api/programs/${program.id}/`,
      publish(
        client.id,
        [
          { id: photo!.id, name: photo!.name, instructions: 'Look again.', keep_image: true },
          { id: video!.id, name: video!.name, instructions: 'No video now.', keep_video: false },
          { name: 'Gif three', instructions: 'New.' },
        ],
        { version: program.version },
      ),
      [fixtureFile('exercise_2_image', FIXTURES.gif)],
    );
    expect(res.statusCode).toBe(200);
    const [kept, dropped, added] = (res.json().program as TProgram).exercises;
    const idOf = (url: string | null) => Number(/\/media\/(\d+)\//.exec(url ?? '')?.[1]);
    expect(idOf(kept!.image_url)).toBe(idOf(photo!.image_url));
    expect(dropped!.video_url).toBeNull();
    expect((await fetchUrl(added!.image_url!)).headers['content-type']).toBe('image/gif');
    // The dropped video stays for the program's older versions.
    expect(await mediaOf(program.id)).toHaveLength(3);
  });

  it('replicates by reference: the copy shows the same files, no bytes are copied; a source outside the scope gives nothing', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const source = await createWithMedia(session, client.id);
    const outsider = await buildCareTeam(t.ctx);
    const foreign = await createWithMedia(await login(t, outsider.therapist), outsider.client.id);
    const before = storedFiles().length;
    const copyList = source.exercises.map((e) => ({
      name: e.name,
      instructions: e.instructions,
      keep_image: true,
      keep_video: true,
      source_exercise_id: e.id,
    }));
    copyList.push({ ...copyList[0]!, name: 'Foreign', source_exercise_id: foreign.exercises[0]!.id });
    const res = await sendForm(t, session, 'POST', '/api/programs/', publish(client.id, copyList));
    expect(res.statusCode).toBe(201);
    const copy = res.json().program as TProgram;
    expect(copy.exercises.map((e) => e.source_exercise)).toEqual([
      ...source.exercises.map((e) => e.id),
      null,
    ]);
    expect(copy.exercises[2]!.image_url).toBeNull();
    expect(copy.exercises.slice(0, 2).map((e) => [e.image_media_id, e.video_media_id])).toEqual(
      source.exercises.map((e) => [e.image_media_id, e.video_media_id]),
    );
    expect(storedFiles()).toHaveLength(before);
    const served = await fetchUrl(copy.exercises[0]!.image_url!);
    expect(served.rawPayload.equals((await fetchUrl(source.exercises[0]!.image_url!)).rawPayload)).toBe(true);
  });

  it('a file two programs share stays until the last of them is deleted', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const source = await createWithMedia(session, client.id);
    const copyList = source.exercises.map((e) => ({
      name: e.name,
      instructions: e.instructions,
      keep_image: true,
      keep_video: true,
      source_exercise_id: e.id,
    }));
    const copy = (await sendForm(t, session, 'POST', '/api/programs/', publish(client.id, copyList))).json()
      .program as TProgram;
    const before = storedFiles().length;
    const remove = (id: number) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/programs/${id}/`,
        headers: session.headers,
        remoteAddress: nextIp(),
      });
    expect((await remove(source.id)).statusCode).toBe(204);
    expect(storedFiles()).toHaveLength(before);
    expect((await fetchUrl(copy.exercises[0]!.image_url!)).statusCode).toBe(200);
    expect((await remove(copy.id)).statusCode).toBe(204);
    expect(storedFiles()).toHaveLength(before - 2);
    expect((await fetchUrl(copy.exercises[0]!.image_url!)).statusCode).toBe(404);
  });

  it('deleting a program removes its stored files and only its files', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const keep = await createWithMedia(session, client.id);
    const doomed = await createWithMedia(session, client.id);
    const keys = (await mediaOf(doomed.id)).map((m) => m.storageKey);
    const before = storedFiles();
    expect(before.filter((f) => keys.includes(path.basename(f)))).toHaveLength(2);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/programs/${doomed.id}/`,
      headers: session.headers,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(204);
    const after = storedFiles();
    expect(after).toHaveLength(before.length - 2);
    expect(after.filter((f) => keys.includes(path.basename(f)))).toEqual([]);
    expect(await mediaOf(doomed.id)).toEqual([]);
    expect((await fetchUrl(keep.exercises[0]!.image_url!)).statusCode).toBe(200);
    expect((await fetchUrl(doomed.exercises[0]!.image_url!)).statusCode).toBe(404);
  });
});

describe('an upload for a client outside the scope', () => {
  it('answers 404 (403 to a client) before any file is written, leaving nothing in the store or upload folder', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const outsider = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const list = [
      { name: 'A', instructions: 'a' },
      { name: 'B', instructions: 'b' },
    ];
    const files = () => [
      fixtureFile('exercise_0_image', FIXTURES.jpeg),
      fixtureFile('exercise_1_video', FIXTURES.mp4),
    ];
    const create = (s: Session, clientId: number) =>
      sendForm(t, s, 'POST', '/api/programs/', publish(clientId, list), files());
    const before = storedFiles().length;
    await withUploadsBlocked(dataDir, async () => {
      for (const clientId of [outsider.client.id, outsider.therapist.id, 999999]) {
        const res = await create(session, clientId);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: ERROR_TEXTS.notFound, code: 'not_found' });
      }
      expect((await create(await login(t, client), client.id)).statusCode).toBe(403);
      // The control: in scope, the same request does write, and the blocked upload folder fails it.
      expect((await create(session, client.id)).statusCode).toBe(500);
    });
    expect(storedFiles()).toHaveLength(before);
    expect(tempFiles()).toEqual([]);
    expect(await t.ctx.db.select().from(programs).where(eq(programs.clientId, outsider.client.id))).toEqual(
      [],
    );
  });
});
