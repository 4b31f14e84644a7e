import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_TEXTS } from '@hep/shared/texts/feedback';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import {
  ZFeedback,
  ZPreviousFeedbackResponse,
  ZSaveFeedbackResponse,
  type TFeedback,
} from '@hep/shared/schemas/feedback';
import { login } from '../../../test/factories';
import {
  buildFeedbackSetup,
  feedbackFields,
  feedbackRowsOf,
  getAs,
  givenFeedback,
  markExerciseRemoved,
  submitFeedback,
  updateFeedback,
} from '../../../test/feedback-factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { postKeyed } from './feedback-idempotency.test-support';
import { dayFrom } from '../../../test/program-factories';

// docs/product/feedback-and-progress.md#pain: the optional pain (0-10) on feedback, and the previous reports the
// client's All done compares with.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PAIN_ERROR = {
  error: FEEDBACK_TEXTS.painInvalid,
  code: 'validation_error',
  fields: { pain: FEEDBACK_TEXTS.painInvalid },
};

const entryOf = (res: { json: () => unknown }): TFeedback =>
  ZFeedback.strict().parse((res.json() as { feedback: unknown }).feedback);

describe('pain on POST and PUT /api/feedback/', () => {
  it('saves a pain, returns it on every read, changes it and clears it', async () => {
    const { therapist, program, clientSession } = await buildFeedbackSetup(t);
    const exerciseId = program.exerciseIds[0]!;
    const created = await submitFeedback(t, clientSession, feedbackFields(t.ctx, exerciseId, { pain: 6 }));
    expect(created.statusCode).toBe(201);
    const entry = entryOf(created);
    expect(entry.pain).toBe(6);
    expect(await feedbackRowsOf(t.ctx, exerciseId)).toMatchObject([{ pain: 6 }]);

    // The exercise's history and the program's day, for the client and for their therapist.
    const therapistSession = await login(t, therapist);
    for (const session of [clientSession, therapistSession]) {
      const history = await getAs(t, session, `/api/feedback/?exercise=${exerciseId}`);
      expect(history.json()).toMatchObject([{ id: entry.id, pain: 6 }]);
      const day = await getAs(
        t,
        session,
        `/api/program-feedback/?program=${program.id}&date_completed=${dayFrom(t.ctx)}`,
      );
      expect(day.json()).toMatchObject([{ id: entry.id, pain: 6 }]);
    }

    const changed = await updateFeedback(t, clientSession, entry.id, { effort_rating: 4, pain: 0 });
    expect(changed.statusCode).toBe(200);
    expect(entryOf(changed)).toMatchObject({ effort_rating: 4, pain: 0 });

    // A PUT without pain: the client no longer gives one (the form's "No answer").
    const cleared = await updateFeedback(t, clientSession, entry.id, { effort_rating: 4 });
    expect(cleared.statusCode).toBe(200);
    expect(ZSaveFeedbackResponse.parse(cleared.json()).feedback.pain).toBeNull();
    expect(await feedbackRowsOf(t.ctx, exerciseId)).toMatchObject([{ pain: null }]);
  });

  it('takes a left-out or blank pain as none, and 0 and 10 as given, in a form and in JSON', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const [first, second] = program.exerciseIds;
    const none = await submitFeedback(t, clientSession, feedbackFields(t.ctx, first!));
    expect(entryOf(none).pain).toBeNull();
    const blank = await submitFeedback(t, clientSession, feedbackFields(t.ctx, second!, { pain: '' }));
    expect(entryOf(blank).pain).toBeNull();

    const json = (fields: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/feedback/',
        headers: clientSession.headers,
        payload: fields,
        remoteAddress: nextIp(),
      });
    for (const [days, pain] of [
      [-1, 0],
      [-2, 10],
    ] as const) {
      const res = await json({
        ...feedbackFields(t.ctx, first!),
        date_completed: dayFrom(t.ctx, days),
        pain,
      });
      expect(res.statusCode).toBe(201);
      expect(entryOf(res).pain).toBe(pain);
    }
    const nullPain = await json({
      ...feedbackFields(t.ctx, second!),
      date_completed: dayFrom(t.ctx, -1),
      pain: null,
    });
    expect(entryOf(nullPain).pain).toBeNull();
  });

  it('answers 400 on the pain field for anything but a whole number from 0 to 10, saving nothing', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const exerciseId = program.exerciseIds[0]!;
    for (const pain of [-1, 11, 2.5, 'abc']) {
      const res = await submitFeedback(t, clientSession, feedbackFields(t.ctx, exerciseId, { pain }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(PAIN_ERROR);
    }
    expect(await feedbackRowsOf(t.ctx, exerciseId)).toEqual([]);

    const entry = await givenFeedback(t, clientSession, feedbackFields(t.ctx, exerciseId, { pain: 3 }));
    for (const pain of [-1, 11, 2.5, 'abc']) {
      const res = await updateFeedback(t, clientSession, entry.id, { effort_rating: 5, pain });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(PAIN_ERROR);
    }
    expect(await feedbackRowsOf(t.ctx, exerciseId)).toMatchObject([{ pain: 3 }]);
  });

  it('counts the pain in an Idempotency-Key request: the same key with another pain answers 422', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!, { pain: 3 });
    const key = 'pain-key-0001';
    expect((await postKeyed(t, clientSession, key, fields)).statusCode).toBe(201);
    const repeat = await postKeyed(t, clientSession, key, fields);
    expect(repeat.statusCode).toBe(201);
    expect(entryOf(repeat).pain).toBe(3);
    const other = await postKeyed(t, clientSession, key, { ...fields, pain: 4 });
    expect(other.statusCode).toBe(422);
  });
});

