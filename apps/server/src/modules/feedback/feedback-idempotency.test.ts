import { and, eq } from 'drizzle-orm';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { FEEDBACK_TEXTS } from '@hep/shared/texts/feedback';
import { describe, expect, it } from 'vitest';
import { ZSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import { auditLog } from '../../db/schema/audit-log';
import { buildCareTeam, login } from '../../../test/factories';
import {
  buildDailyProgram,
  buildFeedbackSetup,
  feedbackFields,
  feedbackRowsOf,
  givenFeedback,
  mediaIdOf,
  mediaRowsOf,
  storedFilesIn,
  tempFilesIn,
} from '../../../test/feedback-factories';
import { FIXTURES } from '../../../test/fixtures/media-fixtures';
import { nextIp, type TestApp } from '../../../test/helper';
import { fixtureFile } from '../../../test/program-factories';
import { keysOf, postKeyed, putKeyed, sendKeyed, withoutUrls } from './feedback-idempotency.test-support';
import { mediaTestApp } from '../../../test/media-test-app';

// docs/product/session.md#idempotency-key: POST /feedback/ and PUT /feedback/{id}/ with an Idempotency-Key. A repeat
// answers the first answer and creates nothing; the same key with other details answers 422.

let t: TestApp;
const { dataDir, stored, fetchUrl } = mediaTestApp((app) => (t = app));

const REUSED = { error: ERROR_TEXTS.idempotencyKeyReused, code: 'idempotency_key_reused' };
const INVALID_KEY = { error: ERROR_TEXTS.idempotencyKeyInvalid, code: 'validation_error' };
const auditsOf = (action: 'create' | 'update' | 'read', entryId: number) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'feedback'), eq(auditLog.action, action)))
    .then((rows) => rows.filter((r) => r.targetIds.includes(entryId)));

describe('POST /api/feedback/ sent twice with one key', () => {
  it('answers the first answer again (201, same body) and saves one entry', async () => {
    const { client, program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    const first = await postKeyed(t, clientSession, 'offline-1', fields);
    expect(first.statusCode).toBe(201);
    const again = await postKeyed(t, clientSession, 'offline-1', fields);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(ZSaveFeedbackResponse.parse(again.json()).message).toBe(FEEDBACK_TEXTS.feedbackSubmitted);
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toHaveLength(1);
    const id = first.json().feedback.id as number;
    expect(await auditsOf('create', id)).toHaveLength(1);
    // The repeat read the entry to answer it, and that read is in the audit log.
    expect(await auditsOf('read', id)).toMatchObject([
      { actorId: client.id, subjectUserId: client.id, details: { repeated_request: true } },
    ]);
    expect(await keysOf(t.ctx, client.id)).toMatchObject([
      {
        key: 'offline-1',
        statusCode: 201,
        response: { message: FEEDBACK_TEXTS.feedbackSubmitted, feedback_id: id },
      },
    ]);
  });

  it('with a photo: one entry, one media row, one stored file; the repeat carries a freshly signed URL', async () => {
    const { client, program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    const photo = [fixtureFile('media', FIXTURES.jpeg)];
    const before = stored();
    const first = await postKeyed(t, clientSession, 'with-photo', fields, photo);
    expect(first.statusCode).toBe(201);
    const firstBody = ZSaveFeedbackResponse.parse(first.json());
    expect(stored()).toBe(before + 1);

    // Two hours on, the first answer's URL has expired; the repeat's works.
    t.clock.advance(2 * 60 * 60 * 1000);
    const again = await postKeyed(t, await login(t, client), 'with-photo', fields, photo);
    expect(again.statusCode).toBe(201);
    const againBody = ZSaveFeedbackResponse.parse(again.json());
    expect(withoutUrls(againBody)).toEqual(withoutUrls(firstBody));
    expect(mediaIdOf(againBody.feedback.image_url)).toBe(mediaIdOf(firstBody.feedback.image_url));
    expect((await fetchUrl(firstBody.feedback.image_url!)).statusCode).toBe(404);
    expect((await fetchUrl(againBody.feedback.image_url!)).statusCode).toBe(200);

    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toHaveLength(1);
    expect(await mediaRowsOf(t.ctx, program.id)).toHaveLength(1);
    expect(stored()).toBe(before + 1);
    expect(tempFilesIn(dataDir)).toEqual([]);
  });

  it('is the same request with its fields in another order', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const { exercise, date_completed, effort_rating, feeling } = feedbackFields(
      t.ctx,
      program.exerciseIds[0]!,
    );
    const first = await postKeyed(t, clientSession, 'order', {
      exercise,
      date_completed,
      effort_rating,
      feeling,
    });
    const again = await postKeyed(t, clientSession, 'order', {
      feeling,
      effort_rating,
      date_completed,
      exercise,
    });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
  });

  it('takes a JSON body too', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const payload = feedbackFields(t.ctx, program.exerciseIds[0]!);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/feedback', // without the trailing slash: the same request
        payload,
        headers: { ...clientSession.headers, 'idempotency-key': 'json-1' },
        remoteAddress: nextIp(),
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toHaveLength(1);
  });
});

