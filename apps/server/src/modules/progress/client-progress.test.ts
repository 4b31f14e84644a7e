import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZClientProgress } from '@hep/shared/schemas/adherence';
import { auditLog } from '../../db/schema/audit-log';
import { updateUserFields } from '../users/users.repository';
import {
  buildCareTeam,
  buildClient,
  buildStaff,
  buildTherapist,
  login,
  type Session,
} from '../../../test/factories';
import { markExerciseRemoved } from '../../../test/feedback-factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildFeedback, buildProgram } from '../../../test/program-factories';
import { countRoundTrips } from '../../../test/round-trips';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ALL_DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

const get = (session: Session | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: session ? session.headers : {} });

const url = (clientId: number, weeks?: number) =>
  `/api/users/clients/${clientId}/progress/${weeks === undefined ? '' : `?weeks=${weeks}`}`;

async function progressOf(session: Session, clientId: number, weeks?: number) {
  const res = await get(session, url(clientId, weeks));
  expect(res.statusCode, res.body).toBe(200);
  return ZClientProgress.strict().parse(res.json());
}

const week = (
  start: string,
  prescribed: number,
  done: number,
  reports: { effort_avg?: number; pain_avg?: number; pain_max?: number } = {},
) => ({
  start,
  prescribed,
  done,
  rate: prescribed === 0 ? null : done / prescribed,
  effort_avg: reports.effort_avg ?? null,
  pain_avg: reports.pain_avg ?? null,
  pain_max: reports.pain_max ?? null,
});

