import { and, eq } from 'drizzle-orm';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { FEEDBACK_TEXTS } from '@hep/shared/texts/feedback';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { describe, expect, it } from 'vitest';
import { ZFeedback, ZSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import { auditLog } from '../../db/schema/audit-log';
import { buildClient, buildClinic, buildStaff, login } from '../../../test/factories';
import {
  buildDailyProgram,
  buildFeedbackSetup,
  feedbackFields,
  feedbackRowsOf,
  makeDraft,
  markExerciseRemoved,
  mediaRowsOf,
  submitFeedback,
  tempFilesIn,
} from '../../../test/feedback-factories';
import { FIXTURES } from '../../../test/fixtures/media-fixtures';
import type { TestApp } from '../../../test/helper';
import { buildProgram, dayFrom, fixtureFile } from '../../../test/program-factories';
import { NOT_FOUND } from './feedback.test-support';
import { mediaTestApp } from '../../../test/media-test-app';

let t: TestApp;
const { dataDir, stored, fetchUrl } = mediaTestApp((app) => (t = app));

describe('POST /api/feedback/', () => {
  it('saves a photo with the effort and feeling, answers 201 with a signed URL, and audits the write', async () => {
    const { client, program, clientSession } = await buildFeedbackSetup(t);
    const exerciseId = program.exerciseIds[0]!;
    const res = await submitFeedback(
      t,
      clientSession,
      feedbackFields(t.ctx, exerciseId, { effort_rating: 7 }),
      [fixtureFile('media', FIXTURES.jpeg, 'image/jpeg')],
    );
    expect(res.statusCode).toBe(201);
    const body = ZSaveFeedbackResponse.parse(res.json());
    expect(body.message).toBe(FEEDBACK_TEXTS.feedbackSubmitted);
    expect(ZFeedback.strict().parse(res.json().feedback)).toEqual(body.feedback);
    expect(body.feedback).toMatchObject({
      exercise: exerciseId,
      exercise_name: 'Sit to stand',
      program: program.id,
      client: client.id,
      date_completed: dayFrom(t.ctx),
      effort_rating: 7,
      feeling: 'Legs were tired by the end.',
      video_url: null,
    });
    const photo = await fetchUrl(body.feedback.image_url!);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(await mediaRowsOf(t.ctx, program.id)).toMatchObject([{ kind: 'image', ownerId: client.id }]);
    expect(await feedbackRowsOf(t.ctx, exerciseId)).toMatchObject([
      { programId: program.id, clientId: client.id, effortRating: 7 },
    ]);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'feedback'), eq(auditLog.actorId, client.id)));
    expect(audits).toMatchObject([
      {
        action: 'create',
        targetIds: [body.feedback.id],
        subjectUserId: client.id,
        details: { program_id: program.id, exercise_id: exerciseId, with_media: true },
      },
    ]);
    expect(JSON.stringify(audits)).not.toContain('tired');
    expect(tempFilesIn(dataDir)).toEqual([]);
  });

  it('takes an MP4 as video_url, accepts PNG, GIF, AVI and MOV, and saves without media too', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t, {
      exercises: ['mp4', 'png', 'gif', 'avi', 'mov', 'none'].map((name) => ({ name })),
    });
    const [mp4, png, gif, avi, mov, none] = program.exerciseIds as [number, ...number[]];
    const send = (id: number, fixture: string) =>
      submitFeedback(t, clientSession, feedbackFields(t.ctx, id), [fixtureFile('media', fixture)]);
    const video = ZSaveFeedbackResponse.parse((await send(mp4, FIXTURES.mp4)).json()).feedback;
    expect(video.image_url).toBeNull();
    expect((await fetchUrl(video.video_url!)).headers['content-type']).toBe('video/mp4');
    for (const [id, fixture] of [
      [png, FIXTURES.png],
      [gif, FIXTURES.gif],
      [avi, FIXTURES.avi],
      [mov, FIXTURES.mov],
    ] as const) {
      expect((await send(id!, fixture)).statusCode).toBe(201);
    }
    const plain = await submitFeedback(t, clientSession, feedbackFields(t.ctx, none!, { feeling: '' }));
    expect(plain.statusCode).toBe(201);
    expect(plain.json().feedback).toMatchObject({ feeling: '', image_url: null, video_url: null });
  });

  it('answers each validation message and creates nothing', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const exerciseId = program.exerciseIds[0]!;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ exercise: undefined }, { exercise: VALIDATION_TEXTS.required }],
      [{ exercise: 'abc' }, { exercise: 'Enter a valid id.' }],
      [{ date_completed: '' }, { date_completed: VALIDATION_TEXTS.required }],
      [{ date_completed: '2025-02-30' }, { date_completed: VALIDATION_TEXTS.invalidDate }],
      [{ effort_rating: '' }, { effort_rating: FEEDBACK_TEXTS.effortRequired }],
      [{ effort_rating: 11 }, { effort_rating: FEEDBACK_TEXTS.effortInvalid }],
      [{ effort_rating: -1 }, { effort_rating: FEEDBACK_TEXTS.effortInvalid }],
      [{ effort_rating: 2.5 }, { effort_rating: FEEDBACK_TEXTS.effortInvalid }],
      [{ feeling: 'x'.repeat(2001) }, { feeling: VALIDATION_TEXTS.tooLong }],
    ];
    for (const [change, fields] of cases) {
      const res = await submitFeedback(t, clientSession, feedbackFields(t.ctx, exerciseId, change));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: Object.values(fields)[0], code: 'validation_error', fields });
    }
    expect(await feedbackRowsOf(t.ctx, exerciseId)).toEqual([]);
  });

  it('accepts effort 0 ("not rated") and 10', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    for (const [index, effort] of [0, 10].entries()) {
      const fields = feedbackFields(t.ctx, program.exerciseIds[index]!, { effort_rating: effort });
      const res = await submitFeedback(t, clientSession, fields);
      expect(res.json().feedback.effort_rating).toBe(effort);
    }
  });

  it('answers 401 without a token and 403 to the therapist and staff, storing no file', async () => {
    const { therapist, program } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    const before = stored();
    const anonymous = await submitFeedback(t, null, fields);
    expect(anonymous.statusCode).toBe(401);
    for (const user of [therapist, await buildStaff(t.ctx)]) {
      const res = await submitFeedback(t, await login(t, user), fields, [
        fixtureFile('media', FIXTURES.jpeg),
      ]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
    }
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toEqual([]);
    expect(stored()).toBe(before);
  });

  it("answers 404 for another client's exercise, another clinic's, an unknown one, a draft and a removed one", async () => {
    const { clinicId, therapist, program, clientSession } = await buildFeedbackSetup(t);
    const sameClinic = await buildClient(t.ctx, clinicId, therapist.id);
    const otherClinic = await buildClient(t.ctx, await buildClinic(t.ctx), null);
    const draft = await buildDailyProgram(t.ctx, sameClinic.id, therapist.id, { isDraft: true });
    const exerciseId = program.exerciseIds[0]!;
    for (const outsider of [sameClinic, otherClinic]) {
      const res = await submitFeedback(t, await login(t, outsider), feedbackFields(t.ctx, exerciseId));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const draftRes = await submitFeedback(
      t,
      await login(t, sameClinic),
      feedbackFields(t.ctx, draft.exerciseIds[0]!),
    );
    expect(draftRes.json()).toEqual(NOT_FOUND);
    expect((await submitFeedback(t, clientSession, feedbackFields(t.ctx, 999999))).statusCode).toBe(404);
    await markExerciseRemoved(t.ctx, program.exerciseIds[1]!);
    const removed = await submitFeedback(t, clientSession, feedbackFields(t.ctx, program.exerciseIds[1]!));
    expect(removed.json()).toEqual(NOT_FOUND);
    await makeDraft(t.ctx, program.id);
    expect((await submitFeedback(t, clientSession, feedbackFields(t.ctx, exerciseId))).statusCode).toBe(404);
    expect(await feedbackRowsOf(t.ctx, exerciseId)).toEqual([]);
  });

  it('answers 400 for a day the program does not prescribe', async () => {
    const { client, therapist } = await buildFeedbackSetup(t);
    const program = await buildProgram(t.ctx, client.id, therapist.id, {
      startDate: '2025-03-03',
      endDate: '2025-03-31',
      daysOfWeek: ['MON', 'WED'],
    });
    const session = await login(t, client);
    const expected = {
      error: FEEDBACK_TEXTS.feedbackNotPrescribed,
      code: 'validation_error',
      fields: { date_completed: FEEDBACK_TEXTS.feedbackNotPrescribed },
    };
    // A Tuesday, the Monday before the start, and the Wednesday after the end.
    for (const date of ['2025-03-04', '2025-02-24', '2025-04-02']) {
      const res = await submitFeedback(
        t,
        session,
        feedbackFields(t.ctx, program.exerciseIds[0]!, { date_completed: date }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    const monday = feedbackFields(t.ctx, program.exerciseIds[0]!, { date_completed: '2025-03-10' });
    expect((await submitFeedback(t, session, monday)).statusCode).toBe(201);
  });

  it('refuses a date after tomorrow (UTC) until the clock passes midnight UTC', async () => {
    const { client, therapist } = await buildFeedbackSetup(t);
    const program = await buildDailyProgram(t.ctx, client.id, therapist.id, {
      startDate: '2025-03-01',
      endDate: '2025-03-31',
    });
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!, { date_completed: '2025-03-06' });
    const real = t.ctx.now();
    try {
      t.clock.set('2025-03-04T23:59:59.000Z');
      const session = await login(t, client);
      const early = await submitFeedback(t, session, fields);
      expect(early.statusCode).toBe(400);
      expect(early.json()).toMatchObject({
        error: FEEDBACK_TEXTS.feedbackTooEarly,
        fields: { date_completed: FEEDBACK_TEXTS.feedbackTooEarly },
      });
      t.clock.advance(1000);
      expect((await submitFeedback(t, session, fields)).statusCode).toBe(201);
    } finally {
      t.clock.set(real);
    }
  });
});
