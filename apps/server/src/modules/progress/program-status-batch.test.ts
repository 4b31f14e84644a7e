import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBatchStatus } from '@hep/shared/schemas/status';
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
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildFeedback, buildProgram, type ProgramOverrides } from '../../../test/program-factories';
import { countRoundTrips } from '../../../test/round-trips';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ALL_DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
const get = (session: Session | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: session ? session.headers : {} });
const batchOf = async (session: Session, start: string, end: string) => {
  const res = await get(session, `/api/programs/status/?start_date=${start}&end_date=${end}`);
  expect(res.statusCode).toBe(200);
  return ZBatchStatus.parse(res.json());
};
const idsOf = (batch: Record<string, unknown>) =>
  Object.keys(batch)
    .map(Number)
    .sort((a, b) => a - b);
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

describe('GET /api/programs/status/', () => {
  // Each test asks about its own week, so that staff (who see every program) get an exact answer.
  it('gives client, therapist and staff exactly the published programs they see that overlap the range', async () => {
    t.clock.set('2027-06-09T10:00:00Z');
    const week = { start: '2027-06-07', end: '2027-06-13' };
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const colleague = await buildTherapist(t.ctx, clinicId);
    const colleaguesClient = await buildClient(t.ctx, clinicId, colleague.id);
    const elsewhere = await buildCareTeam(t.ctx);
    const program = (clientId: number, therapistId: number, overrides: ProgramOverrides) =>
      buildProgram(t.ctx, clientId, therapistId, { daysOfWeek: ['MON', 'THU'], ...overrides }).then(
        (p) => p.id,
      );

    const inWeek = await program(client.id, therapist.id, { startDate: '2027-06-01', endDate: '2027-06-30' });
    const endsOnMonday = await program(client.id, therapist.id, {
      startDate: '2027-05-01',
      endDate: '2027-06-07',
    });
    const startsOnSunday = await program(client.id, therapist.id, {
      startDate: '2027-06-13',
      endDate: '2027-07-31',
    });
    const openEnded = await program(client.id, therapist.id, { startDate: '2027-01-04', endDate: null });
    await program(client.id, therapist.id, { startDate: '2027-06-01', endDate: '2027-06-30', isDraft: true });
    await program(client.id, therapist.id, { startDate: '2027-05-01', endDate: '2027-06-06' });
    await program(client.id, therapist.id, { startDate: '2027-06-14', endDate: '2027-06-30' });
    await program(client.id, therapist.id, { startDate: null, endDate: null });
    const colleagues = await program(colleaguesClient.id, colleague.id, {
      startDate: '2027-06-07',
      endDate: null,
    });
    const otherClinic = await program(elsewhere.client.id, elsewhere.therapist.id, {
      startDate: '2027-06-10',
    });

    const mine = [inWeek, endsOnMonday, startsOnSunday, openEnded];
    const clientBatch = await batchOf(await login(t, client), week.start, week.end);
    expect(idsOf(clientBatch)).toEqual(sorted(...mine));
    const therapistBatch = await batchOf(await login(t, therapist), week.start, week.end);
    expect(idsOf(therapistBatch)).toEqual(sorted(...mine, colleagues));
    const staffBatch = await batchOf(await login(t, await buildStaff(t.ctx)), week.start, week.end);
    expect(idsOf(staffBatch)).toEqual(sorted(...mine, colleagues, otherClinic));
    const elsewhereBatch = await batchOf(await login(t, elsewhere.therapist), week.start, week.end);
    expect(idsOf(elsewhereBatch)).toEqual([otherClinic]);

    // Every program carries every day asked; days outside its own dates are not prescribed.
    expect(clientBatch[endsOnMonday]).toEqual({
      '2027-06-07': 'missed',
      '2027-06-08': 'not-prescribed',
      '2027-06-09': 'not-prescribed',
      '2027-06-10': 'not-prescribed',
      '2027-06-11': 'not-prescribed',
      '2027-06-12': 'not-prescribed',
      '2027-06-13': 'not-prescribed',
    });
    expect(clientBatch[inWeek]).toMatchObject({ '2027-06-07': 'missed', '2027-06-10': 'pending' });
    expect(Object.values(clientBatch[startsOnSunday]!)).toEqual(Array(7).fill('not-prescribed'));
  });

  it('computes each program from its own client’s today and feedback', async () => {
    // 14:00 UTC on Thursday 10 June 2027 is already midnight, Friday 11 June, in Sydney (UTC+10 in winter).
    t.clock.set('2027-06-10T14:00:00Z');
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const sydney = await buildClient(t.ctx, clinicId, therapist.id);
    await updateUserFields(t.ctx.db, sydney.id, { notificationTimezone: 'Australia/Sydney' });
    const schedule = { startDate: '2027-06-01', endDate: '2027-06-30', daysOfWeek: [...ALL_DAYS] };
    const utcProgram = await buildProgram(t.ctx, client.id, therapist.id, schedule);
    const sydneyProgram = await buildProgram(t.ctx, sydney.id, therapist.id, schedule);
    const [a, b] = utcProgram.exerciseIds as [number, number];
    await buildFeedback(t.ctx, a, { dateCompleted: '2027-06-08' });
    await buildFeedback(t.ctx, b, { dateCompleted: '2027-06-08' });
    await buildFeedback(t.ctx, a, { dateCompleted: '2027-06-09' });
    await buildFeedback(t.ctx, sydneyProgram.exerciseIds[0]!, { dateCompleted: '2027-06-11' });

    const batch = await batchOf(await login(t, therapist), '2027-06-08', '2027-06-11');
    expect(batch[utcProgram.id]).toEqual({
      '2027-06-08': 'completed',
      '2027-06-09': 'in-progress',
      '2027-06-10': 'pending',
      '2027-06-11': 'pending',
    });
    expect(batch[sydneyProgram.id]).toEqual({
      '2027-06-08': 'missed',
      '2027-06-09': 'missed',
      '2027-06-10': 'missed',
      '2027-06-11': 'in-progress',
    });
  });

  it('answers an empty object when nothing overlaps, and works without the trailing slash', async () => {
    t.clock.set('2027-06-10T08:00:00Z');
    const { client } = await buildCareTeam(t.ctx);
    const res = await get(
      await login(t, client),
      '/api/programs/status?start_date=2027-06-07&end_date=2027-06-13',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('costs the same number of queries for 20 programs as for 1', async () => {
    t.clock.set('2027-07-07T08:00:00Z');
    const { therapist, client } = await buildCareTeam(t.ctx);
    const schedule = { startDate: '2027-07-01', endDate: '2027-07-31', daysOfWeek: [...ALL_DAYS] };
    const first = await buildProgram(t.ctx, client.id, therapist.id, schedule);
    await buildFeedback(t.ctx, first.exerciseIds[0]!, { dateCompleted: '2027-07-05' });
    const session = await login(t, client);
    await batchOf(session, '2027-07-05', '2027-07-11'); // the caller's account state is cached from here on
    const queries = countRoundTrips(t.ctx.db);
    try {
      const one = await batchOf(session, '2027-07-05', '2027-07-11');
      const queriesForOne = queries.count();
      expect(idsOf(one)).toEqual([first.id]);
      expect(queriesForOne).toBeGreaterThanOrEqual(1);

      const more: number[] = [];
      for (let i = 1; i < 20; i += 1) {
        const extra = await buildProgram(t.ctx, client.id, therapist.id, { ...schedule, name: `P${i}` });
        await buildFeedback(t.ctx, extra.exerciseIds[i % 2]!, { dateCompleted: '2027-07-06' });
        more.push(extra.id);
      }
      queries.reset();
      const twenty = await batchOf(session, '2027-07-05', '2027-07-11');
      expect(queries.count()).toBe(queriesForOne);
      expect(idsOf(twenty)).toEqual(sorted(first.id, ...more));
      for (const id of more) {
        expect(twenty[id]).toMatchObject({ '2027-07-05': 'missed', '2027-07-06': 'in-progress' });
      }
      expect(twenty[first.id]).toMatchObject({ '2027-07-05': 'in-progress', '2027-07-07': 'pending' });
    } finally {
      queries.restore();
    }
  });

  it('records one audit read naming every program returned', async () => {
    t.clock.set('2027-08-04T08:00:00Z');
    const { therapist, client } = await buildCareTeam(t.ctx);
    const a = await buildProgram(t.ctx, client.id, therapist.id, { startDate: '2027-08-02', endDate: null });
    const b = await buildProgram(t.ctx, client.id, therapist.id, { startDate: '2027-08-03', endDate: null });
    await batchOf(await login(t, client), '2027-08-02', '2027-08-08');
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, client.id), eq(auditLog.targetType, 'program')));
    expect(rows).toMatchObject([
      {
        action: 'read',
        targetIds: sorted(a.id, b.id),
        subjectUserId: client.id,
        details: { view: 'status' },
      },
    ]);
  });

  it('answers 400 with a readable message for each bad range, and 401 without a token', async () => {
    t.clock.set('2027-08-04T08:00:00Z');
    const session = await login(t, (await buildCareTeam(t.ctx)).therapist);
    const cases: [string, string, string][] = [
      ['start_date=2027-08-02', 'end_date', 'Give both start_date and end_date.'],
      ['', 'start_date', 'Give both start_date and end_date.'],
      [
        'start_date=2027-08-09&end_date=2027-08-08',
        'end_date',
        'The end date must be on or after the start date.',
      ],
      ['start_date=2027-01-01&end_date=2028-02-05', 'end_date', 'Ask for at most 400 days at a time.'],
      ['start_date=2027-08-02&end_date=2027-08-32', 'end_date', 'Enter a valid date.'],
      ['start_date=yesterday&end_date=2027-08-08', 'start_date', 'Enter a valid date.'],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(session, `/api/programs/status/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        error: message,
        code: 'validation_error',
        fields: { [field]: message },
      });
    }
    const anonymous = await get(null, '/api/programs/status/?start_date=2027-08-02&end_date=2027-08-08');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthenticated');
  });
});
