import { and, eq } from 'drizzle-orm';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datesBetween } from '@hep/shared/domain/day-status';
import { ZStatusMap } from '@hep/shared/schemas/status';
import { auditLog } from '../../db/schema/audit-log';
import { removeOtherExercises } from '../programs/exercises.repository';
import { updateUserFields } from '../users/users.repository';
import {
  buildCareTeam,
  buildClient,
  buildClinic,
  buildStaff,
  buildTherapist,
  login,
  type Session,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildFeedback, buildProgram } from '../../../test/program-factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOT_FOUND = { error: ERROR_TEXTS.notFound, code: 'not_found' };
const ALL_DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
const get = (session: Session | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: session ? session.headers : {} });
const statusOf = async (session: Session, id: number, query: string) => {
  const res = await get(session, `/api/programs/${id}/status/?${query}`);
  expect(res.statusCode).toBe(200);
  return ZStatusMap.parse(res.json());
};

/** Friday 6 March 2026, 10:00 UTC; the program runs Mon/Wed/Fri from Friday 27 February, two exercises. */
async function setUpFiveStates() {
  t.clock.set('2026-03-06T10:00:00Z');
  const team = await buildCareTeam(t.ctx);
  const program = await buildProgram(t.ctx, team.client.id, team.therapist.id, {
    startDate: '2026-02-27',
    endDate: '2026-03-27',
    daysOfWeek: ['MON', 'WED', 'FRI'],
  });
  const [first, second] = program.exerciseIds as [number, number];
  await buildFeedback(t.ctx, first, { dateCompleted: '2026-03-02' });
  await buildFeedback(t.ctx, second, { dateCompleted: '2026-03-02' });
  await buildFeedback(t.ctx, second, { dateCompleted: '2026-03-04' });
  return { ...team, program, first, second };
}

