import path from 'node:path';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { FEEDBACK_TEXTS } from '@hep/shared/texts/feedback';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@hep/shared/limits';
import { LIMIT } from '../../plugins/rate-limit';
import { login, type Session } from '../../../test/factories';
import {
  buildFeedbackSetup,
  feedbackFields,
  feedbackRowsOf,
  givenFeedback,
  mediaRowsOf,
  storedFilesIn,
  submitFeedback,
  tempFilesIn,
} from '../../../test/feedback-factories';
import { FIXTURES, withUploadsBlocked } from '../../../test/fixtures/media-fixtures';
import { nextIp, type TestApp } from '../../../test/helper';
import { fixtureFile, programForm } from '../../../test/program-factories';
import { mediaTestApp } from '../../../test/media-test-app';

// POST /feedback/ with files: duplicates and races, refused uploads, limits, and the files' lifetime.

let t: TestApp;
const { dataDir, stored } = mediaTestApp((app) => (t = app));

const DUPLICATE = { error: FEEDBACK_TEXTS.feedbackDuplicate, code: 'conflict' };

describe('a second submit for the same exercise and day', () => {
  it('answers 409, creates nothing and keeps none of its file', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    await givenFeedback(t, clientSession, fields, [fixtureFile('media', FIXTURES.jpeg)]);
    const before = stored();
    const again = await submitFeedback(t, clientSession, { ...fields, effort_rating: 2 }, [
      fixtureFile('media', FIXTURES.mp4),
    ]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(DUPLICATE);
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toMatchObject([{ effortRating: 5 }]);
    expect(await mediaRowsOf(t.ctx, program.id)).toHaveLength(1);
    expect(stored()).toBe(before);
    // Another exercise, or the same one on another day, is a new entry.
    expect(
      (await submitFeedback(t, clientSession, feedbackFields(t.ctx, program.exerciseIds[1]!))).statusCode,
    ).toBe(201);
  });

  it('lets exactly one of two concurrent submits win; the other leaves no row and no file', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    const before = stored();
    const results = await Promise.all(
      [FIXTURES.jpeg, FIXTURES.png].map((fixture) =>
        submitFeedback(t, clientSession, fields, [fixtureFile('media', fixture)]),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual(DUPLICATE);
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toHaveLength(1);
    expect(await mediaRowsOf(t.ctx, program.id)).toHaveLength(1);
    expect(stored()).toBe(before + 1);
    expect(tempFilesIn(dataDir)).toEqual([]);
  });
});

describe('refused uploads', () => {
  it('answers 413 for a file over 50 MB and keeps nothing', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const before = stored();
    const res = await submitFeedback(t, clientSession, feedbackFields(t.ctx, program.exerciseIds[0]!), [
      {
        name: 'media',
        filename: 'long.mp4',
        contentType: 'video/mp4',
        data: Buffer.alloc(LIMITS.mediaMaxBytes + 1),
      },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: VALIDATION_TEXTS.fileTooLarge, code: 'payload_too_large' });
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toEqual([]);
    expect(stored()).toBe(before);
    expect(tempFilesIn(dataDir)).toEqual([]);
  });

  it('answers 400 with the feedback media message for a type the feedback form does not take', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const before = stored();
    const expected = {
      error: FEEDBACK_TEXTS.feedbackMediaInvalid,
      code: 'validation_error',
      fields: { media: FEEDBACK_TEXTS.feedbackMediaInvalid },
    };
    // Text named .jpg, and WebP / WebM, which exercise media allows but feedback does not.
    for (const fixture of [FIXTURES.textAsJpeg, FIXTURES.webp, FIXTURES.webm]) {
      const res = await submitFeedback(t, clientSession, feedbackFields(t.ctx, program.exerciseIds[0]!), [
        fixtureFile('media', fixture, 'image/jpeg'),
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toEqual([]);
    expect(stored()).toBe(before);
  });

  it('answers 400 for a file under another field name, and for a body cut off half-way', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    const before = stored();
    const stray = await submitFeedback(t, clientSession, fields, [fixtureFile('image', FIXTURES.jpeg)]);
    expect(stray.statusCode).toBe(400);
    expect(stray.json().fields).toEqual({ image: 'Unexpected file.' });

    const { payload, headers } = programForm(fields, [fixtureFile('media', FIXTURES.mp4)]);
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/feedback/',
      headers: { ...clientSession.headers, ...headers },
      payload: payload.subarray(0, payload.length - 2000),
      remoteAddress: nextIp(),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ error: 'The upload could not be read. Please try again.' });
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toEqual([]);
    expect(stored()).toBe(before);
    expect(tempFilesIn(dataDir)).toEqual([]);
  });

  it(`answers 429 with Retry-After after ${LIMIT.uploads.max} submits a minute from one address`, async () => {
    const remoteAddress = nextIp();
    const send = () => t.app.inject({ method: 'POST', url: '/api/feedback/', remoteAddress, payload: {} });
    for (let i = 0; i < LIMIT.uploads.max; i += 1) expect((await send()).statusCode).toBe(401);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('an upload on an exercise outside the scope', () => {
  it('answers 404 (403 to the therapist) before the file is written, leaving nothing in the store or upload folder', async () => {
    const { therapist, program, clientSession } = await buildFeedbackSetup(t);
    const other = await buildFeedbackSetup(t);
    const send = (session: Session, exerciseId: number) =>
      submitFeedback(t, session, feedbackFields(t.ctx, exerciseId), [fixtureFile('media', FIXTURES.jpeg)]);
    const before = stored();
    await withUploadsBlocked(dataDir, async () => {
      for (const exerciseId of [other.program.exerciseIds[0]!, 999999]) {
        const res = await send(clientSession, exerciseId);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: ERROR_TEXTS.notFound, code: 'not_found' });
      }
      expect((await send(await login(t, therapist), program.exerciseIds[0]!)).statusCode).toBe(403);
      // The control: on the client's own exercise the same request does write, and the blocked folder fails it.
      expect((await send(clientSession, program.exerciseIds[0]!)).statusCode).toBe(500);
    });
    expect(stored()).toBe(before);
    expect(tempFilesIn(dataDir)).toEqual([]);
    expect(await feedbackRowsOf(t.ctx, other.program.exerciseIds[0]!)).toEqual([]);
  });
});

describe('deleting the program', () => {
  it("removes the feedback, its media rows and the clients' files", async () => {
    const { therapist, program, clientSession } = await buildFeedbackSetup(t);
    const entry = await givenFeedback(t, clientSession, feedbackFields(t.ctx, program.exerciseIds[0]!), [
      fixtureFile('media', FIXTURES.mp4),
    ]);
    const [row] = await mediaRowsOf(t.ctx, program.id);
    const file = (name: string) => storedFilesIn(dataDir).filter((f) => path.basename(f) === name);
    expect(file(row!.storageKey)).toHaveLength(1);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/programs/${program.id}/`,
      headers: (await login(t, therapist)).headers,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(204);
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toEqual([]);
    expect(await mediaRowsOf(t.ctx, program.id)).toEqual([]);
    expect(file(row!.storageKey)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: entry.video_url!, remoteAddress: nextIp() })).statusCode,
    ).toBe(404);
  });
});