describe('GET /api/feedback/previous/', () => {
  it("answers each current exercise's latest entry before the date", async () => {
    const { therapist, program, clientSession } = await buildFeedbackSetup(t, {
      exercises: [
        { name: 'Sit to stand', instructions: 'Stand up.' },
        { name: 'Heel raises', instructions: 'Rise.' },
        { name: 'Side steps', instructions: 'Step.' },
        { name: 'Arm reach', instructions: 'Reach.' },
      ],
    });
    const [sit, heel, side, arm] = program.exerciseIds as [number, number, number, number];
    const give = (exercise: number, days: number, effort: number, pain?: number) =>
      givenFeedback(t, clientSession, {
        ...feedbackFields(t.ctx, exercise, { effort_rating: effort }),
        date_completed: dayFrom(t.ctx, days),
        ...(pain === undefined ? {} : { pain }),
      });
    await give(sit, -3, 8, 5);
    await give(sit, -1, 7, 6);
    await give(sit, 0, 4, 2);
    await give(heel, -2, 3);
    await give(arm, -1, 5, 1);
    await markExerciseRemoved(t.ctx, arm);

    const url = `/api/feedback/previous/?program=${program.id}&date=${dayFrom(t.ctx)}`;
    for (const session of [clientSession, await login(t, therapist)]) {
      const res = await getAs(t, session, url);
      expect(res.statusCode).toBe(200);
      const reports = ZPreviousFeedbackResponse.parse(res.json());
      // Today's entry is not "previous"; side steps has none; arm reach was taken out of the program.
      expect(reports.sort((a, b) => a.exercise - b.exercise)).toEqual([
        { exercise: sit, date_completed: dayFrom(t.ctx, -1), effort_rating: 7, pain: 6 },
        { exercise: heel, date_completed: dayFrom(t.ctx, -2), effort_rating: 3, pain: null },
      ]);
      expect(reports.some((r) => r.exercise === side)).toBe(false);
    }
    const earlier = await getAs(
      t,
      clientSession,
      `/api/feedback/previous/?program=${program.id}&date=${dayFrom(t.ctx, -1)}`,
    );
    expect(earlier.json()).toEqual(
      expect.arrayContaining([
        { exercise: sit, date_completed: dayFrom(t.ctx, -3), effort_rating: 8, pain: 5 },
      ]),
    );
  });

  it('answers 400 without a program or date, 401 without a token and 404 for a program out of scope', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const other = await buildFeedbackSetup(t);
    const bad = await getAs(
      t,
      clientSession,
      `/api/feedback/previous/?program=${program.id}&date=2025-02-30`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ date: VALIDATION_TEXTS.invalidDate });
    expect((await getAs(t, clientSession, '/api/feedback/previous/')).statusCode).toBe(400);
    const url = `/api/feedback/previous/?program=${program.id}&date=${dayFrom(t.ctx)}`;
    expect((await getAs(t, null, url)).statusCode).toBe(401);
    const foreign = await getAs(t, other.clientSession, url);
    expect(foreign.statusCode).toBe(404);
  });
});
