import { rmSync } from 'node:fs';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProgram } from '@hep/shared/schemas/programs';
import { media } from '../../db/schema/media';
import { programs } from '../../db/schema/programs';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { buildFeedbackSetup, feedbackFields, submitFeedback } from '../../../test/feedback-factories';
import { FIXTURES, filesUnder, readFixture, tempDataDir } from '../../../test/fixtures/media-fixtures';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { fixtureFile, sendForm } from '../../../test/program-factories';
import { startS3Server, type S3Server } from '../../../test/s3-server';

// The media behaviours through the API with S3_* set: every byte goes to a real S3-protocol server on loopback.

let t: TestApp;
let s3: S3Server;
const dataDir = tempDataDir();
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ DATA_DIR: dataDir, ...s3.env });
});
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const fetchUrl = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });
const keysOf = async (programId: number) =>
  (await t.ctx.db.select().from(media).where(eq(media.programId, programId))).map((m) => m.storageKey).sort();
const programsOf = (clientId: number) =>
  t.ctx.db.select().from(programs).where(eq(programs.clientId, clientId));

const publish = (clientId: number, exercises: unknown[]) => ({
  client_id: clientId,
  name: 'With media in S3',
  start_date: '2025-03-03',
  end_date: '2025-04-28',
  days_of_week: ['MON'],
  is_draft: 'false',
  exercises,
});
const twoExercises = [
  { name: 'Photo one', instructions: 'Look.' },
  { name: 'Video two', instructions: 'Watch.' },
];
const photoAndVideo = () => [
  fixtureFile('exercise_0_image', FIXTURES.jpeg, 'image/jpeg'),
  fixtureFile('exercise_1_video', FIXTURES.mp4),
];

async function createWithMedia(session: Session, clientId: number) {
  const res = await sendForm(
    t,
    session,
    'POST',
    '/api/programs/',
    publish(clientId, twoExercises),
    photoAndVideo(),
  );
  expect(res.statusCode).toBe(201);
  return res.json().program as TProgram;
}

describe('media in S3-compatible storage', () => {
  it('stores a program exercise photo and video as objects and serves them whole and by byte range', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const before = await s3.objectKeys();
    const program = await createWithMedia(await login(t, therapist), client.id);
    const keys = await keysOf(program.id);
    expect(keys).toHaveLength(2);
    expect(await s3.objectKeys()).toEqual([...before, ...keys].sort());
    // Nothing is kept on the local disk: the upload's temp file is gone and there is no media folder.
    expect(filesUnder(dataDir)).toEqual([]);

    const video = program.exercises[1]!.video_url!;
    const whole = await fetchUrl(video);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes' });
    expect(Number(whole.headers['content-length'])).toBe(whole.rawPayload.length);
    const size = whole.rawPayload.length;
    const part = await fetchUrl(video, { range: 'bytes=100-299' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-299/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 300))).toBe(true);
    const tail = await fetchUrl(video, { range: 'bytes=-50' });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 50))).toBe(true);
    expect((await fetchUrl(video, { range: `bytes=${size}-` })).statusCode).toBe(416);

    const photo = await fetchUrl(program.exercises[0]!.image_url!);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    // Stored without its camera metadata, so smaller than what was sent.
    expect(photo.rawPayload.length).toBeLessThan(readFixture(FIXTURES.jpeg).length);
  });

  it("stores a client's feedback video and serves it to the therapist", async () => {
    const { program, clientSession, therapist } = await buildFeedbackSetup(t);
    const before = (await s3.objectKeys()).length;
    const res = await submitFeedback(t, clientSession, feedbackFields(t.ctx, program.exerciseIds[0]!), [
      fixtureFile('media', FIXTURES.mov),
    ]);
    expect(res.statusCode).toBe(201);
    expect(await s3.objectKeys()).toHaveLength(before + 1);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/feedback/?exercise=${program.exerciseIds[0]}`,
      headers: (await login(t, therapist)).headers,
      remoteAddress: nextIp(),
    });
    const [entry] = history.json<{ video_url: string }[]>();
    const served = await fetchUrl(entry!.video_url, { range: 'bytes=0-9' });
    expect(served.statusCode).toBe(206);
    expect(served.headers['content-type']).toBe('video/quicktime');
    expect(served.rawPayload).toHaveLength(10);
  });

  it('replicating a program reuses its objects; they go with the last program that uses them', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const source = await createWithMedia(session, client.id);
    const sourceKeys = await keysOf(source.id);
    const objectsBefore = await s3.objectKeys();
    const copyList = source.exercises.map((e) => ({
      name: e.name,
      instructions: e.instructions,
      keep_image: true,
      keep_video: true,
      source_exercise_id: e.id,
    }));
    const res = await sendForm(t, session, 'POST', '/api/programs/', publish(client.id, copyList));
    expect(res.statusCode).toBe(201);
    const copy = res.json().program as TProgram;
    expect((await s3.objectKeys()).sort()).toEqual([...objectsBefore].sort());
    const original = await fetchUrl(source.exercises[1]!.video_url!);
    const copied = await fetchUrl(copy.exercises[1]!.video_url!);
    expect(copied.rawPayload.equals(original.rawPayload)).toBe(true);

    const remove = (id: number) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/programs/${id}/`,
        headers: session.headers,
        remoteAddress: nextIp(),
      });
    expect((await remove(source.id)).statusCode).toBe(204);
    expect(await s3.objectKeys()).toEqual(expect.arrayContaining(sourceKeys));
    expect((await fetchUrl(copy.exercises[0]!.image_url!)).statusCode).toBe(200);
    expect((await remove(copy.id)).statusCode).toBe(204);
    expect((await s3.objectKeys()).filter((k) => sourceKeys.includes(k))).toEqual([]);
    expect((await fetchUrl(copy.exercises[0]!.image_url!)).statusCode).toBe(404);
  });

  it('keeps no object when a later file of the request is refused', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const before = await s3.objectKeys();
    const res = await sendForm(
      t,
      await login(t, therapist),
      'POST',
      '/api/programs/',
      publish(client.id, twoExercises),
      [fixtureFile('exercise_0_image', FIXTURES.jpeg), fixtureFile('exercise_1_video', FIXTURES.jpeg)],
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(VALIDATION_TEXTS.invalidVideoType);
    expect(await s3.objectKeys()).toEqual(before);
    expect(await programsOf(client.id)).toEqual([]);
  });

  it('answers 503 while the store is down, saving nothing, and works again once it is back', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const kept = await createWithMedia(session, client.id);
    const before = await s3.objectKeys();
    await s3.stop();
    try {
      const upload = await sendForm(
        t,
        session,
        'POST',
        '/api/programs/',
        publish(client.id, twoExercises),
        photoAndVideo(),
      );
      expect(upload.statusCode).toBe(503);
      expect(upload.json()).toMatchObject({ code: 'storage_unavailable' });
      expect(upload.headers['retry-after']).toBe('5');
      const read = await fetchUrl(kept.exercises[0]!.image_url!);
      expect(read.statusCode).toBe(503);
    } finally {
      await s3.start();
    }
    expect(await programsOf(client.id)).toHaveLength(1);
    expect(await s3.objectKeys()).toEqual(before);
    expect(filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);
    expect((await fetchUrl(kept.exercises[0]!.image_url!)).statusCode).toBe(200);
    await createWithMedia(session, client.id);
  });
});
