import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARER_TEXTS } from '@hep/shared/schemas/carers';
import { auditLog } from '../../db/schema/audit-log';
import { measureResults } from '../../db/schema/measures';
import { buildCareTeam, buildCarer, buildCarerLink } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { allAnswers, assign, respond } from '../measures/measures.test-support';
import type { TCarerAccess } from '@hep/shared/schemas/carers';
import { call } from './carers.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const NOW = new Date('2026-03-02T09:00:00Z');
beforeEach(() => t.clock.set(NOW));

/** A client with a questionnaire and a performance test assigned, and a carer linked at `access`. */
async function measuresSetup(access: TCarerAccess) {
  const team = await buildCareTeam(t.ctx);
  const assignOne = async (instrument: string) =>
    (
      await assign(t, team.therapist, team.client.id, { instrument, first_due: '2026-03-02', every_days: 0 })
    ).json<{ id: number }>().id;
  const gad7 = await assignOne('gad7');
  const tmwt = await assignOne('tmwt');
  const carer = await buildCarer(t.ctx, { firstName: 'Maria', lastName: 'Lopez' });
  await buildCarerLink(t.ctx, carer.id, team.client.id, team.therapist.id, { access });
  return { ...team, gad7, tmwt, carer };
}

describe('a carer answers the client’s questionnaires', () => {
  it('with a log or full link: saved as entered by the carer, shown "Entered by" with the role carer', async () => {
    for (const access of ['log', 'full'] as const) {
      const s = await measuresSetup(access);
      const res = await respond(t, s.carer, s.gad7, { answers: allAnswers('gad7', 7, 1) });
      expect(res.statusCode).toBe(201);
      const [row] = await t.ctx.db
        .select()
        .from(measureResults)
        .where(eq(measureResults.assignmentId, s.gad7));
      expect(row).toMatchObject({ clientId: s.client.id, enteredById: s.carer.id });
      const list = await call(t, s.therapist, 'GET', `/api/clients/${s.client.id}/measures/`);
      const gad7 = list.json().find((a: { id: number }) => a.id === s.gad7);
      expect(gad7.results[0].entered_by).toEqual({ id: s.carer.id, name: 'Maria Lopez', role: 'carer' });
      const mine = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, s.carer.id));
      expect(mine.find((r) => r.action === 'create')).toMatchObject({
        targetType: 'measure_result',
        subjectUserId: s.client.id,
      });
    }
  });

  it('refuses a view link (403, view only) and every carer a performance test (403)', async () => {
    const s = await measuresSetup('view');
    const res = await respond(t, s.carer, s.gad7, { answers: allAnswers('gad7', 7, 1) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(CARER_TEXTS.viewOnly);
    const full = await measuresSetup('full');
    expect((await respond(t, full.carer, full.tmwt, { answers: { seconds: 7.5 } })).statusCode).toBe(403);
  });

  it('answers 404 for another client and once the link is ended', async () => {
    const s = await measuresSetup('log');
    const other = await measuresSetup('log');
    const answers = allAnswers('gad7', 7, 1);
    expect((await respond(t, s.carer, other.gad7, { answers })).statusCode).toBe(404);
    const [link] = (await call(t, s.therapist, 'GET', `/api/clients/${s.client.id}/carers/`)).json();
    expect((await call(t, s.therapist, 'DELETE', `/api/carers/links/${link.id}/`)).statusCode).toBe(204);
    expect((await respond(t, s.carer, s.gad7, { answers })).statusCode).toBe(404);
  });
});

describe('a carer reads the client’s due questionnaires (GET /api/measures/due/?client_id=)', () => {
  it('with a log or full link: the questionnaires due, no performance test; view 403; no client or no link 404', async () => {
    const s = await measuresSetup('log');
    const path = `/api/measures/due/?client_id=${s.client.id}`;
    const due = await call(t, s.carer, 'GET', path);
    expect(due.statusCode).toBe(200);
    expect(due.json()).toEqual([
      expect.objectContaining({ assignment_id: s.gad7, client_id: s.client.id, due: '2026-03-02' }),
    ]);
    await respond(t, s.carer, s.gad7, { answers: allAnswers('gad7', 7, 1) });
    expect((await call(t, s.carer, 'GET', path)).json()).toEqual([]);

    const viewer = await measuresSetup('view');
    const refused = await call(t, viewer.carer, 'GET', `/api/measures/due/?client_id=${viewer.client.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(CARER_TEXTS.viewOnly);
    expect((await call(t, s.carer, 'GET', '/api/measures/due/')).statusCode).toBe(404);
    expect(
      (await call(t, s.carer, 'GET', `/api/measures/due/?client_id=${viewer.client.id}`)).statusCode,
    ).toBe(404);
    // A client reads only their own.
    expect((await call(t, s.client, 'GET', `/api/measures/due/?client_id=${s.client.id}`)).statusCode).toBe(
      200,
    );
    expect(
      (await call(t, s.client, 'GET', `/api/measures/due/?client_id=${viewer.client.id}`)).statusCode,
    ).toBe(404);
  });
});
