import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { FEEDBACK_TEXTS } from '@hep/shared/texts/feedback';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { LIMITS } from '@hep/shared/limits';
import { ZSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import { login } from '../../../test/factories';
import {
  buildFeedbackSetup,
  feedbackFields,
  feedbackRowsOf,
  givenFeedback,
  mediaRowsOf,
  submitFeedback,
  tempFilesIn,
} from '../../../test/feedback-factories';
import { FIXTURES } from '../../../test/fixtures/media-fixtures';
import { nextIp, type TestApp } from '../../../test/helper';
import { fixtureFile, programForm } from '../../../test/program-factories';
import {
  KEY_LIFETIME_MS,
  keysOf,
  postKeyed,
  putKeyed,
  withoutUrls,
} from './feedback-idempotency.test-support';
import { mediaTestApp } from '../../../test/media-test-app';

// Idempotency-Key (docs/product/session.md#idempotency-key): two identical requests at the same moment, keys older
// than 24 hours, failed attempts (nothing kept, the key can be sent again) and an entry deleted since its first
// answer.

let t: TestApp;
const { dataDir, stored } = mediaTestApp((app) => (t = app));

describe('two identical keyed requests at the same moment (a phone retrying)', () => {
  it('POST: both answer 201 with the one entry; one row, one media row, one file', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    const before = stored();
    const results = await Promise.all(
      [1, 2, 3].map(() => postKeyed(t, clientSession, 'race', fields, [fixtureFile('media', FIXTURES.jpeg)])),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const bodies = results.map((r) => withoutUrls(ZSaveFeedbackResponse.parse(r.json())));
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toHaveLength(1);
    expect(await mediaRowsOf(t.ctx, program.id)).toHaveLength(1);
    expect(stored()).toBe(before + 1);
    expect(tempFilesIn(dataDir)).toEqual([]);
  });

  it('PUT: both answer 200 with the same entry; the new file is stored once and the old one removed', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const entry = await givenFeedback(t, clientSession, feedbackFields(t.ctx, program.exerciseIds[0]!), [
      fixtureFile('media', FIXTURES.jpeg),
    ]);
    const before = stored();
    const edits = { effort_rating: 2, feeling: 'Hard going.' };
    const results = await Promise.all(
      [1, 2].map(() =>
        putKeyed(t, clientSession, entry.id, 'race-put', edits, [fixtureFile('media', FIXTURES.mp4)]),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((r) => withoutUrls(ZSaveFeedbackResponse.parse(r.json())));
    expect(b).toEqual(a);
    expect(a!.feedback).toMatchObject({ effort_rating: 2, has_video: true, has_image: false });
    expect(await mediaRowsOf(t.ctx, program.id)).toMatchObject([{ kind: 'video' }]);
    expect(stored()).toBe(before);
    expect(tempFilesIn(dataDir)).toEqual([]);
  });

  it('the same key with different bodies at once: one is saved, the other answers 422 and keeps nothing', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const before = stored();
    const results = await Promise.all(
      program.exerciseIds.map((exerciseId) =>
        postKeyed(t, clientSession, 'race-422', feedbackFields(t.ctx, exerciseId), [
          fixtureFile('media', FIXTURES.png),
        ]),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json()).toEqual({
      error: ERROR_TEXTS.idempotencyKeyReused,
      code: 'idempotency_key_reused',
    });
    const rows = await Promise.all(program.exerciseIds.map((id) => feedbackRowsOf(t.ctx, id)));
    expect(rows.flat()).toHaveLength(1);
    expect(stored()).toBe(before + 1);
  });
});

describe('a key older than 24 hours', () => {
  it('is a new request: the same key with another body saves, and the identical request is a duplicate (409)', async () => {
    const { client, program, clientSession } = await buildFeedbackSetup(t);
    const first = feedbackFields(t.ctx, program.exerciseIds[0]!);
    expect((await postKeyed(t, clientSession, 'old-key', first)).statusCode).toBe(201);
    // Just inside the 24 hours the key still holds.
    t.clock.advance(KEY_LIFETIME_MS - 60_000);
    let session = await login(t, client);
    const other = { ...first, exercise: program.exerciseIds[1] };
    expect((await postKeyed(t, session, 'old-key', other)).statusCode).toBe(422);

    t.clock.advance(2 * 60_000);
    session = await login(t, client);
    const again = await postKeyed(t, session, 'old-key', first);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: FEEDBACK_TEXTS.feedbackDuplicate, code: 'conflict' });
    const res = await postKeyed(t, session, 'old-key', other);
    expect(res.statusCode).toBe(201);
    const [key] = await keysOf(t.ctx, client.id);
    expect(key).toMatchObject({ key: 'old-key', response: { feedback_id: res.json().feedback.id } });
    expect(key!.createdAt.getTime()).toBe(t.ctx.now().getTime());
  });

  it("is purged: the user's expired keys go when they next send a keyed save; other users' stay", async () => {
    const one = await buildFeedbackSetup(t);
    const two = await buildFeedbackSetup(t);
    for (const [index, exerciseId] of one.program.exerciseIds.entries()) {
      const res = await postKeyed(
        t,
        one.clientSession,
        `day-one-${index}`,
        feedbackFields(t.ctx, exerciseId),
      );
      expect(res.statusCode).toBe(201);
    }
    const res = await postKeyed(
      t,
      two.clientSession,
      'day-one',
      feedbackFields(t.ctx, two.program.exerciseIds[0]!),
    );
    expect(res.statusCode).toBe(201);
    expect(await keysOf(t.ctx, one.client.id)).toHaveLength(2);

    t.clock.advance(KEY_LIFETIME_MS + 60_000);
    const session = await login(t, one.client);
    const next = await postKeyed(t, session, 'day-two', feedbackFields(t.ctx, one.program.exerciseIds[0]!));
    expect(next.statusCode).toBe(201);
    expect((await keysOf(t.ctx, one.client.id)).map((k) => k.key)).toEqual(['day-two']);
    expect((await keysOf(t.ctx, two.client.id)).map((k) => k.key)).toEqual(['day-one']);
  });
});

