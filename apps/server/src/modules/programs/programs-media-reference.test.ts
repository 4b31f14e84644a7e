import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProgram } from '@hep/shared/schemas/programs';
import { eq } from 'drizzle-orm';
import { programs } from '../../db/schema/programs';
import { buildCareTeam, buildClient, buildTherapist, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { fixtureFile, sendForm } from '../../../test/program-factories';
import { FIXTURES, filesUnder, tempDataDir } from '../../../test/fixtures/media-fixtures';

// docs/product/library-and-templates.md#media-by-reference: a save names media it may already see by id; anything
// else answers 404 and nothing is created.

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
const publish = (clientId: number, exercises: unknown[]) => ({
  client_id: clientId,
  name: 'By reference',
  start_date: '2025-03-03',
  end_date: '2025-04-28',
  days_of_week: ['MON'],
  is_draft: 'false',
  exercises,
});
const programCount = async (clientId: number) =>
  (await t.ctx.db.select().from(programs).where(eq(programs.clientId, clientId))).length;

async function programWithPhoto(session: Session, clientId: number) {
  const res = await sendForm(
    t,
    session,
    'POST',
    '/api/programs/',
    publish(clientId, [{ name: 'Photo', instructions: 'Look.' }]),
    [fixtureFile('exercise_0_image', FIXTURES.jpeg, 'image/jpeg')],
  );
  expect(res.statusCode).toBe(201);
  return res.json().program as TProgram;
}

describe('image_media_id and video_media_id on program saves', () => {
  it('reuses a file of a program of the same clinic: same media, no new file', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const first = await programWithPhoto(session, client.id);
    const mediaId = first.exercises[0]!.image_media_id!;
    expect(mediaId).toEqual(expect.any(Number));
    const otherClient = await buildClient(t.ctx, clinicId, therapist.id);
    const colleague = await login(t, await buildTherapist(t.ctx, clinicId));
    const before = storedFiles().length;
    const res = await sendForm(
      t,
      colleague,
      'POST',
      '/api/programs/',
      publish(otherClient.id, [{ name: 'Same photo', instructions: 'Look again.', image_media_id: mediaId }]),
    );
    expect(res.statusCode).toBe(201);
    const exercise = (res.json().program as TProgram).exercises[0]!;
    expect(exercise.image_media_id).toBe(mediaId);
    expect(exercise.image_url).toMatch(new RegExp(`/api/media/${mediaId}/`));
    expect(storedFiles()).toHaveLength(before);
    expect((await t.app.inject({ method: 'GET', url: exercise.image_url! })).statusCode).toBe(200);
  });

  it('answers 404 for a media id of another clinic or one that does not exist, and creates nothing', async () => {
    const mine = await buildCareTeam(t.ctx);
    const theirs = await buildCareTeam(t.ctx);
    const foreign = await programWithPhoto(await login(t, theirs.therapist), theirs.client.id);
    const session = await login(t, mine.therapist);
    for (const id of [foreign.exercises[0]!.image_media_id!, 2_000_000_000]) {
      const res = await sendForm(
        t,
        session,
        'POST',
        '/api/programs/',
        publish(mine.client.id, [{ name: 'Stolen', instructions: 'No.', video_media_id: id }]),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    expect(await programCount(mine.client.id)).toBe(0);
  });

  it('a new file wins over a media id sent with it', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const first = await programWithPhoto(session, client.id);
    const res = await sendForm(
      t,
      session,
      'POST',
      '/api/programs/',
      publish(client.id, [
        { name: 'New photo', instructions: 'Look.', image_media_id: first.exercises[0]!.image_media_id },
      ]),
      [fixtureFile('exercise_0_image', FIXTURES.png, 'image/png')],
    );
    expect(res.statusCode).toBe(201);
    const id = (res.json().program as TProgram).exercises[0]!.image_media_id;
    expect(id).not.toBe(first.exercises[0]!.image_media_id);
  });

  it('PUT /exercises/{id}/ takes a media id too, and a foreign one answers 404 leaving the exercise as it was', async () => {
    const mine = await buildCareTeam(t.ctx);
    const theirs = await buildCareTeam(t.ctx);
    const session = await login(t, mine.therapist);
    const withPhoto = await programWithPhoto(session, mine.client.id);
    const plain = await sendForm(
      t,
      session,
      'POST',
      '/api/programs/',
      publish(mine.client.id, [{ name: 'Plain', instructions: 'No photo yet.' }]),
    );
    const exercise = (plain.json().program as TProgram).exercises[0]!;
    const foreign = await programWithPhoto(await login(t, theirs.therapist), theirs.client.id);
    const put = (mediaId: number) =>
      sendForm(t, session, 'PUT', `/api/exercises/${exercise.id}/`, {
        name: 'Plain',
        instructions: 'No photo yet.',
        image_media_id: String(mediaId),
      });
    expect((await put(foreign.exercises[0]!.image_media_id!)).statusCode).toBe(404);
    const ok = await put(withPhoto.exercises[0]!.image_media_id!);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().image_media_id).toBe(withPhoto.exercises[0]!.image_media_id);
  });

  it('a client cannot name media (403), and signed out answers 401', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await programWithPhoto(await login(t, therapist), client.id);
    const body = publish(client.id, [
      { name: 'Mine', instructions: 'x', image_media_id: program.exercises[0]!.image_media_id },
    ]);
    expect((await sendForm(t, await login(t, client), 'POST', '/api/programs/', body)).statusCode).toBe(403);
    expect((await sendForm(t, null, 'POST', '/api/programs/', body)).statusCode).toBe(401);
  });
});

describe('deleting media', () => {
  it('an edit that replaces a photo keeps the old file while the program exists (its history shows it)', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const program = await programWithPhoto(session, client.id);
    const before = storedFiles().length;
    const res = await sendForm(
      t,
      session,
      'PUT',
      `/api/programs/${program.id}/`,
      {
        ...publish(client.id, [{ id: program.exercises[0]!.id, name: 'Photo', instructions: 'New look.' }]),
        version: program.version,
      },
      [fixtureFile('exercise_0_image', FIXTURES.png, 'image/png')],
    );
    expect(res.statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(before + 1);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/programs/${program.id}/`,
      headers: session.headers,
      remoteAddress: nextIp(),
    });
    expect(gone.statusCode).toBe(204);
    expect(storedFiles()).toHaveLength(before - 1);
  });
});
