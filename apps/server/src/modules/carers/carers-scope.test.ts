import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import {
  buildCareTeam,
  buildCarer,
  buildCarerLink,
  buildClient,
  login,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildFeedback, buildProgram } from '../../../test/program-factories';
import type { TCarerAccess } from '@hep/shared/schemas/carers';
import { call } from './carers.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const NOW = new Date('2026-03-02T09:00:00Z');
beforeEach(() => t.clock.set(NOW));

/** A client with a published program (with feedback) and a draft, and a carer linked at `access`. */
async function carerSetup(access: TCarerAccess = 'view', expiresOn: string | null = null) {
  const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
  const program = await buildProgram(t.ctx, client.id, therapist.id, { name: 'Walking' });
  const draft = await buildProgram(t.ctx, client.id, therapist.id, { name: 'Next block', isDraft: true });
  const feedbackId = await buildFeedback(t.ctx, program.exerciseIds[0]!);
  const carer = await buildCarer(t.ctx, { firstName: 'Maria', lastName: 'Lopez' });
  const linkId = await buildCarerLink(t.ctx, carer.id, client.id, therapist.id, { access, expiresOn });
  return { clinicId, therapist, client, program, draft, feedbackId, carer, linkId };
}

/** The calls a carer reads a client through, by name, with their status codes. */
async function readsOf(
  t: TestApp,
  who: TestUser | { headers: Record<string, string> },
  s: Awaited<ReturnType<typeof carerSetup>>,
) {
  const urls = {
    profile: `/api/users/${s.client.id}/`,
    programs: `/api/programs/?client=${s.client.id}`,
    program: `/api/programs/${s.program.id}/`,
    calendar: `/api/programs/${s.program.id}/status/?month=2026-03`,
    feedback: `/api/feedback/?exercise=${s.program.exerciseIds[0]}`,
    measures: `/api/clients/${s.client.id}/measures/`,
  };
  const codes: Record<string, number> = {};
  for (const [name, url] of Object.entries(urls)) {
    const res =
      'headers' in who
        ? await t.app.inject({ method: 'GET', url, headers: who.headers })
        : await call(t, who, 'GET', url);
    codes[name] = res.statusCode;
  }
  return codes;
}
const ALL_OK = { profile: 200, programs: 200, program: 200, calendar: 200, feedback: 200, measures: 200 };
const ALL_404 = { profile: 404, programs: 404, program: 404, calendar: 404, feedback: 404, measures: 404 };

describe('a carer reads the client through the calls that exist', () => {
  it('a view link reads the profile, published programs, calendar, feedback and measures; never a draft', async () => {
    const s = await carerSetup('view');
    expect(await readsOf(t, s.carer, s)).toEqual(ALL_OK);
    const profile = await call(t, s.carer, 'GET', `/api/users/${s.client.id}/`);
    expect(profile.json().programs.map((p: { id: number }) => p.id)).toEqual([s.program.id]);
    const programs = await call(t, s.carer, 'GET', `/api/programs/?client=${s.client.id}`);
    expect(programs.json().map((p: { id: number }) => p.id)).toEqual([s.program.id]);
    expect((await call(t, s.carer, 'GET', `/api/programs/${s.draft.id}/`)).statusCode).toBe(404);
    const history = await call(t, s.carer, 'GET', `/api/feedback/?exercise=${s.program.exerciseIds[0]}`);
    expect(history.json().map((f: { id: number }) => f.id)).toEqual([s.feedbackId]);
  });

  it('refuses a view link every write (403) and every care-team or other-client call (403 or 404)', async () => {
    const s = await carerSetup('view');
    const feedback = await t.app.inject({
      method: 'POST',
      url: '/api/feedback/',
      payload: {
        exercise: s.program.exerciseIds[1],
        date_completed: '2026-03-02',
        effort_rating: 5,
        feeling: '',
      },
      headers: (await login(t, s.carer)).headers,
    });
    expect(feedback.statusCode).toBe(403);
    const assign = await call(t, s.carer, 'POST', `/api/clients/${s.client.id}/measures/`, {
      instrument: 'phq9',
      first_due: '2026-03-02',
      every_days: 14,
    });
    expect(assign.statusCode).toBe(403);
    expect((await call(t, s.carer, 'DELETE', `/api/programs/${s.program.id}/`)).statusCode).toBe(403);
    expect((await call(t, s.carer, 'GET', `/api/users/client_details/?id=${s.client.id}`)).statusCode).toBe(
      403,
    );
    expect((await call(t, s.carer, 'GET', '/api/users/clients/')).statusCode).toBe(403);
    expect((await call(t, s.carer, 'GET', `/api/clients/${s.client.id}/messages/`)).statusCode).toBe(403);
    expect((await call(t, s.carer, 'GET', `/api/users/clients/${s.client.id}/progress/`)).statusCode).toBe(
      403,
    );

    const other = await buildClient(t.ctx, s.clinicId, s.therapist.id);
    const otherProgram = await buildProgram(t.ctx, other.id, s.therapist.id);
    expect((await call(t, s.carer, 'GET', `/api/users/${other.id}/`)).statusCode).toBe(404);
    expect((await call(t, s.carer, 'GET', `/api/programs/${otherProgram.id}/`)).statusCode).toBe(404);
    expect((await call(t, s.carer, 'GET', `/api/programs/?client=${other.id}`)).statusCode).toBe(404);
    const otherFeedback = await call(
      t,
      s.carer,
      'GET',
      `/api/feedback/?exercise=${otherProgram.exerciseIds[0]}`,
    );
    expect(otherFeedback.statusCode).toBe(404);
  });

  it('never treats a carer as a client: no programs, measures or client fields of their own', async () => {
    const s = await carerSetup('full');
    expect((await call(t, s.carer, 'GET', '/api/programs/')).json()).toEqual([]);
    // No questionnaires of their own: a carer reads the due ones of a client they help, named by client_id.
    expect((await call(t, s.carer, 'GET', '/api/measures/due/')).statusCode).toBe(404);
    const own = await call(t, s.carer, 'GET', `/api/users/${s.carer.id}/`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).not.toHaveProperty('programs');
    expect(own.json().client_profile).toBeNull();
    const list = await call(t, s.therapist, 'GET', '/api/users/clients/');
    expect(list.json().map((c: { id: number }) => c.id)).toEqual([s.client.id]);
  });

  it('each level reads the same; log and full still may not write what the care team writes', async () => {
    for (const access of ['log', 'full'] as const) {
      const s = await carerSetup(access);
      expect(await readsOf(t, s.carer, s)).toEqual(ALL_OK);
      const assign = await call(t, s.carer, 'POST', `/api/clients/${s.client.id}/measures/`, {
        instrument: 'phq9',
        first_due: '2026-03-02',
        every_days: 14,
      });
      expect(assign.statusCode).toBe(403);
      expect((await call(t, s.carer, 'DELETE', `/api/programs/${s.program.id}/`)).statusCode).toBe(403);
    }
  });
});