describe('GET /users/clients/{id}/progress/', () => {
  // Today is Wednesday 2027-06-16 (UTC). Two programs of the same client: Mon/Wed/Fri with two exercises from
  // Wednesday 2027-06-09, and every day with one exercise from Monday 2027-06-14.
  async function twoPrograms() {
    t.clock.set('2027-06-16T10:00:00Z');
    const team = await buildCareTeam(t.ctx);
    const mwf = await buildProgram(t.ctx, team.client.id, team.therapist.id, {
      startDate: '2027-06-09',
      endDate: null,
      daysOfWeek: ['MON', 'WED', 'FRI'],
      exercises: [{ name: 'A' }, { name: 'B' }],
    });
    const daily = await buildProgram(t.ctx, team.client.id, team.therapist.id, {
      startDate: '2027-06-14',
      endDate: null,
      daysOfWeek: [...ALL_DAYS],
      exercises: [{ name: 'C' }],
    });
    // A draft prescribes nothing, whatever its dates.
    await buildProgram(t.ctx, team.client.id, team.therapist.id, {
      startDate: '2027-06-01',
      endDate: null,
      daysOfWeek: [...ALL_DAYS],
      isDraft: true,
    });
    const [a, b] = mwf.exerciseIds as [number, number];
    const [c] = daily.exerciseIds as [number];
    const at = (exerciseId: number, dateCompleted: string, effortRating: number, pain: number | null) =>
      buildFeedback(t.ctx, exerciseId, { dateCompleted, effortRating, pain });
    await at(a, '2027-06-09', 6, 2);
    await at(b, '2027-06-09', 0, null); // not rated: out of the effort average
    await at(a, '2027-06-11', 4, 5);
    await at(a, '2027-06-14', 3, null);
    await at(c, '2027-06-14', 5, 1);
    await at(c, '2027-06-15', 8, 7);
    return { ...team, a, b, c, session: await login(t, team.therapist) };
  }

  it("sums the adherence of all the client's programs per Monday week, with the reports' effort and pain", async () => {
    const s = await twoPrograms();
    expect(await progressOf(s.session, s.client.id, 3)).toEqual({
      weeks: [
        week('2027-05-31', 0, 0),
        // Wed 9th and Fri 11th, two exercises each: 3 of 4 done.
        week('2027-06-07', 4, 3, { effort_avg: 5, pain_avg: 3.5, pain_max: 5 }),
        // Mon 14th (2 + 1) and Tue 15th (1); today (Wed) has nothing done yet: 3 of 4.
        week('2027-06-14', 4, 3, { effort_avg: 5.3, pain_avg: 4, pain_max: 7 }),
      ],
      last_7: 4 / 6, // Fri 11th (2), Mon 14th (3), Tue 15th (1): 4 done
      last_28: 6 / 8,
    });
  });

  it('counts only current exercises for adherence, but every report for effort and pain', async () => {
    const s = await twoPrograms();
    await markExerciseRemoved(t.ctx, s.b);
    const result = await progressOf(s.session, s.client.id, 2);
    expect(result.weeks[0]).toEqual(week('2027-06-07', 2, 2, { effort_avg: 5, pain_avg: 3.5, pain_max: 5 }));
    expect(result.weeks[1]).toMatchObject({ prescribed: 3, done: 3, effort_avg: 5.3 });
  });

  it('gives 8 weeks by default, the current one last, and nulls for a client with nothing yet', async () => {
    t.clock.set('2027-06-16T10:00:00Z');
    const team = await buildCareTeam(t.ctx);
    const session = await login(t, team.therapist);
    const result = await progressOf(session, team.client.id);
    expect(result.weeks.map((w) => w.start)).toEqual([
      '2027-04-26',
      '2027-05-03',
      '2027-05-10',
      '2027-05-17',
      '2027-05-24',
      '2027-05-31',
      '2027-06-07',
      '2027-06-14',
    ]);
    expect(result.weeks.every((w) => w.rate === null && w.effort_avg === null && w.pain_max === null)).toBe(
      true,
    );
    expect(result).toMatchObject({ last_7: null, last_28: null });
  });

  it("uses the client's own today: in Sydney a report of tomorrow in UTC is today's", async () => {
    t.clock.set('2027-06-15T14:30:00Z'); // Tuesday 14:30 in UTC, Wednesday 00:30 in Sydney
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const sydney = await buildClient(t.ctx, clinicId, therapist.id);
    await updateUserFields(t.ctx.db, sydney.id, { notificationTimezone: 'Australia/Sydney' });
    const program = await buildProgram(t.ctx, sydney.id, therapist.id, {
      startDate: '2027-06-14',
      endDate: null,
      daysOfWeek: [...ALL_DAYS],
      exercises: [{ name: 'Only' }],
    });
    await buildFeedback(t.ctx, program.exerciseIds[0]!, { dateCompleted: '2027-06-16', effortRating: 7 });
    const result = await progressOf(await login(t, therapist), sydney.id, 1);
    expect(result.weeks).toEqual([week('2027-06-14', 3, 1, { effort_avg: 7 })]);
  });

  it('is for the care team and staff (200); a client gets 403, anyone else 404, no sign-in 401', async () => {
    t.clock.set('2027-06-16T10:00:00Z');
    const team = await buildCareTeam(t.ctx);
    const colleague = await buildTherapist(t.ctx, team.clinicId);
    const other = await buildCareTeam(t.ctx);
    const statusOf = async (user: { email: string; password: string }, clientId = team.client.id) =>
      (await get(await login(t, user), url(clientId))).statusCode;
    expect(await statusOf(team.therapist)).toBe(200);
    expect(await statusOf(colleague)).toBe(200);
    expect(await statusOf(await buildStaff(t.ctx))).toBe(200);
    expect(await statusOf(team.client)).toBe(403);
    expect(await statusOf(other.therapist)).toBe(404);
    // Not a client: a therapist's or staff member's id is no client record, even to staff.
    expect(await statusOf(await buildStaff(t.ctx), team.therapist.id)).toBe(404);
    expect(await statusOf(team.therapist, 999_999_999)).toBe(404);
    const outside = await get(await login(t, other.therapist), url(team.client.id));
    expect(outside.json()).toEqual((await get(await login(t, other.therapist), url(999_999_999))).json());
    expect((await get(null, url(team.client.id))).statusCode).toBe(401);
  });

  it('answers 400 with the schema message for weeks outside 1 to 52', async () => {
    t.clock.set('2027-06-16T10:00:00Z');
    const team = await buildCareTeam(t.ctx);
    const session = await login(t, team.therapist);
    for (const weeks of ['0', '53', 'abc']) {
      const res = await get(session, `${url(team.client.id)}?weeks=${weeks}`);
      expect(res.statusCode, weeks).toBe(400);
      expect(res.json(), weeks).toMatchObject({
        fields: { weeks: 'Enter a whole number of weeks from 1 to 52.' },
      });
    }
  });

  it('is one statement, whatever the number of programs, that also writes the audit row', async () => {
    const s = await twoPrograms();
    for (let n = 0; n < 3; n += 1) {
      await buildProgram(t.ctx, s.client.id, s.therapist.id, { startDate: '2027-05-01', endDate: null });
    }
    await progressOf(s.session, s.client.id); // the caller's state and the zone list are cached from here on
    const queries = countRoundTrips(t.ctx.db);
    let res;
    try {
      res = await get(s.session, url(s.client.id, 4));
      expect(res.statusCode).toBe(200);
      expect(queries.count()).toBe(1);
    } finally {
      queries.restore();
    }
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, String(res.headers['x-correlation-id'])));
    expect(audit).toMatchObject([
      {
        actorId: s.therapist.id,
        action: 'read',
        targetType: 'client',
        targetIds: [s.client.id],
        subjectUserId: s.client.id,
        details: { view: 'progress' },
      },
    ]);
  });
});
