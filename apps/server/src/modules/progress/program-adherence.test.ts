import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdherence } from '@hep/shared/schemas/adherence';
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
const THREE = [{ name: 'A' }, { name: 'B' }, { name: 'C' }];

const get = (session: Session | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: session ? session.headers : {} });

async function adherenceOf(session: Session, programId: number, weeks?: number) {
  const query = weeks === undefined ? '' : `?weeks=${weeks}`;
  const res = await get(session, `/api/programs/${programId}/adherence/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZAdherence.parse(res.json());
}

const week = (start: string, prescribed: number, done: number) => ({
  start,
  prescribed,
  done,
  rate: prescribed === 0 ? null : done / prescribed,
});

/** Reports on the exercises `ids` for `date`. */
const report = (ids: number[], date: string) =>
  Promise.all(ids.map((id) => buildFeedback(t.ctx, id, { dateCompleted: date })));

describe('GET /programs/{id}/adherence/', () => {
  // Today is Wednesday 2027-06-16 (UTC). A Mon/Wed/Fri program of three exercises starts Wednesday 2027-06-09.
  async function monWedFri() {
    t.clock.set('2027-06-16T10:00:00Z');
    const team = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, team.client.id, team.therapist.id, {
      startDate: '2027-06-09',
      endDate: null,
      daysOfWeek: ['MON', 'WED', 'FRI'],
      exercises: THREE,
    });
    const [a, b, c] = program.exerciseIds as [number, number, number];
    await report([a], '2027-06-07'); // a Monday before the start: not prescribed
    await report([a, b, c], '2027-06-09');
    await report([a], '2027-06-11');
    await report([b], '2027-06-12'); // a Saturday: not prescribed
    await report([a, b], '2027-06-14');
    return { ...team, program, a, b, c, session: await login(t, team.therapist) };
  }

  it('counts exercise-days on prescribed days up to yesterday, per Monday week, oldest first', async () => {
    const s = await monWedFri();
    expect(await adherenceOf(s.session, s.program.id, 3)).toEqual({
      weeks: [week('2027-05-31', 0, 0), week('2027-06-07', 6, 4), week('2027-06-14', 3, 2)],
      last_7: 3 / 6, // Fri 11th and Mon 14th; today (Wed) has nothing done yet
      last_28: 6 / 9,
    });
  });

  it('counts today once something is done today', async () => {
    const s = await monWedFri();
    await report([s.c], '2027-06-16');
    expect(await adherenceOf(s.session, s.program.id, 2)).toEqual({
      weeks: [week('2027-06-07', 6, 4), week('2027-06-14', 6, 3)],
      last_7: 4 / 9,
      last_28: 7 / 12,
    });
  });

  it('counts only current exercises, and their reports only', async () => {
    const s = await monWedFri();
    await report([s.c], '2027-06-16');
    await markExerciseRemoved(t.ctx, s.b);
    expect(await adherenceOf(s.session, s.program.id, 2)).toEqual({
      weeks: [week('2027-06-07', 4, 3), week('2027-06-14', 4, 2)],
      last_7: 3 / 6,
      last_28: 5 / 8,
    });
  });

  it('gives 8 weeks by default, the current one last', async () => {
    const s = await monWedFri();
    const result = await adherenceOf(s.session, s.program.id);
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
  });

  it('counts no day after the end date, and nothing for a program without a start date', async () => {
    t.clock.set('2027-06-16T10:00:00Z');
    const { client, therapist } = await buildCareTeam(t.ctx);
    const ended = await buildProgram(t.ctx, client.id, therapist.id, {
      startDate: '2027-06-07',
      endDate: '2027-06-09',
      daysOfWeek: [...ALL_DAYS],
      exercises: [{ name: 'Only' }],
    });
    await report(ended.exerciseIds, '2027-06-08');
    await report(ended.exerciseIds, '2027-06-10'); // after the end
    const undated = await buildProgram(t.ctx, client.id, therapist.id, { startDate: null, endDate: null });
    const session = await login(t, therapist);
    expect(await adherenceOf(session, ended.id, 2)).toEqual({
      weeks: [week('2027-06-07', 3, 1), week('2027-06-14', 0, 0)],
      last_7: null,
      last_28: 1 / 3,
    });
    expect(await adherenceOf(session, undated.id, 1)).toEqual({
      weeks: [week('2027-06-14', 0, 0)],
      last_7: null,
      last_28: null,
    });
  });

  it("uses the client's own today: a client in Sydney is a day ahead of one in UTC around midnight", async () => {
    t.clock.set('2027-06-15T14:30:00Z'); // Tuesday 14:30 in UTC, Wednesday 00:30 in Sydney
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const sydney = await buildClient(t.ctx, clinicId, therapist.id);
    await updateUserFields(t.ctx.db, sydney.id, { notificationTimezone: 'Australia/Sydney' });
    const schedule = {
      startDate: '2027-06-14',
      endDate: null,
      daysOfWeek: [...ALL_DAYS],
      exercises: [{ name: 'Only' }],
    };
    const utcProgram = await buildProgram(t.ctx, client.id, therapist.id, schedule);
    const sydneyProgram = await buildProgram(t.ctx, sydney.id, therapist.id, schedule);
    await report(utcProgram.exerciseIds, '2027-06-14');
    await report(utcProgram.exerciseIds, '2027-06-16'); // tomorrow for this client: not counted
    await report(sydneyProgram.exerciseIds, '2027-06-14');
    const session = await login(t, therapist);

    expect(await adherenceOf(session, utcProgram.id, 1)).toMatchObject({
      weeks: [week('2027-06-14', 1, 1)],
      last_7: 1,
    });
    expect(await adherenceOf(session, sydneyProgram.id, 1)).toMatchObject({
      weeks: [week('2027-06-14', 2, 1)],
      last_7: 0.5,
    });
    await report(sydneyProgram.exerciseIds, '2027-06-16'); // Sydney's today, now done
    expect(await adherenceOf(session, sydneyProgram.id, 1)).toMatchObject({
      weeks: [week('2027-06-14', 3, 2)],
      last_7: 2 / 3,
    });
  });

  it('is seen by the care team, staff and the client; drafts are not the client’s; others get 404', async () => {
    t.clock.set('2027-06-16T10:00:00Z');
    const team = await buildCareTeam(t.ctx);
    const published = await buildProgram(t.ctx, team.client.id, team.therapist.id);
    const draft = await buildProgram(t.ctx, team.client.id, team.therapist.id, { isDraft: true });
    const other = await buildCareTeam(t.ctx);
    const colleague = await buildTherapist(t.ctx, team.clinicId);
    const statuses = async (user: { email: string; password: string }) => {
      const session = await login(t, user);
      const urls = [published.id, draft.id].map((id) => `/api/programs/${id}/adherence/`);
      return Promise.all(urls.map(async (url) => (await get(session, url)).statusCode));
    };
    expect(await statuses(team.therapist)).toEqual([200, 200]);
    expect(await statuses(colleague)).toEqual([200, 200]);
    expect(await statuses(await buildStaff(t.ctx))).toEqual([200, 200]);
    expect(await statuses(team.client)).toEqual([200, 404]);
    expect(await statuses(other.therapist)).toEqual([404, 404]);
    expect(await statuses(other.client)).toEqual([404, 404]);
    expect((await get(null, `/api/programs/${published.id}/adherence/`)).statusCode).toBe(401);
    const missing = await get(await login(t, team.therapist), '/api/programs/999999999/adherence/');
    expect(missing.statusCode).toBe(404);
  });

  it('answers 400 with the schema message for weeks outside 1 to 52 or not a whole number', async () => {
    t.clock.set('2027-06-16T10:00:00Z');
    const team = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, team.client.id, team.therapist.id);
    const session = await login(t, team.therapist);
    const message = 'Enter a whole number of weeks from 1 to 52.';
    for (const weeks of ['0', '53', 'abc', '1.5', '-1']) {
      const res = await get(session, `/api/programs/${program.id}/adherence/?weeks=${weeks}`);
      expect(res.statusCode, weeks).toBe(400);
      expect(res.json(), weeks).toMatchObject({
        code: 'validation_error',
        error: message,
        fields: { weeks: message },
      });
    }
    expect((await adherenceOf(session, program.id, 52)).weeks).toHaveLength(52);
  });

  it('is one statement that also writes the audit row, found or not', async () => {
    const s = await monWedFri();
    await adherenceOf(s.session, s.program.id); // the caller's state and the zone list are cached from here on
    const queries = countRoundTrips(t.ctx.db);
    let res;
    try {
      res = await get(s.session, `/api/programs/${s.program.id}/adherence/?weeks=4`);
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
        targetType: 'program',
        targetIds: [s.program.id],
        subjectUserId: s.client.id,
        details: { view: 'adherence' },
      },
    ]);
  });
});
