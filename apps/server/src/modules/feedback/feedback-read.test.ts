import { and, eq } from 'drizzle-orm';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { describe, expect, it } from 'vitest';
import { ZFeedback } from '@hep/shared/schemas/feedback';
import { auditLog } from '../../db/schema/audit-log';
import { buildClient, buildClinic, buildStaff, buildTherapist, login } from '../../../test/factories';
import {
  buildDailyProgram,
  buildFeedbackSetup,
  feedbackFields,
  getAs,
  givenFeedback,
  makeDraft,
  markExerciseRemoved,
} from '../../../test/feedback-factories';
import { FIXTURES } from '../../../test/fixtures/media-fixtures';
import type { TestApp } from '../../../test/helper';
import { buildFeedback, dayFrom, fixtureFile } from '../../../test/program-factories';
import { NOT_FOUND } from './feedback.test-support';
import { mediaTestApp } from '../../../test/media-test-app';

let t: TestApp;
const { fetchUrl } = mediaTestApp((app) => (t = app));

const datesOf = (body: { date_completed: string }[]) => body.map((f) => f.date_completed);

/** A daily program of three exercises with feedback on the first and third today, and on the second yesterday. */
async function programWithDay() {
  const setup = await buildFeedbackSetup(t, {
    exercises: [{ name: 'One' }, { name: 'Two' }, { name: 'Three' }],
  });
  const [one, two, three] = setup.program.exerciseIds as [number, number, number];
  const today = dayFrom(t.ctx);
  await buildFeedback(t.ctx, three, { dateCompleted: today, effortRating: 8 });
  await buildFeedback(t.ctx, one, { dateCompleted: today, effortRating: 2 });
  await buildFeedback(t.ctx, two, { dateCompleted: dayFrom(t.ctx, -1) });
  return { ...setup, one, two, three, today };
}