describe('PUT /api/feedback/{id}/ sent twice with one key', () => {
  it('answers 200 with the same body, changes the entry once and keeps one file', async () => {
    const { client, program, clientSession } = await buildFeedbackSetup(t);
    const entry = await givenFeedback(t, clientSession, feedbackFields(t.ctx, program.exerciseIds[0]!), [
      fixtureFile('media', FIXTURES.jpeg),
    ]);
    t.clock.advance(60_000);
    const edits = { effort_rating: 3, feeling: 'Easier today.' };
    const video = [fixtureFile('media', FIXTURES.mp4)];
    const first = await putKeyed(t, clientSession, entry.id, 'edit-1', edits, video);
    expect(first.statusCode).toBe(200);
    const firstBody = ZSaveFeedbackResponse.parse(first.json());
    expect(firstBody).toMatchObject({
      message: FEEDBACK_TEXTS.feedbackUpdated,
      feedback: { id: entry.id, effort_rating: 3, feeling: 'Easier today.', image_url: null },
    });
    const filesAfterFirst = storedFilesIn(dataDir).sort();

    t.clock.advance(60_000);
    const again = await putKeyed(t, clientSession, entry.id, 'edit-1', edits, video);
    expect(again.statusCode).toBe(200);
    const againBody = ZSaveFeedbackResponse.parse(again.json());
    expect(withoutUrls(againBody)).toEqual(withoutUrls(firstBody));
    // Not saved a second time: updated_at is the first save's, and the video is the first one's.
    expect(againBody.feedback.updated_at).toBe(firstBody.feedback.updated_at);
    expect(mediaIdOf(againBody.feedback.video_url)).toBe(mediaIdOf(firstBody.feedback.video_url));
    expect(await mediaRowsOf(t.ctx, program.id)).toHaveLength(1);
    expect(storedFilesIn(dataDir).sort()).toEqual(filesAfterFirst);
    expect(await auditsOf('update', entry.id)).toHaveLength(1);
    expect(await keysOf(t.ctx, client.id)).toMatchObject([{ key: 'edit-1', statusCode: 200 }]);
  });
});

