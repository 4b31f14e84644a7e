import path from 'node:path';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { FEEDBACK_TEXTS } from '@hep/shared/texts/feedback';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@hep/shared/limits';
import { ZSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import { auditLog } from '../../db/schema/audit-log';
import { buildClient, buildStaff, login } from '../../../test/factories';
import {
  buildDailyProgram,
  buildFeedbackSetup,
  feedbackFields,
  feedbackRowsOf,
  givenFeedback,
  makeDraft,
  markExerciseRemoved,
  mediaIdOf,
  mediaRowsOf,
  storedFilesIn,
  tempFilesIn,
  updateFeedback,
} from '../../../test/feedback-factories';
import { FIXTURES } from '../../../test/fixtures/media-fixtures';
import type { TestApp } from '../../../test/helper';
import { dayFrom, fixtureFile } from '../../../test/program-factories';
import { NOT_FOUND } from './feedback.test-support';
import { mediaTestApp } from '../../../test/media-test-app';

let t: TestApp;
const { dataDir, fetchUrl } = mediaTestApp((app) => (t = app));

const storedNames = () => storedFilesIn(dataDir).map((f) => path.basename(f));

/** A client's entry on the first exercise of a daily program, with a photo. */
async function entryWithPhoto() {
  const setup = await buildFeedbackSetup(t);
  const entry = await givenFeedback(
    t,
    setup.clientSession,
    feedbackFields(t.ctx, setup.program.exerciseIds[0]!),
    [fixtureFile('media', FIXTURES.jpeg)],
  );
  return { ...setup, entry };
}

describe('PUT /api/feedback/{id}/', () => {
  it('changes effort and feeling and keeps the photo when no new file is chosen', async () => {
    const { client, clientSession, program, entry } = await entryWithPhoto();
    t.clock.advance(60_000);
    const edits = { effort_rating: 3, feeling: 'Easier today.' };
    // Without a media part, and with the empty part a browser sends for an untouched file input.
    for (const files of [[], [{ name: 'media', filename: '', data: '' }]]) {
      const res = await updateFeedback(t, clientSession, entry.id, edits, files);
      expect(res.statusCode).toBe(200);
      const body = ZSaveFeedbackResponse.parse(res.json());
      expect(body.message).toBe(FEEDBACK_TEXTS.feedbackUpdated);
      expect(body.feedback).toMatchObject({ id: entry.id, effort_rating: 3, feeling: 'Easier today.' });
      expect(mediaIdOf(body.feedback.image_url)).toBe(mediaIdOf(entry.image_url));
      expect(body.feedback.updated_at > entry.updated_at).toBe(true);
      expect(body.feedback.created_at).toBe(entry.created_at);
    }
    expect(await mediaRowsOf(t.ctx, program.id)).toHaveLength(1);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'feedback'), eq(auditLog.action, 'update')));
    expect(audits.filter((a) => a.targetIds.includes(entry.id))).toMatchObject([
      { actorId: client.id, subjectUserId: client.id, details: { with_media: false } },
      { actorId: client.id, subjectUserId: client.id, details: { with_media: false } },
    ]);
  });

  it('replaces the photo with a video: the old row, file and URL are gone after the save', async () => {
    const { clientSession, program, entry } = await entryWithPhoto();
    const [old] = await mediaRowsOf(t.ctx, program.id);
    expect(storedNames()).toContain(old!.storageKey);
    const res = await updateFeedback(t, clientSession, entry.id, { effort_rating: 6 }, [
      fixtureFile('media', FIXTURES.mp4),
    ]);
    expect(res.statusCode).toBe(200);
    const saved = ZSaveFeedbackResponse.parse(res.json()).feedback;
    expect(saved.image_url).toBeNull();
    expect((await fetchUrl(saved.video_url!)).headers['content-type']).toBe('video/mp4');
    expect(await mediaRowsOf(t.ctx, program.id)).toMatchObject([
      { id: mediaIdOf(saved.video_url), kind: 'video' },
    ]);
    expect(storedNames()).not.toContain(old!.storageKey);
    expect((await fetchUrl(entry.image_url!)).statusCode).toBe(404);
    expect(tempFilesIn(dataDir)).toEqual([]);
  });

  it('accepts the entry its own exercise and date, and refuses to move it to another', async () => {
    const { clientSession, program, entry } = await entryWithPhoto();
    const same = { exercise: entry.exercise, date_completed: entry.date_completed, effort_rating: 4 };
    expect((await updateFeedback(t, clientSession, entry.id, same)).statusCode).toBe(200);
    for (const [change, field] of [
      [{ exercise: program.exerciseIds[1]! }, 'exercise'],
      [{ date_completed: dayFrom(t.ctx, -1) }, 'date_completed'],
    ] as const) {
      const res = await updateFeedback(t, clientSession, entry.id, { ...same, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: FEEDBACK_TEXTS.feedbackExerciseMismatch,
        code: 'validation_error',
        fields: { [field]: FEEDBACK_TEXTS.feedbackExerciseMismatch },
      });
    }
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toMatchObject([{ effortRating: 4 }]);
  });

  it('answers the validation messages of the form', async () => {
    const { clientSession, entry } = await entryWithPhoto();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { effort_rating: FEEDBACK_TEXTS.effortRequired }],
      [{ effort_rating: 12 }, { effort_rating: FEEDBACK_TEXTS.effortInvalid }],
      [{ effort_rating: 5, feeling: 'x'.repeat(2001) }, { feeling: VALIDATION_TEXTS.tooLong }],
      [{ effort_rating: 5, date_completed: '2025-13-01' }, { date_completed: VALIDATION_TEXTS.invalidDate }],
    ];
    for (const [fields, expected] of cases) {
      const res = await updateFeedback(t, clientSession, entry.id, fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: Object.values(expected)[0],
        code: 'validation_error',
        fields: expected,
      });
    }
  });

  it('answers 401, 403 to the therapist and staff, and 404 to another client or for an unknown entry', async () => {
    const { clinicId, therapist, entry } = await entryWithPhoto();
    const fields = { effort_rating: 1 };
    expect((await updateFeedback(t, null, entry.id, fields)).statusCode).toBe(401);
    for (const user of [therapist, await buildStaff(t.ctx)]) {
      const res = await updateFeedback(t, await login(t, user), entry.id, fields);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
    }
    const other = await buildClient(t.ctx, clinicId, therapist.id);
    await buildDailyProgram(t.ctx, other.id, therapist.id);
    const otherSession = await login(t, other);
    expect((await updateFeedback(t, otherSession, entry.id, fields)).json()).toEqual(NOT_FOUND);
    expect((await updateFeedback(t, otherSession, 999999, fields)).statusCode).toBe(404);
    expect(await feedbackRowsOf(t.ctx, entry.exercise)).toMatchObject([{ effortRating: 5 }]);
  });

  it('answers 404 once the exercise is removed or the program is a draft again', async () => {
    const first = await entryWithPhoto();
    await markExerciseRemoved(t.ctx, first.entry.exercise);
    const removed = await updateFeedback(t, first.clientSession, first.entry.id, { effort_rating: 1 });
    expect(removed.json()).toEqual(NOT_FOUND);
    const second = await entryWithPhoto();
    await makeDraft(t.ctx, second.program.id);
    const draft = await updateFeedback(t, second.clientSession, second.entry.id, { effort_rating: 1 });
    expect(draft.json()).toEqual(NOT_FOUND);
  });

  it('keeps the current photo when the new file is refused (413 or wrong type) and leaves no new file', async () => {
    const { clientSession, program, entry } = await entryWithPhoto();
    const before = storedNames();
    const huge = await updateFeedback(t, clientSession, entry.id, { effort_rating: 2 }, [
      { name: 'media', filename: 'long.mov', data: Buffer.alloc(LIMITS.mediaMaxBytes + 1) },
    ]);
    expect(huge.statusCode).toBe(413);
    const wrong = await updateFeedback(t, clientSession, entry.id, { effort_rating: 2 }, [
      fixtureFile('media', FIXTURES.webp),
    ]);
    expect(wrong.json()).toMatchObject({ error: FEEDBACK_TEXTS.feedbackMediaInvalid });
    expect(storedNames().sort()).toEqual(before.sort());
    expect(await mediaRowsOf(t.ctx, program.id)).toMatchObject([{ id: mediaIdOf(entry.image_url) }]);
    expect(await feedbackRowsOf(t.ctx, entry.exercise)).toMatchObject([{ effortRating: 5 }]);
    expect((await fetchUrl(entry.image_url!)).statusCode).toBe(200);
  });
});
