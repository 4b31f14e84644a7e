import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attentionReviews } from '../../db/schema/attention-reviews';
import { auditLog } from '../../db/schema/audit-log';
import { buildClinic, buildStaff, buildTherapist, login, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram } from '../../../test/program-factories';
import {
  attentionOf,
  buildAttentionClient,
  codesOf,
  day,
  EVERY_DAY,
  itemOf,
  NOW,
  report,
} from './attention.test-support';

// DELETE /api/attention/{client_id}/reviewed/: the Undo of Mark reviewed
// (docs/product/feedback-and-progress.md#needs-attention).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOW));

async function headersOf(user: TestUser | null) {
  return user ? (await login(t, user)).headers : {};
}

async function review(user: TestUser, clientId: number, codes: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/attention/${clientId}/reviewed/`,
    headers: await headersOf(user),
    payload: { codes },
  });
  expect(res.statusCode).toBe(200);
}

async function unreview(user: TestUser | null, clientId: number | string, query: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/attention/${clientId}/reviewed/?${query}`,
    headers: await headersOf(user),
  });
}

const reviewsOf = (clientId: number) =>
  t.ctx.db.select().from(attentionReviews).where(eq(attentionReviews.clientId, clientId));

/** A client whose last report had pain 8 and effort 9: listed for pain and high effort. */
async function painfulClient() {
  const clinicId = await buildClinic(t.ctx);
  const therapist = await buildTherapist(t.ctx, clinicId);
  const client = await buildAttentionClient(t, clinicId, therapist.id);
  const [sit] = (
    await buildProgram(t.ctx, client.id, therapist.id, {
      startDate: day(-10),
      endDate: day(28),
      daysOfWeek: EVERY_DAY,
    })
  ).exerciseIds as [number];
  await report(t, sit, { date: day(-1), pain: 8, effort: 9 });
  await report(t, sit, { date: day(0), pain: 3, effort: 4 });
  return { clinicId, therapist, client };
}

describe('DELETE /api/attention/{client_id}/reviewed/', () => {
  it('brings the reviewed reasons back as they were, leaves the others reviewed, and audits it', async () => {
    const { therapist, client } = await painfulClient();
    const before = itemOf(await attentionOf(t, therapist), client.id);
    expect(before?.reasons.map((r) => r.code)).toEqual(['pain', 'high_effort']);
    await review(therapist, client.id, ['pain', 'high_effort']);
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);

    const res = await unreview(therapist, client.id, 'codes=pain');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = itemOf(await attentionOf(t, therapist), client.id);
    expect(after).toEqual({ ...before, reasons: before!.reasons.filter((r) => r.code === 'pain') });
    expect((await reviewsOf(client.id)).map((r) => r.code)).toEqual(['high_effort']);

    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, therapist.id), eq(auditLog.action, 'update')))
      .orderBy(auditLog.seq)
      .offset(1);
    expect(audit).toMatchObject({
      targetType: 'client',
      targetIds: [client.id],
      subjectUserId: client.id,
      outcome: 'ok',
      details: { change: 'attention_review_undone', codes: ['pain'] },
    });
  });

  it('takes the codes comma-separated or repeated, and answers the same when nothing is left to undo', async () => {
    const { therapist, client } = await painfulClient();
    await review(therapist, client.id, ['pain', 'high_effort']);
    expect((await unreview(therapist, client.id, 'codes=pain,high_effort')).statusCode).toBe(204);
    expect(await reviewsOf(client.id)).toEqual([]);
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual(['pain', 'high_effort']);

    await review(therapist, client.id, ['pain', 'high_effort']);
    expect((await unreview(therapist, client.id, 'codes=pain&codes=high_effort')).statusCode).toBe(204);
    expect(await reviewsOf(client.id)).toEqual([]);
    expect((await unreview(therapist, client.id, 'codes=pain')).statusCode).toBe(204);
  });

  it('lets the care team and staff undo, as they may review', async () => {
    const { clinicId, therapist, client } = await painfulClient();
    const colleague = await buildTherapist(t.ctx, clinicId);
    await review(therapist, client.id, ['pain']);
    expect((await unreview(colleague, client.id, 'codes=pain')).statusCode).toBe(204);
    await review(therapist, client.id, ['pain']);
    expect((await unreview(await buildStaff(t.ctx), client.id, 'codes=pain')).statusCode).toBe(204);
    expect(await reviewsOf(client.id)).toEqual([]);
  });

  it("answers 404 for another clinic's client, a therapist or no one, 403 to a client and 401 without a token", async () => {
    const { therapist, client } = await painfulClient();
    const other = await painfulClient();
    await review(other.therapist, other.client.id, ['pain']);
    for (const id of [other.client.id, other.therapist.id, 999_999]) {
      expect((await unreview(therapist, id, 'codes=pain')).statusCode, `client ${id}`).toBe(404);
    }
    expect((await unreview(client, client.id, 'codes=pain')).statusCode).toBe(403);
    expect((await unreview(null, other.client.id, 'codes=pain')).statusCode).toBe(401);
    expect((await reviewsOf(other.client.id)).map((r) => r.code)).toEqual(['pain']);
  });

  it('answers 400 with the schema messages for bad codes, no codes and a bad id', async () => {
    const { therapist, client } = await painfulClient();
    await review(therapist, client.id, ['pain']);
    const cases: [string, RegExp][] = [
      ['codes=', /Choose a reason from the list\./],
      ['codes=pain,sad', /Choose a reason from the list\./],
      ['', /./],
    ];
    for (const [query, message] of cases) {
      const res = await unreview(therapist, client.id, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect(JSON.stringify(res.json().fields)).toMatch(message);
    }
    expect((await unreview(therapist, 'abc', 'codes=pain')).statusCode).toBe(400);
    expect((await reviewsOf(client.id)).map((r) => r.code)).toEqual(['pain']);
  });
});
