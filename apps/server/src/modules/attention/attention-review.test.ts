import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attentionReviews } from '../../db/schema/attention-reviews';
import { auditLog } from '../../db/schema/audit-log';
import { buildClinic, buildStaff, buildTherapist, login, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram } from '../../../test/program-factories';
import { REVIEWED_MESSAGE } from './attention.service';
import {
  attentionOf,
  buildAttentionClient,
  codesOf,
  day,
  EVERY_DAY,
  NOW,
  reasonOf,
  report,
} from './attention.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOW));

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

async function review(user: TestUser | null, clientId: number | string, payload: object) {
  const headers = user ? (await login(t, user)).headers : {};
  return t.app.inject({ method: 'POST', url: `/api/attention/${clientId}/reviewed/`, headers, payload });
}

async function careTeam() {
  const clinicId = await buildClinic(t.ctx);
  const therapist = await buildTherapist(t.ctx, clinicId);
  const client = await buildAttentionClient(t, clinicId, therapist.id);
  return { clinicId, therapist, client };
}

describe('POST /api/attention/{client_id}/reviewed/', () => {
  it('hides a pain reason from the whole care team until a newer qualifying report is saved', async () => {
    const { clinicId, therapist, client } = await careTeam();
    const colleague = await buildTherapist(t.ctx, clinicId);
    const [sit] = (
      await buildProgram(t.ctx, client.id, therapist.id, {
        startDate: day(0),
        endDate: day(28),
        daysOfWeek: EVERY_DAY,
      })
    ).exerciseIds as [number];
    await report(t, sit, { date: day(-2), pain: 8, effort: 9 });
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual(['pain', 'high_effort']);

    const res = await review(therapist, client.id, { codes: ['pain'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: REVIEWED_MESSAGE });
    expect(codesOf(await attentionOf(t, colleague), client.id)).toEqual(['high_effort']);

    t.clock.advance(HOUR_MS);
    await report(t, sit, { date: day(-1), pain: 3 }); // newer, but not a reason
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual(['high_effort']);
    await report(t, sit, { date: day(0), pain: 7 });
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'pain')).toMatchObject({
      since: day(0),
      detail: { date: day(0), value: 7, previous: 3 },
    });

    const [row] = await t.ctx.db
      .select()
      .from(attentionReviews)
      .where(and(eq(attentionReviews.clientId, client.id), eq(attentionReviews.code, 'pain')));
    expect(row).toMatchObject({ reviewedById: therapist.id, reviewedAt: new Date(NOW) });
  });

  it('hides a missed streak while it lasts and shows a new streak, and takes several codes at once', async () => {
    const { therapist, client } = await careTeam();
    const [sit] = (
      await buildProgram(t.ctx, client.id, therapist.id, {
        startDate: day(-3),
        endDate: day(3),
        daysOfWeek: EVERY_DAY,
      })
    ).exerciseIds as [number];
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual(['missed_streak', 'program_ending']);

    const res = await review(therapist, client.id, {
      codes: ['program_ending', 'missed_streak', 'missed_streak'],
    });
    expect(res.statusCode).toBe(200);
    expect(await attentionOf(t, therapist)).toEqual([]);

    t.clock.advance(DAY_MS); // the same streak, a day longer: still reviewed
    expect(await attentionOf(t, therapist)).toEqual([]);
    await report(t, sit, { date: day(0) });
    t.clock.advance(2 * DAY_MS); // days 1 and 2 missed: a new streak, begun after the review's day
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'missed_streak')).toMatchObject({
      since: day(1),
      detail: { days: 2 },
    });

    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, therapist.id), eq(auditLog.action, 'update')));
    expect(audit).toMatchObject({
      targetType: 'client',
      targetIds: [client.id],
      subjectUserId: client.id,
      details: { change: 'attention_reviewed' },
    });
  });

  it('lets staff review any client', async () => {
    const { client } = await careTeam();
    expect((await review(await buildStaff(t.ctx), client.id, { codes: ['inactive'] })).statusCode).toBe(200);
  });

  it("answers 404 for another clinic's client, a therapist or no one, 403 to a client and 401 without a token", async () => {
    const { therapist, client } = await careTeam();
    const other = await careTeam();
    const payload = { codes: ['pain'] };
    for (const id of [other.client.id, other.therapist.id, 999_999]) {
      const res = await review(therapist, id, payload);
      expect(res.statusCode).toBe(404);
    }
    expect((await review(client, client.id, payload)).statusCode).toBe(403);
    expect((await review(null, client.id, payload)).statusCode).toBe(401);
    expect(
      await t.ctx.db.select().from(attentionReviews).where(eq(attentionReviews.clientId, other.client.id)),
    ).toEqual([]);
  });

  it('answers 400 with the schema messages for bad codes, no codes and a bad id', async () => {
    const { therapist, client } = await careTeam();
    const cases: [object, RegExp][] = [
      [{ codes: [] }, /Choose at least one reason\./],
      [{ codes: ['pain', 'sad'] }, /Choose a reason from the list\./],
      [{ codes: 'pain' }, /./],
      [{}, /./],
    ];
    for (const [payload, message] of cases) {
      const res = await review(therapist, client.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect(JSON.stringify(res.json().fields)).toMatch(message);
    }
    expect((await review(therapist, 'abc', { codes: ['pain'] })).statusCode).toBe(400);
    expect(
      await t.ctx.db.select().from(attentionReviews).where(eq(attentionReviews.clientId, client.id)),
    ).toEqual([]);
  });
});
