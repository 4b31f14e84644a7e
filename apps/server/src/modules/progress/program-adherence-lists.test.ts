import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZClientListItem, ZClientListPage } from '@hep/shared/schemas/clients';
import { ZProgramListItem } from '@hep/shared/schemas/programs';
import { updateUserFields } from '../users/users.repository';
import { buildClient, buildClinic, buildTherapist, login, type Session } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildFeedback, buildProgram } from '../../../test/program-factories';
import { countRoundTrips } from '../../../test/round-trips';

// The last-7-days rate on the client list's rows and on the client page's program cards
// (docs/product/feedback-and-progress.md#adherence).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ALL_DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

const get = (session: Session, url: string) => t.app.inject({ method: 'GET', url, headers: session.headers });

const report = (ids: number[], dates: string[]) =>
  Promise.all(ids.flatMap((id) => dates.map((date) => buildFeedback(t.ctx, id, { dateCompleted: date }))));

async function rowsOf(session: Session) {
  const plain = await get(session, '/api/users/clients/');
  expect(plain.statusCode).toBe(200);
  const rows = (plain.json() as unknown[]).map((row) => ZClientListItem.strict().parse(row));
  const paged = await get(session, '/api/users/clients/?page=1');
  expect(ZClientListPage.parse(paged.json()).results).toEqual(rows);
  return new Map(rows.map((row) => [row.id, row.adherence_last_7]));
}

async function cardsOf(session: Session, clientId: number) {
  const res = await get(session, `/api/programs/?client=${clientId}`);
  expect(res.statusCode).toBe(200);
  const cards = (res.json() as unknown[]).map((card) => ZProgramListItem.strict().parse(card));
  return new Map(cards.map((card) => [card.id, card.adherence_last_7]));
}

describe('adherence_last_7 on the client list and the program cards', () => {
  // Today is Wednesday 2027-06-16 (UTC): the window is Thursday 10th to today.
  async function setUp() {
    t.clock.set('2027-06-16T10:00:00Z');
    const clinicId = await buildClinic(t.ctx);
    const therapist = await buildTherapist(t.ctx, clinicId);
    const client = await buildClient(t.ctx, clinicId, therapist.id, { lastName: 'Able' });
    const idle = await buildClient(t.ctx, clinicId, therapist.id, { lastName: 'Baker' });
    // Daily, one exercise: 10th-15th counted (today not done yet) = 6; done 10th-13th = 4 (the 9th is outside).
    const daily = await buildProgram(t.ctx, client.id, therapist.id, {
      startDate: '2027-06-01',
      endDate: null,
      daysOfWeek: [...ALL_DAYS],
      exercises: [{ name: 'Walk' }],
    });
    await report(daily.exerciseIds, ['2027-06-09', '2027-06-10', '2027-06-11', '2027-06-12', '2027-06-13']);
    // Mon/Wed/Fri, two exercises: Fri 11th, Mon 14th and today (something done) = 3 x 2 = 6; done 3.
    const mwf = await buildProgram(t.ctx, client.id, therapist.id, {
      startDate: '2027-06-01',
      endDate: '2027-06-30',
      exercises: [{ name: 'Reach' }, { name: 'Grip' }],
    });
    await report(mwf.exerciseIds, ['2027-06-14']);
    await report([mwf.exerciseIds[0]!], ['2027-06-16']);
    // A draft prescribes nothing, whatever its feedback says.
    const draft = await buildProgram(t.ctx, client.id, therapist.id, {
      isDraft: true,
      startDate: '2027-06-01',
      daysOfWeek: [...ALL_DAYS],
      exercises: [{ name: 'Draft' }],
    });
    await report(draft.exerciseIds, ['2027-06-12']);
    return { clinicId, therapist, client, idle, daily, mwf, draft, session: await login(t, therapist) };
  }

  it('gives each client row the rate of all their published programs together, null with nothing due', async () => {
    const s = await setUp();
    const rows = await rowsOf(s.session);
    expect(rows.get(s.client.id)).toBe(7 / 12);
    expect(rows.get(s.idle.id)).toBeNull();
  });

  it("gives each of the client page's program cards its own rate, null for a draft", async () => {
    const s = await setUp();
    const cards = await cardsOf(s.session, s.client.id);
    expect(Object.fromEntries(cards)).toEqual({
      [s.daily.id]: 4 / 6,
      [s.mwf.id]: 3 / 6,
      [s.draft.id]: null,
    });
    // The week list (the client's home screen) does not carry it.
    const week = await get(
      await login(t, s.client),
      '/api/programs/?start_date=2027-06-14&end_date=2027-06-20',
    );
    expect((week.json() as object[]).every((p) => !('adherence_last_7' in p))).toBe(true);
  });

  it("uses each client's own today (Sydney is a day ahead of UTC around midnight)", async () => {
    t.clock.set('2027-06-15T14:30:00Z'); // Tuesday 14:30 in UTC, Wednesday 00:30 in Sydney
    const clinicId = await buildClinic(t.ctx);
    const therapist = await buildTherapist(t.ctx, clinicId);
    const utc = await buildClient(t.ctx, clinicId, therapist.id);
    const sydney = await buildClient(t.ctx, clinicId, therapist.id);
    await updateUserFields(t.ctx.db, sydney.id, { notificationTimezone: 'Australia/Sydney' });
    const schedule = { startDate: '2027-06-14', endDate: null, daysOfWeek: [...ALL_DAYS], exercises: [{}] };
    const utcProgram = await buildProgram(t.ctx, utc.id, therapist.id, schedule);
    const sydneyProgram = await buildProgram(t.ctx, sydney.id, therapist.id, schedule);
    await report(utcProgram.exerciseIds, ['2027-06-14']);
    await report(sydneyProgram.exerciseIds, ['2027-06-14']);
    const session = await login(t, therapist);
    const rows = await rowsOf(session);
    expect([rows.get(utc.id), rows.get(sydney.id)]).toEqual([1, 0.5]);
    expect((await cardsOf(session, sydney.id)).get(sydneyProgram.id)).toBe(0.5);
  });

  it('costs the same number of queries for many clients and programs as for one', async () => {
    const s = await setUp();
    await rowsOf(s.session); // the caller's state and the zone list are cached from here on
    const queries = countRoundTrips(t.ctx.db);
    try {
      await get(s.session, '/api/users/clients/?page=1');
      const forTwo = queries.count();
      for (let i = 0; i < 5; i += 1) {
        const more = await buildClient(t.ctx, s.clinicId, s.therapist.id);
        const program = await buildProgram(t.ctx, more.id, s.therapist.id, { startDate: '2027-06-01' });
        await report(program.exerciseIds, ['2027-06-14']);
      }
      queries.reset();
      const page = await get(s.session, '/api/users/clients/?page=1');
      expect(queries.count()).toBe(forTwo);
      expect(ZClientListPage.parse(page.json()).results).toHaveLength(7);
      queries.reset();
      await get(s.session, '/api/users/clients/');
      expect(queries.count()).toBe(forTwo);
    } finally {
      queries.restore();
    }
  });
});
