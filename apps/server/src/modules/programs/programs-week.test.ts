import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { ZProgram } from '@hep/shared/schemas/programs';
import {
  buildCareTeam,
  buildClient,
  buildStaff,
  buildTherapist,
  login,
  type Session,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram, type ProgramOverrides } from '../../../test/program-factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (session: Session | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: session ? session.headers : {} });
const namesOf = (body: { name: string }[]) => body.map((p) => p.name).sort();
const week = (start: string, end: string, extra = '') =>
  `/api/programs/?start_date=${start}&end_date=${end}${extra}`;

/** The weekly list: one client's programs around the week of Monday 7 June 2027 (each test its own clinic). */
async function setUpWeek() {
  t.clock.set('2027-06-09T10:00:00Z');
  const team = await buildCareTeam(t.ctx);
  const colleague = await buildTherapist(t.ctx, team.clinicId);
  const colleaguesClient = await buildClient(t.ctx, team.clinicId, colleague.id);
  const program = (name: string, overrides: ProgramOverrides, clientId = team.client.id) =>
    buildProgram(t.ctx, clientId, team.therapist.id, { name, ...overrides });
  await program('In the week', { startDate: '2027-06-01', endDate: '2027-06-30' });
  await program('Ends on Monday', { startDate: '2027-05-01', endDate: '2027-06-07' });
  await program('Starts on Sunday', { startDate: '2027-06-13', endDate: '2027-07-31' });
  await program('Open-ended', { startDate: '2027-01-04', endDate: null });
  await program('Draft in the week', { startDate: '2027-06-01', endDate: '2027-06-30', isDraft: true });
  await program('Ended the Sunday before', { startDate: '2027-05-01', endDate: '2027-06-06' });
  await program('Starts the Monday after', { startDate: '2027-06-14', endDate: '2027-06-30' });
  await program('No start date', { startDate: null, endDate: null });
  await program('Colleague’s client', { startDate: '2027-06-10', endDate: null }, colleaguesClient.id);
  return team;
}

const CLIENTS_WEEK = ['Ends on Monday', 'In the week', 'Open-ended', 'Starts on Sunday'];

describe('GET /api/programs/?start_date=&end_date=', () => {
  it('gives a client their published programs whose dates overlap the range, ends included', async () => {
    const { client } = await setUpWeek();
    const res = await get(await login(t, client), week('2027-06-07', '2027-06-13'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(namesOf(body)).toEqual(CLIENTS_WEEK);
    for (const program of body) expect(ZProgram.strict().parse(program)).toEqual(program);
  });

  it('leaves drafts out for the care team too, with or without a client filter', async () => {
    const { therapist, client } = await setUpWeek();
    const session = await login(t, therapist);
    const all = await get(session, week('2027-06-07', '2027-06-13'));
    expect(namesOf(all.json())).toEqual([...CLIENTS_WEEK, 'Colleague’s client'].sort());
    const one = await get(session, week('2027-06-07', '2027-06-13', `&client=${client.id}`));
    expect(namesOf(one.json())).toEqual(CLIENTS_WEEK);
    // Without dates the therapist's list still shows drafts and programs of any date.
    const unfiltered = await get(session, `/api/programs/?client=${client.id}`);
    expect(unfiltered.json()).toHaveLength(8);
  });

  it('gives staff every overlapping published program, and a single day works as a range', async () => {
    const { client } = await setUpWeek();
    const session = await login(t, await buildStaff(t.ctx));
    const res = await get(session, week('2027-06-13', '2027-06-13', `&client=${client.id}`));
    expect(namesOf(res.json())).toEqual(['In the week', 'Open-ended', 'Starts on Sunday']);
    const everyone = await get(session, week('2027-06-07', '2027-06-13'));
    expect(namesOf(everyone.json())).toEqual(expect.arrayContaining([...CLIENTS_WEEK, 'Colleague’s client']));
    expect(namesOf(everyone.json())).not.toContain('Draft in the week');
  });

  it('answers 400 with a readable message for a half, reversed, too long or invalid range; 401 without a token', async () => {
    t.clock.set('2027-06-09T10:00:00Z');
    const session = await login(t, (await buildCareTeam(t.ctx)).therapist);
    const both = 'Give both start_date and end_date, or neither.';
    const cases: [string, string, string][] = [
      ['start_date=2027-06-07', 'end_date', both],
      ['end_date=2027-06-13', 'start_date', both],
      [
        'start_date=2027-06-13&end_date=2027-06-07',
        'end_date',
        'The end date must be on or after the start date.',
      ],
      ['start_date=2027-01-01&end_date=2028-02-05', 'end_date', 'Ask for at most 400 days at a time.'],
      ['start_date=2027-06-07&end_date=13/06/2027', 'end_date', VALIDATION_TEXTS.invalidDate],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(session, `/api/programs/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        error: message,
        code: 'validation_error',
        fields: { [field]: message },
      });
    }
    expect((await get(null, week('2027-06-07', '2027-06-13'))).statusCode).toBe(401);
  });
});
