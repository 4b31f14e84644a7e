import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEASURE_MESSAGES } from '@hep/shared/measures/scoring';
import { clinics } from '../../db/schema/clinics';
import { measureResults } from '../../db/schema/measures';
import { users } from '../../db/schema/users';
import { buildCareTeam, buildClinic, buildTherapist } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { DEFAULT_CRISIS_TEXT, MEASURE_STOPPED } from './measures.service';
import { allAnswers, assign, call, respond } from './measures.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const NOW = new Date('2026-03-02T00:30:00Z'); // Monday 11:30 in Sydney, Sunday 16:30 in Los Angeles
beforeEach(() => t.clock.set(NOW));
const DAY_MS = 24 * 60 * 60 * 1000;

async function assigned(instrument: string, schedule: object = {}) {
  const team = await buildCareTeam(t.ctx);
  const res = await assign(t, team.therapist, team.client.id, {
    instrument,
    first_due: '2026-03-02',
    every_days: 7,
    ...schedule,
  });
  return { ...team, id: res.json<{ id: number }>().id };
}

describe('POST /api/measures/assignments/{id}/responses/', () => {
  it('scores a questionnaire the client answers, saved with its version and who entered it', async () => {
    const { client, id } = await assigned('gad7');
    const res = await respond(t, client, id, { answers: allAnswers('gad7', 7, 2) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      score: 14,
      subscores: null,
      band: 'moderate',
      safety: false,
      crisis_text: null,
    });
    const [row] = await t.ctx.db.select().from(measureResults).where(eq(measureResults.assignmentId, id));
    expect(row).toMatchObject({
      instrumentVersion: '1',
      takenOn: '2026-03-02',
      enteredById: client.id,
      answers: allAnswers('gad7', 7, 2),
    });
  });

  it('answers 400 naming every question missing, outside its scale or not in the measure', async () => {
    const { client, id } = await assigned('phq9');
    const answers: Record<string, unknown> = {
      ...allAnswers('phq9', 8, 1),
      phq9_2: 4,
      phq9_3: 'often',
      extra: 1,
    };
    const res = await respond(t, client, id, { answers });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'answers.phq9_2': MEASURE_MESSAGES.outOfRange,
      'answers.phq9_3': MEASURE_MESSAGES.outOfRange,
      'answers.phq9_9': MEASURE_MESSAGES.missing,
      'answers.extra': MEASURE_MESSAGES.unknownItem,
    });
    expect(await t.ctx.db.select().from(measureResults).where(eq(measureResults.assignmentId, id))).toEqual(
      [],
    );
    expect((await respond(t, client, id, { answers: 'all fine' })).statusCode).toBe(400);
    const nul = await respond(t, client, id, { answers: allAnswers('phq9', 9, 0), activities: ['a\u0000'] });
    expect(nul.statusCode).toBe(400);
  });

  it('takes a PSFS with the activities the client names and scores their mean', async () => {
    const { client, id } = await assigned('psfs');
    const res = await respond(t, client, id, {
      activities: ['Climbing stairs', ' Gardening ', 'Walking the dog'],
      answers: { activity_1: 3, activity_2: 5, activity_3: 6 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ score: 4.7 });
    const [row] = await t.ctx.db.select().from(measureResults).where(eq(measureResults.assignmentId, id));
    expect(row!.activities).toEqual(['Climbing stairs', 'Gardening', 'Walking the dog']);
    const short = await respond(t, client, id, { activities: ['Stairs'], answers: { activity_1: 3 } });
    expect(short.json().fields).toEqual({ activities: MEASURE_MESSAGES.activitiesCount });
  });

  it('has the care team enter a performance test, and refuses each the other kind (403)', async () => {
    const { therapist, client, id } = await assigned('tmwt');
    expect((await respond(t, client, id, { answers: { seconds: 7.5 } })).statusCode).toBe(403);
    const res = await respond(t, therapist, id, { answers: { seconds: 7.5 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ score: 0.8, band: 'limited_community' });

    const questionnaire = await assign(t, therapist, client.id, {
      instrument: 'gad7',
      first_due: '2026-03-02',
      every_days: 0,
    });
    const gad7 = questionnaire.json<{ id: number }>().id;
    expect((await respond(t, therapist, gad7, { answers: allAnswers('gad7', 7, 0) })).statusCode).toBe(403);
  });

  it('answers 404 outside the scope, 401 signed out and 409 once stopped', async () => {
    const { therapist, client, id } = await assigned('gad7');
    const stranger = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    const other = await buildCareTeam(t.ctx);
    const answers = allAnswers('gad7', 7, 0);
    expect((await respond(t, stranger, id, { answers })).statusCode).toBe(404);
    expect((await respond(t, other.client, id, { answers })).statusCode).toBe(404);
    expect((await respond(t, null, id, { answers })).statusCode).toBe(401);
    await call(t, therapist, 'DELETE', `/api/measures/assignments/${id}/`);
    const stopped = await respond(t, client, id, { answers });
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().error).toBe(MEASURE_STOPPED);
  });

  it('saves once per Idempotency-Key: a repeat answers the first answer, another body with the key 422', async () => {
    const { client, id } = await assigned('gad7');
    const headers = { 'idempotency-key': 'gad7-offline-1' };
    const first = await respond(t, client, id, { answers: allAnswers('gad7', 7, 1) }, headers);
    const again = await respond(t, client, id, { answers: allAnswers('gad7', 7, 1) }, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(
      await t.ctx.db.select().from(measureResults).where(eq(measureResults.assignmentId, id)),
    ).toHaveLength(1);
    const other = await respond(t, client, id, { answers: allAnswers('gad7', 7, 2) }, headers);
    expect(other.statusCode).toBe(422);
  });
});