describe('GET /api/feedback/?exercise=', () => {
  it('lists the entries newest day first, and only that day with date_completed', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const exerciseId = program.exerciseIds[0]!;
    for (const days of [-3, 0, -6, -1]) {
      await buildFeedback(t.ctx, exerciseId, { dateCompleted: dayFrom(t.ctx, days), feeling: `Day ${days}` });
    }
    const res = await getAs(t, clientSession, `/api/feedback/?exercise=${exerciseId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((f: unknown) => ZFeedback.strict().parse(f))).toEqual(body);
    expect(datesOf(body)).toEqual([0, -1, -3, -6].map((d) => dayFrom(t.ctx, d)));
    expect(body[0]).toMatchObject({ exercise_name: 'Sit to stand', feeling: 'Day 0', image_url: null });
    const oneDay = await getAs(
      t,
      clientSession,
      `/api/feedback?exercise=${exerciseId}&date_completed=${dayFrom(t.ctx, -3)}`,
    );
    expect(oneDay.json()).toMatchObject([{ feeling: 'Day -3' }]);
    expect(
      (await getAs(t, clientSession, `/api/feedback/?exercise=${program.exerciseIds[1]}`)).json(),
    ).toEqual([]);
  });

  it("lists a program's day in exercise order, whatever order the entries came in", async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const [first, second] = program.exerciseIds as [number, number];
    await givenFeedback(t, clientSession, feedbackFields(t.ctx, second));
    t.clock.advance(5_000);
    await givenFeedback(t, clientSession, feedbackFields(t.ctx, first));
    const url = `/api/program-feedback/?program=${program.id}&date_completed=${dayFrom(t.ctx)}`;
    const day = await getAs(t, clientSession, url);
    expect(day.json().map((f: { exercise: number }) => f.exercise)).toEqual([first, second]);
  });

  it('shows the care team and staff the client feedback; other clinics, other clients and unknown ids get 404', async () => {
    const { clinicId, therapist, program } = await buildFeedbackSetup(t);
    const exerciseId = program.exerciseIds[0]!;
    await buildFeedback(t.ctx, exerciseId);
    const url = `/api/feedback/?exercise=${exerciseId}`;
    for (const viewer of [therapist, await buildTherapist(t.ctx, clinicId), await buildStaff(t.ctx)]) {
      const res = await getAs(t, await login(t, viewer), url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(1);
    }
    const outsider = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    const otherClient = await buildClient(t.ctx, clinicId, therapist.id);
    for (const viewer of [outsider, otherClient]) {
      const res = await getAs(t, await login(t, viewer), url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await getAs(t, await login(t, therapist), '/api/feedback/?exercise=999999')).statusCode).toBe(
      404,
    );
    expect((await getAs(t, null, url)).statusCode).toBe(401);
  });

  it("keeps a removed exercise's history readable, and hides a draft from its client only", async () => {
    const { therapist, program, clientSession } = await buildFeedbackSetup(t);
    const [removed, other] = program.exerciseIds as [number, number];
    await buildFeedback(t.ctx, removed);
    await markExerciseRemoved(t.ctx, removed);
    expect((await getAs(t, clientSession, `/api/feedback/?exercise=${removed}`)).json()).toHaveLength(1);
    await makeDraft(t.ctx, program.id);
    expect((await getAs(t, clientSession, `/api/feedback/?exercise=${other}`)).json()).toEqual(NOT_FOUND);
    const session = await login(t, therapist);
    expect((await getAs(t, session, `/api/feedback/?exercise=${other}`)).statusCode).toBe(200);
  });

  it('answers 400 for a missing exercise or a bad date', async () => {
    const { clientSession, program } = await buildFeedbackSetup(t);
    const missing = await getAs(t, clientSession, '/api/feedback/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'validation_error',
      fields: { exercise: 'Enter a valid id.' },
    });
    const badDate = await getAs(
      t,
      clientSession,
      `/api/feedback/?exercise=${program.exerciseIds[0]}&date_completed=soon`,
    );
    expect(badDate.json()).toMatchObject({ fields: { date_completed: VALIDATION_TEXTS.invalidDate } });
  });

  it('audits each entry read, and a read that found nothing', async () => {
    const { client, therapist, program } = await buildFeedbackSetup(t);
    const id = await buildFeedback(t.ctx, program.exerciseIds[0]!);
    const session = await login(t, therapist);
    await getAs(t, session, `/api/feedback/?exercise=${program.exerciseIds[0]}`);
    await getAs(t, session, `/api/feedback/?exercise=${program.exerciseIds[1]}`);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, therapist.id), eq(auditLog.targetType, 'feedback')));
    expect(rows).toMatchObject([
      { action: 'read', targetIds: [id], subjectUserId: client.id },
      {
        action: 'read',
        targetIds: [],
        subjectUserId: client.id,
        details: { exercise_id: program.exerciseIds[1] },
      },
    ]);
  });
});

describe('GET /api/feedback/completed/ and /api/program-feedback/', () => {
  it("count only the program's current exercises with feedback that day", async () => {
    const { therapist, one, three, program, today, clientSession } = await programWithDay();
    await markExerciseRemoved(t.ctx, three);
    for (const session of [clientSession, await login(t, therapist)]) {
      const completed = await getAs(
        t,
        session,
        `/api/feedback/completed/?program=${program.id}&date=${today}`,
      );
      expect(completed.statusCode).toBe(200);
      expect(completed.json()).toEqual({ exercise_ids: [one] });
      const day = await getAs(
        t,
        session,
        `/api/program-feedback/?program=${program.id}&date_completed=${today}`,
      );
      expect(day.json()).toMatchObject([{ exercise: one, exercise_name: 'One', effort_rating: 2 }]);
    }
    const yesterday = dayFrom(t.ctx, -1);
    const earlier = await getAs(
      t,
      clientSession,
      `/api/feedback/completed/?program=${program.id}&date=${yesterday}`,
    );
    expect(earlier.json().exercise_ids).toHaveLength(1);
  });

  it('answer 404 out of scope (other clinic, other client, draft for its client), 401 and 400', async () => {
    const { clinicId, therapist, program, today, clientSession } = await programWithDay();
    const urls = [
      `/api/feedback/completed/?program=${program.id}&date=${today}`,
      `/api/program-feedback/?program=${program.id}&date_completed=${today}`,
    ];
    const outsider = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    const otherClient = await buildClient(t.ctx, clinicId, therapist.id);
    await buildDailyProgram(t.ctx, otherClient.id, therapist.id);
    for (const url of urls) {
      for (const viewer of [outsider, otherClient]) {
        expect((await getAs(t, await login(t, viewer), url)).json()).toEqual(NOT_FOUND);
      }
      expect((await getAs(t, null, url)).statusCode).toBe(401);
      expect((await getAs(t, clientSession, url.replace(today, '2025-02-30'))).statusCode).toBe(400);
    }
    expect(
      (await getAs(t, clientSession, '/api/feedback/completed/?program=999999&date=2025-03-03')).statusCode,
    ).toBe(404);
    await makeDraft(t.ctx, program.id);
    for (const url of urls) expect((await getAs(t, clientSession, url)).statusCode).toBe(404);
    for (const url of urls) expect((await getAs(t, await login(t, therapist), url)).statusCode).toBe(200);
  });
});

describe('feedback media', () => {
  it('is served to the client who sent it and to the care team, each through their own signed URL', async () => {
    const { clinicId, program, clientSession } = await buildFeedbackSetup(t);
    const exerciseId = program.exerciseIds[0]!;
    const sent = await givenFeedback(t, clientSession, feedbackFields(t.ctx, exerciseId), [
      fixtureFile('media', FIXTURES.mp4),
    ]);
    const colleague = await login(t, await buildTherapist(t.ctx, clinicId));
    const [seen] = (await getAs(t, colleague, `/api/feedback/?exercise=${exerciseId}`)).json();
    expect(seen.video_url).not.toBe(sent.video_url);
    for (const url of [sent.video_url!, seen.video_url]) {
      const res = await fetchUrl(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['cache-control']).toContain('private');
    }
    // A link is bound to its viewer: changing who it was made for breaks it.
    const outsider = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    expect((await fetchUrl(seen.video_url.replace(/&u=\d+/, `&u=${outsider.id}`))).statusCode).toBe(404);
    expect(
      (await getAs(t, await login(t, outsider), `/api/feedback/?exercise=${exerciseId}`)).statusCode,
    ).toBe(404);
  });
});