describe('a link that ends cuts access at once', () => {
  it('stops working when its last day ends (UTC), on the fake clock', async () => {
    const s = await carerSetup('view', '2026-03-03');
    t.clock.set('2026-03-03T23:59:00Z');
    expect(await readsOf(t, s.carer, s)).toEqual(ALL_OK);
    t.clock.set('2026-03-04T00:00:01Z');
    expect(await readsOf(t, s.carer, s)).toEqual(ALL_404);
    expect((await call(t, s.carer, 'GET', '/api/carers/me/clients/')).json()).toEqual([]);
  });

  it('answers 404 to the next request of a carer whose link is removed while their token is live', async () => {
    const s = await carerSetup('log');
    const session = await login(t, s.carer);
    expect(await readsOf(t, session, s)).toEqual(ALL_OK);
    expect((await call(t, s.therapist, 'DELETE', `/api/carers/links/${s.linkId}/`)).statusCode).toBe(204);
    expect(await readsOf(t, session, s)).toEqual(ALL_404);
  });
});

describe('the audit and the client’s access log', () => {
  it('names the carer as actor and the client as subject; the client sees the last reads in GET /api/users/me/carer-access/', async () => {
    const s = await carerSetup('view');
    await readsOf(t, s.carer, s);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, s.carer.id))
      .orderBy(desc(auditLog.seq));
    const reads = rows.filter((r) => r.action === 'read');
    expect(reads.map((r) => r.targetType).sort()).toEqual(
      expect.arrayContaining(['user', 'program', 'feedback', 'measure_assignment']),
    );
    for (const row of reads) expect(row.subjectUserId).toBe(s.client.id);

    const log = await call(t, s.client, 'GET', '/api/users/me/carer-access/');
    expect(log.statusCode).toBe(200);
    const entries = log.json() as {
      carer: { id: number; name: string };
      action: string;
      record: string;
      at: string;
    }[];
    expect(entries.length).toBe(reads.length);
    expect(entries[0]).toEqual({
      carer: { id: s.carer.id, name: 'Maria Lopez' },
      action: 'read',
      record: reads[0]!.targetType,
      at: reads[0]!.at.toISOString(),
    });
    const [own] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, s.client.id), eq(auditLog.targetType, 'carer_access')));
    expect(own).toMatchObject({ action: 'read', subjectUserId: s.client.id });

    expect((await call(t, s.carer, 'GET', '/api/users/me/carer-access/')).statusCode).toBe(403);
    expect((await call(t, s.therapist, 'GET', '/api/users/me/carer-access/')).statusCode).toBe(403);
    expect((await call(t, null, 'GET', '/api/users/me/carer-access/')).statusCode).toBe(401);
  });

  it('keeps the last 50', async () => {
    const s = await carerSetup('view');
    const session = await login(t, s.carer);
    for (let i = 0; i < 52; i += 1)
      await t.app.inject({ method: 'GET', url: `/api/users/${s.client.id}/`, headers: session.headers });
    const log = await call(t, s.client, 'GET', '/api/users/me/carer-access/');
    expect(log.json()).toHaveLength(50);
  });
});