describe('a failed attempt', () => {
  it('keeps no key, so the same key can be sent again once the details are right', async () => {
    const { client, program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    const refused = await postKeyed(t, clientSession, 'retry-me', { ...fields, effort_rating: 11 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_error',
      fields: { effort_rating: expect.any(String) },
    });
    expect(await keysOf(t.ctx, client.id)).toEqual([]);
    const ok = await postKeyed(t, clientSession, 'retry-me', fields);
    expect(ok.statusCode).toBe(201);
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toHaveLength(1);
  });

  it('answers a key sent with a duplicate entry 409, stores nothing, and the key still works for another save', async () => {
    const { client, program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    expect((await submitFeedback(t, clientSession, fields)).statusCode).toBe(201);
    const before = stored();
    const dup = await postKeyed(t, clientSession, 'dup', fields, [fixtureFile('media', FIXTURES.jpeg)]);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: FEEDBACK_TEXTS.feedbackDuplicate, code: 'conflict' });
    expect(await keysOf(t.ctx, client.id)).toEqual([]);
    expect(stored()).toBe(before);
    const next = await postKeyed(t, clientSession, 'dup', feedbackFields(t.ctx, program.exerciseIds[1]!));
    expect(next.statusCode).toBe(201);
  });
});

describe('a refused upload with a key', () => {
  it('answers 413 for a file over 50 MB and 400 for a body cut off half-way, keeping no file and no key', async () => {
    const { client, program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    const before = stored();
    const big = {
      name: 'media',
      filename: 'long.mp4',
      contentType: 'video/mp4',
      data: Buffer.alloc(LIMITS.mediaMaxBytes + 1),
    };
    const tooLarge = await postKeyed(t, clientSession, 'big', fields, [big]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      error: VALIDATION_TEXTS.fileTooLarge,
      code: 'payload_too_large',
    });

    const { payload, headers } = programForm(fields, [fixtureFile('media', FIXTURES.mp4)]);
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/feedback/',
      headers: { ...clientSession.headers, ...headers, 'idempotency-key': 'cut' },
      payload: payload.subarray(0, payload.length - 2000),
      remoteAddress: nextIp(),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ error: 'The upload could not be read. Please try again.' });
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toEqual([]);
    expect(await keysOf(t.ctx, client.id)).toEqual([]);
    expect(stored()).toBe(before);
    expect(tempFilesIn(dataDir)).toEqual([]);
    // The whole video with the same key is then saved.
    const whole = await postKeyed(t, clientSession, 'cut', fields, [fixtureFile('media', FIXTURES.mp4)]);
    expect(whole.statusCode).toBe(201);
    expect(stored()).toBe(before + 1);
  });
});

describe('an entry gone since the first answer', () => {
  it('answers a repeat 404 once the program (and its feedback) is deleted', async () => {
    const { therapist, program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    expect((await postKeyed(t, clientSession, 'gone', fields)).statusCode).toBe(201);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/programs/${program.id}/`,
      headers: (await login(t, therapist)).headers,
      remoteAddress: nextIp(),
    });
    expect(deleted.statusCode).toBe(204);
    const again = await postKeyed(t, clientSession, 'gone', fields);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: ERROR_TEXTS.notFound, code: 'not_found' });
  });
});