describe('GET /api/programs/{id}/status/', () => {
  it('gives every day asked one of the five statuses, for the client and their care team alike', async () => {
    const { therapist, client, program } = await setUpFiveStates();
    const expected = {
      '2026-02-25': 'not-prescribed', // before the start
      '2026-02-26': 'not-prescribed',
      '2026-02-27': 'missed', // Friday, nothing done
      '2026-02-28': 'not-prescribed', // Saturday
      '2026-03-01': 'not-prescribed',
      '2026-03-02': 'completed', // both exercises
      '2026-03-03': 'not-prescribed', // Tuesday
      '2026-03-04': 'in-progress', // one of two
      '2026-03-05': 'not-prescribed',
      '2026-03-06': 'pending', // today, nothing done yet
      '2026-03-07': 'not-prescribed',
      '2026-03-08': 'not-prescribed',
      '2026-03-09': 'pending', // next Monday
    };
    for (const user of [client, therapist]) {
      const session = await login(t, user);
      const map = await statusOf(session, program.id, 'start_date=2026-02-25&end_date=2026-03-09');
      expect(map).toEqual(expected);
      expect(Object.keys(map)).toEqual(Object.keys(expected));
    }
  });

  it('answers a month, every day of it, and the same path without its trailing slash', async () => {
    const { client, program } = await setUpFiveStates();
    const session = await login(t, client);
    const map = await statusOf(session, program.id, 'month=2026-03');
    expect(Object.keys(map)).toEqual(datesBetween('2026-03-01', '2026-03-31'));
    expect(map).toMatchObject({
      '2026-03-01': 'not-prescribed',
      '2026-03-02': 'completed',
      '2026-03-04': 'in-progress',
      '2026-03-06': 'pending',
      '2026-03-27': 'pending', // the last day
      '2026-03-30': 'not-prescribed', // after the end
    });
    const noSlash = await get(session, `/api/programs/${program.id}/status?month=2026-03`);
    expect(noSlash.statusCode).toBe(200);
    expect(noSlash.json()).toEqual(map);
  });

  it('knows February has 28 days, 29 in a leap year, April 30, and ranges across two months', async () => {
    t.clock.set('2028-03-15T09:00:00Z');
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id, {
      startDate: '2026-01-01',
      endDate: null,
      daysOfWeek: [...ALL_DAYS],
      exercises: [{ name: 'Walk' }],
    });
    await buildFeedback(t.ctx, program.exerciseIds[0]!, { dateCompleted: '2026-01-31' });
    await buildFeedback(t.ctx, program.exerciseIds[0]!, { dateCompleted: '2026-02-01' });
    const session = await login(t, therapist);

    const february = await statusOf(session, program.id, 'month=2026-02');
    expect(Object.keys(february)).toHaveLength(28);
    expect(Object.keys(february).at(-1)).toBe('2026-02-28');
    const leap = await statusOf(session, program.id, 'month=2028-02');
    expect(Object.keys(leap)).toHaveLength(29);
    expect(leap['2028-02-29']).toBe('missed');
    expect(Object.keys(await statusOf(session, program.id, 'month=2026-04'))).toHaveLength(30);

    const across = await statusOf(session, program.id, 'start_date=2026-01-30&end_date=2026-02-02');
    expect(across).toEqual({
      '2026-01-30': 'missed',
      '2026-01-31': 'completed',
      '2026-02-01': 'completed',
      '2026-02-02': 'missed',
    });
  });

  it("counts from the client's own today: the same instant is missed in Auckland and pending in UTC", async () => {
    // 11:30 UTC on Wednesday 4 March is already 00:30 on Thursday 5 March in Auckland.
    t.clock.set('2026-03-04T11:30:00Z');
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const kiwi = await buildClient(t.ctx, clinicId, therapist.id);
    await updateUserFields(t.ctx.db, kiwi.id, { notificationTimezone: 'Pacific/Auckland' });
    const schedule = { startDate: '2026-03-02', endDate: '2026-03-31', daysOfWeek: [...ALL_DAYS] };
    const utcProgram = await buildProgram(t.ctx, client.id, therapist.id, schedule);
    const kiwiProgram = await buildProgram(t.ctx, kiwi.id, therapist.id, schedule);
    const query = 'start_date=2026-03-03&end_date=2026-03-05';

    // Whoever asks, the day is judged in the client's zone.
    const session = await login(t, therapist);
    expect(await statusOf(session, utcProgram.id, query)).toEqual({
      '2026-03-03': 'missed',
      '2026-03-04': 'pending',
      '2026-03-05': 'pending',
    });
    expect(await statusOf(session, kiwiProgram.id, query)).toEqual({
      '2026-03-03': 'missed',
      '2026-03-04': 'missed',
      '2026-03-05': 'pending',
    });
    expect(await statusOf(await login(t, kiwi), kiwiProgram.id, query)).toMatchObject({
      '2026-03-04': 'missed',
    });
  });

  it('counts only the current exercises: feedback on a removed exercise no longer counts', async () => {
    t.clock.set('2026-03-20T08:00:00Z');
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id, {
      startDate: '2026-03-02',
      endDate: '2026-03-31',
      daysOfWeek: ['MON', 'WED', 'FRI'],
    });
    const [kept, removed] = program.exerciseIds as [number, number];
    await buildFeedback(t.ctx, kept, { dateCompleted: '2026-03-02' });
    await buildFeedback(t.ctx, removed, { dateCompleted: '2026-03-02' });
    await buildFeedback(t.ctx, kept, { dateCompleted: '2026-03-04' });
    await buildFeedback(t.ctx, removed, { dateCompleted: '2026-03-06' });
    const session = await login(t, therapist);
    const query = 'start_date=2026-03-02&end_date=2026-03-06';
    expect(await statusOf(session, program.id, query)).toMatchObject({
      '2026-03-02': 'completed',
      '2026-03-04': 'in-progress',
      '2026-03-06': 'in-progress',
    });

    // An edit takes the second exercise out; it has feedback, so it stays, marked removed (decision 005).
    await removeOtherExercises(t.ctx.db, program.id, [kept], t.ctx.now());
    expect(await statusOf(session, program.id, query)).toEqual({
      '2026-03-02': 'completed',
      '2026-03-03': 'not-prescribed',
      '2026-03-04': 'completed',
      '2026-03-05': 'not-prescribed',
      '2026-03-06': 'missed',
    });
  });

  it('shows a program without exercises as asking nothing on any day', async () => {
    t.clock.set('2026-03-20T08:00:00Z');
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id, {
      startDate: '2026-03-02',
      endDate: '2026-03-31',
      daysOfWeek: [...ALL_DAYS],
      exercises: [],
    });
    const map = await statusOf(
      await login(t, client),
      program.id,
      'start_date=2026-03-18&end_date=2026-03-22',
    );
    expect(Object.values(map)).toEqual(Array(5).fill('not-prescribed'));
  });

  it("gives the care team a draft's days as not-prescribed; the client gets 404 for their own draft", async () => {
    t.clock.set('2026-03-20T08:00:00Z');
    const { therapist, client } = await buildCareTeam(t.ctx);
    const draft = await buildProgram(t.ctx, client.id, therapist.id, {
      isDraft: true,
      startDate: '2026-03-02',
      endDate: '2026-03-31',
      daysOfWeek: [...ALL_DAYS],
    });
    const query = 'start_date=2026-03-18&end_date=2026-03-22';
    for (const viewer of [therapist, await buildStaff(t.ctx)]) {
      const map = await statusOf(await login(t, viewer), draft.id, query);
      expect(Object.values(map)).toEqual(Array(5).fill('not-prescribed'));
    }
    const res = await get(await login(t, client), `/api/programs/${draft.id}/status/?${query}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('answers 404 outside the caller’s scope and 401 without a token', async () => {
    t.clock.set('2026-03-20T08:00:00Z');
    const team = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, team.client.id, team.therapist.id);
    const otherClinic = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    const anotherClient = await buildClient(t.ctx, team.clinicId, team.therapist.id);
    const url = `/api/programs/${program.id}/status/?month=2026-03`;
    for (const viewer of [otherClinic, anotherClient]) {
      const res = await get(await login(t, viewer), url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const unknown = await get(await login(t, team.therapist), '/api/programs/999999/status/?month=2026-03');
    expect(unknown.json()).toEqual(NOT_FOUND);
    const anonymous = await get(null, url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('unauthenticated');
    const colleague = await buildTherapist(t.ctx, team.clinicId);
    expect((await get(await login(t, colleague), url)).statusCode).toBe(200);
  });

  it('answers 400 with a readable message for each bad query', async () => {
    t.clock.set('2026-03-20T08:00:00Z');
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id);
    const session = await login(t, therapist);
    const cases: [string, string, string][] = [
      ['month=2026-13', 'month', 'Give the month as YYYY-MM.'],
      ['month=March', 'month', 'Give the month as YYYY-MM.'],
      ['', 'month', 'Give either month=YYYY-MM or start_date and end_date.'],
      [
        'month=2026-03&start_date=2026-03-01&end_date=2026-03-31',
        'month',
        'Give either month=YYYY-MM or start_date and end_date.',
      ],
      ['start_date=2026-03-01', 'month', 'Give either month=YYYY-MM or start_date and end_date.'],
      [
        'start_date=2026-03-10&end_date=2026-03-09',
        'end_date',
        'The end date must be on or after the start date.',
      ],
      ['start_date=2026-01-01&end_date=2027-02-05', 'end_date', 'Ask for at most 400 days at a time.'],
      ['start_date=2026-02-30&end_date=2026-03-09', 'start_date', VALIDATION_TEXTS.invalidDate],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(session, `/api/programs/${program.id}/status/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        error: message,
        code: 'validation_error',
        fields: { [field]: message },
      });
    }
    // 400 days exactly is allowed.
    const longest = await statusOf(session, program.id, 'start_date=2026-01-01&end_date=2027-02-04');
    expect(Object.keys(longest)).toHaveLength(400);
    const badId = await get(session, '/api/programs/abc/status/?month=2026-03');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toBe('Enter a valid id.');
  });

  it('records the read in the audit log', async () => {
    const { therapist, client, program } = await setUpFiveStates();
    await statusOf(await login(t, therapist), program.id, 'month=2026-03');
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, therapist.id), eq(auditLog.targetType, 'program')));
    expect(rows).toMatchObject([
      {
        action: 'read',
        targetIds: [program.id],
        subjectUserId: client.id,
        details: { view: 'status' },
      },
    ]);
  });
});
