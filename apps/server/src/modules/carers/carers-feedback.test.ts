import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARER_TEXTS, type TCarerAccess } from '@hep/shared/schemas/carers';
import { auditLog } from '../../db/schema/audit-log';
import { feedback } from '../../db/schema/feedback';
import { buildCareTeam, buildCarer, buildCarerLink, login, type TestUser } from '../../../test/factories';
import { buildDailyProgram, feedbackFields } from '../../../test/feedback-factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildFeedback } from '../../../test/program-factories';
import { call } from './carers.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const NOW = new Date('2026-03-02T09:00:00Z');
beforeEach(() => t.clock.set(NOW));

/** A client with a daily program, and a carer linked at `access`. */
async function feedbackSetup(access: TCarerAccess) {
  const team = await buildCareTeam(t.ctx);
  const program = await buildDailyProgram(t.ctx, team.client.id, team.therapist.id);
  const carer = await buildCarer(t.ctx, { firstName: 'Maria', lastName: 'Lopez' });
  const linkId = await buildCarerLink(t.ctx, carer.id, team.client.id, team.therapist.id, { access });
  return { ...team, program, carer, linkId };
}

/** POST /api/feedback/ as JSON (no file), with an Idempotency-Key when given. */
async function give(user: TestUser, exerciseId: number, key?: string) {
  const headers = { ...(await login(t, user)).headers, ...(key ? { 'idempotency-key': key } : {}) };
  return t.app.inject({
    method: 'POST',
    url: '/api/feedback/',
    payload: feedbackFields(t.ctx, exerciseId),
    headers,
  });
}

describe('POST /api/feedback/ by a carer', () => {
  it('with a log or full link: stored for the client, entered_by the carer, audited with the client as subject', async () => {
    for (const access of ['log', 'full'] as const) {
      const s = await feedbackSetup(access);
      const [first, second] = s.program.exerciseIds;
      const res = await give(s.carer, first!);
      expect(res.statusCode).toBe(201);
      expect(res.json().feedback).toMatchObject({
        exercise: first,
        client: s.client.id,
        entered_by: { id: s.carer.id, name: 'Maria Lopez', role: 'carer' },
      });
      const [row] = await t.ctx.db.select().from(feedback).where(eq(feedback.exerciseId, first!));
      expect(row).toMatchObject({ clientId: s.client.id, enteredById: s.carer.id });
      const [audit] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, s.carer.id), eq(auditLog.action, 'create')));
      expect(audit).toMatchObject({
        targetType: 'feedback',
        subjectUserId: s.client.id,
        targetIds: [row!.id],
      });

      // The client's own entry carries no entered_by; the care team's history shows both.
      await buildFeedback(t.ctx, second!);
      const ownHistory = await call(t, s.therapist, 'GET', `/api/feedback/?exercise=${second}`);
      expect(ownHistory.json()[0].entered_by).toBeNull();
      const history = await call(t, s.therapist, 'GET', `/api/feedback/?exercise=${first}`);
      expect(history.json()[0].entered_by).toEqual({ id: s.carer.id, name: 'Maria Lopez', role: 'carer' });
      // A second entry for the same exercise and day: 409, as for the client.
      expect((await give(s.carer, first!)).statusCode).toBe(409);
    }
  });

  it('answers a repeat with the same Idempotency-Key with the first answer', async () => {
    const s = await feedbackSetup('log');
    const key = randomUUID();
    const first = await give(s.carer, s.program.exerciseIds[0]!, key);
    const again = await give(s.carer, s.program.exerciseIds[0]!, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().feedback.id).toBe(first.json().feedback.id);
    expect(again.json().feedback.entered_by).toMatchObject({ id: s.carer.id });
  });

  it('refuses a view link (403), and answers 404 without a live link or once it is ended', async () => {
    const s = await feedbackSetup('view');
    const refused = await give(s.carer, s.program.exerciseIds[0]!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(CARER_TEXTS.viewOnly);
    const other = await feedbackSetup('log');
    expect((await give(s.carer, other.program.exerciseIds[0]!)).statusCode).toBe(404);
    expect((await call(t, other.client, 'DELETE', `/api/carers/links/${other.linkId}/`)).statusCode).toBe(
      204,
    );
    expect((await give(other.carer, other.program.exerciseIds[0]!)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(feedback).where(eq(feedback.programId, s.program.id))).toEqual([]);
  });
});

describe('PUT /api/feedback/{id}/ by a carer', () => {
  /** PUT as JSON: new effort and feeling. */
  const change = async (user: TestUser, id: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/feedback/${id}/`,
      payload: { effort_rating: 2, feeling: 'Corrected by Maria' },
      headers: (await login(t, user)).headers,
    });

  it('changes an entry the carer entered, still entered by them, audited with the client as subject', async () => {
    const s = await feedbackSetup('log');
    const id = (await give(s.carer, s.program.exerciseIds[0]!)).json().feedback.id as number;
    const res = await change(s.carer, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().feedback).toMatchObject({
      id,
      effort_rating: 2,
      feeling: 'Corrected by Maria',
      entered_by: { id: s.carer.id, role: 'carer' },
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, s.carer.id), eq(auditLog.action, 'update')));
    expect(audit).toMatchObject({ targetType: 'feedback', subjectUserId: s.client.id });
  });

  it('never changes the client’s own entry (404); 403 once the link is view only; 404 once it has ended', async () => {
    const s = await feedbackSetup('log');
    const own = await buildFeedback(t.ctx, s.program.exerciseIds[1]!, { feeling: 'The client’s own words' });
    expect((await change(s.carer, own)).statusCode).toBe(404);
    const id = (await give(s.carer, s.program.exerciseIds[0]!)).json().feedback.id as number;
    await call(t, s.therapist, 'PUT', `/api/carers/links/${s.linkId}/`, { access: 'view', expires_on: null });
    const refused = await change(s.carer, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(CARER_TEXTS.viewOnly);
    await call(t, s.therapist, 'DELETE', `/api/carers/links/${s.linkId}/`);
    expect((await change(s.carer, id)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({ feeling: 'Legs were tired by the end.', effortRating: 5 });
  });
});