describe('safety', () => {
  it('answers safety with the default crisis text in the client language when PHQ-9 item 9 is above 0', async () => {
    const { client, id } = await assigned('phq9');
    const res = await respond(t, client, id, { answers: { ...allAnswers('phq9', 9, 0), phq9_9: 1 } });
    expect(res.json()).toMatchObject({
      score: 1,
      band: 'minimal',
      safety: true,
      crisis_text: DEFAULT_CRISIS_TEXT,
    });
    await t.ctx.db.update(users).set({ language: 'es' }).where(eq(users.id, client.id));
    const again = await respond(t, client, id, { answers: { ...allAnswers('phq9', 9, 0), phq9_9: 2 } });
    expect(again.json().crisis_text).not.toBe(DEFAULT_CRISIS_TEXT);
    expect(again.json().crisis_text).toMatch(/000/);
  });

  it("gives the clinic's own crisis text when it set one", async () => {
    const { clinicId, client, id } = await assigned('phq9');
    const own = 'Call the clinic on 02 9999 0000 or 000 now.';
    await t.ctx.db.update(clinics).set({ crisisText: own }).where(eq(clinics.id, clinicId));
    const res = await respond(t, client, id, { answers: { ...allAnswers('phq9', 9, 3) } });
    expect(res.json()).toMatchObject({ score: 27, band: 'severe', safety: true, crisis_text: own });
  });
});

describe('GET /api/measures/due/', () => {
  it("lists the client's questionnaires due in their own today, with the instrument to answer", async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    await t.ctx.db
      .update(users)
      .set({ notificationTimezone: 'America/Los_Angeles' })
      .where(eq(users.id, client.id));
    const gad7 = (
      await assign(t, therapist, client.id, { instrument: 'gad7', first_due: '2026-03-02', every_days: 7 })
    ).json<{ id: number }>().id;
    await assign(t, therapist, client.id, { instrument: 'tmwt', first_due: '2026-03-01', every_days: 7 });
    // Still Sunday 1 March in Los Angeles: nothing due (the walk test is the therapist's to enter).
    expect((await call(t, client, 'GET', '/api/measures/due/')).json()).toEqual([]);

    t.clock.set(new Date(NOW.getTime() + 8 * 60 * 60 * 1000)); // Monday 00:30 in Los Angeles
    const due = await call(t, client, 'GET', '/api/measures/due/');
    expect(due.statusCode).toBe(200);
    expect(due.json()).toEqual([
      {
        assignment_id: gad7,
        client_id: client.id,
        due: '2026-03-02',
        instrument: expect.objectContaining({ code: 'gad7', language: 'en', kind: 'self_report' }),
      },
    ]);

    await respond(t, client, gad7, { answers: allAnswers('gad7', 7, 0) });
    expect((await call(t, client, 'GET', '/api/measures/due/')).json()).toEqual([]);
    t.clock.set(new Date(NOW.getTime() + 10 * DAY_MS));
    expect((await call(t, client, 'GET', '/api/measures/due/')).json()).toEqual([
      expect.objectContaining({ assignment_id: gad7, due: '2026-03-09' }),
    ]);
  });

  it('is for clients: a therapist 403, signed out 401', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    expect((await call(t, therapist, 'GET', '/api/measures/due/')).statusCode).toBe(403);
    expect((await call(t, null, 'GET', '/api/measures/due/')).statusCode).toBe(401);
  });
});

describe('GET /api/clients/{client_id}/measures/{instrument}/scores/', () => {
  it('gives the trend oldest first with who entered each result, audited as a read', async () => {
    const { therapist, client, id } = await assigned('chair_stand_30s');
    await respond(t, therapist, id, { answers: { stands: 8 } });
    t.clock.set(new Date(NOW.getTime() + 7 * DAY_MS));
    await respond(t, therapist, id, { answers: { stands: 11 } });
    const res = await call(t, client, 'GET', `/api/clients/${client.id}/measures/chair_stand_30s/scores/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        taken_at: NOW.toISOString(),
        score: 8,
        subscores: null,
        band: null,
        entered_by: { id: therapist.id, name: 'Therapist Tester', role: 'therapist' },
      },
      {
        taken_at: new Date(NOW.getTime() + 7 * DAY_MS).toISOString(),
        score: 11,
        subscores: null,
        band: null,
        entered_by: { id: therapist.id, name: 'Therapist Tester', role: 'therapist' },
      },
    ]);
    const reads = await t.ctx.db.execute(
      sql`select actor_id, details, outcome from audit_log where target_type = 'measure_result' and action = 'read' and subject_user_id = ${client.id}`,
    );
    // One read, by the client, naming the instrument.
    expect((reads as unknown as { rows: unknown[] }).rows).toEqual([
      { actor_id: client.id, details: { instrument: 'chair_stand_30s' }, outcome: 'ok' },
    ]);
  });

  it('answers 404 for an unknown instrument and outside the scope', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    expect(
      (await call(t, therapist, 'GET', `/api/clients/${client.id}/measures/quickdash/scores/`)).statusCode,
    ).toBe(404);
    const stranger = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    expect(
      (await call(t, stranger, 'GET', `/api/clients/${client.id}/measures/gad7/scores/`)).statusCode,
    ).toBe(404);
  });
});