describe('the same key with other details', () => {
  it('answers 422 for another body, another photo, or another method and path, and changes nothing', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    const first = await postKeyed(t, clientSession, 'k-422', fields, [fixtureFile('media', FIXTURES.jpeg)]);
    expect(first.statusCode).toBe(201);
    const id = first.json().feedback.id as number;
    const before = stored();

    const attempts = [
      postKeyed(t, clientSession, 'k-422', { ...fields, effort_rating: 9 }, [
        fixtureFile('media', FIXTURES.jpeg),
      ]),
      postKeyed(t, clientSession, 'k-422', fields, [fixtureFile('media', FIXTURES.png)]),
      postKeyed(t, clientSession, 'k-422', fields),
      putKeyed(t, clientSession, id, 'k-422', { effort_rating: 9, feeling: 'Other' }),
    ];
    for (const attempt of attempts) {
      const res = await attempt;
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(REUSED);
    }
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toMatchObject([
      { id, effortRating: 5, feeling: fields.feeling },
    ]);
    expect(await mediaRowsOf(t.ctx, program.id)).toHaveLength(1);
    expect(stored()).toBe(before);
    expect(tempFilesIn(dataDir)).toEqual([]);
  });

  it("is another user's own key: the same key from two clients saves both", async () => {
    const one = await buildFeedbackSetup(t);
    const team = await buildCareTeam(t.ctx);
    const program = await buildDailyProgram(t.ctx, team.client.id, team.therapist.id);
    const other = await login(t, team.client);
    const a = await postKeyed(
      t,
      one.clientSession,
      'shared-key',
      feedbackFields(t.ctx, one.program.exerciseIds[0]!),
    );
    const b = await postKeyed(t, other, 'shared-key', feedbackFields(t.ctx, program.exerciseIds[0]!));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().feedback).toMatchObject({ client: team.client.id, exercise: program.exerciseIds[0] });
    expect(b.json().feedback.id).not.toBe(a.json().feedback.id);
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toHaveLength(1);
    expect(await keysOf(t.ctx, team.client.id)).toHaveLength(1);
  });
});

describe('the Idempotency-Key header', () => {
  it('answers 400 for an empty key, one over 200 characters, or one with characters outside printable ASCII', async () => {
    const { client, program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    for (const key of ['', 'k'.repeat(201), 'café', 'tab\there']) {
      const res = await sendKeyed(t, clientSession, { method: 'POST', url: '/api/feedback/', key }, fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_KEY);
    }
    const entry = await givenFeedback(t, clientSession, fields);
    const put = await putKeyed(t, clientSession, entry.id, 'x'.repeat(201), {
      effort_rating: 2,
      feeling: '',
    });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual(INVALID_KEY);
    expect(await feedbackRowsOf(t.ctx, program.exerciseIds[0]!)).toMatchObject([{ effortRating: 5 }]);
    expect(await keysOf(t.ctx, client.id)).toEqual([]);
    // 200 printable characters, spaces and symbols included, is a good key.
    const longest = `${' ~!'.repeat(66)}ab`;
    const ok = await postKeyed(t, clientSession, longest, feedbackFields(t.ctx, program.exerciseIds[1]!));
    expect(ok.statusCode).toBe(201);
    expect(await keysOf(t.ctx, client.id)).toMatchObject([{ key: longest }]);
  });

  it('answers 401 without a token, 403 to a therapist, and 404 on an entry of another client', async () => {
    const { therapist, program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    const noToken = await postKeyed(t, null, 'k-auth', fields);
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toMatchObject({ code: 'unauthenticated' });
    const asTherapist = await postKeyed(t, await login(t, therapist), 'k-auth', fields);
    expect(asTherapist.statusCode).toBe(403);
    const entry = await givenFeedback(t, clientSession, fields);
    const stranger = await buildFeedbackSetup(t);
    const res = await putKeyed(t, stranger.clientSession, entry.id, 'k-auth', {
      effort_rating: 1,
      feeling: '',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ERROR_TEXTS.notFound, code: 'not_found' });
  });

  it('when absent, leaves the saves as they were: a second POST answers 409 and no key is kept', async () => {
    const { client, program, clientSession } = await buildFeedbackSetup(t);
    const fields = feedbackFields(t.ctx, program.exerciseIds[0]!);
    expect((await postKeyed(t, clientSession, undefined, fields)).statusCode).toBe(201);
    const again = await postKeyed(t, clientSession, undefined, fields);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: FEEDBACK_TEXTS.feedbackDuplicate, code: 'conflict' });
    expect(await keysOf(t.ctx, client.id)).toEqual([]);
  });
});
