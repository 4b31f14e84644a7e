import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildClinic, buildTherapist, deactivate, login, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram } from '../../../test/program-factories';
import {
  attentionOf,
  buildAttentionClient,
  codesOf,
  day,
  EVERY_DAY,
  NOW,
  reasonOf,
  report,
} from './attention.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOW));

const DAY_MS = 24 * 60 * 60 * 1000;

async function careTeam(input: Parameters<typeof buildAttentionClient>[3] = {}) {
  const clinicId = await buildClinic(t.ctx);
  const therapist = await buildTherapist(t.ctx, clinicId);
  const client = await buildAttentionClient(t, clinicId, therapist.id, input);
  return { clinicId, therapist, client };
}

/**
 * A program that asks nothing before today and does not end soon, so that only the reports a test writes can
 * give a reason (its days before today are not prescribed: no streak, no inactivity).
 */
const quietProgram = (client: TestUser, therapist: TestUser) =>
  buildProgram(t.ctx, client.id, therapist.id, {
    startDate: day(0),
    endDate: day(28),
    daysOfWeek: EVERY_DAY,
  });

describe('pain', () => {
  it('lists a report of 7 or more, or 2 more than the exercise previous pain, from the last 7 days', async () => {
    const { therapist, client } = await careTeam();
    const { id: programId, exerciseIds } = await quietProgram(client, therapist);
    const [sit, heel] = exerciseIds as [number, number];
    await report(t, sit, { date: day(-9), pain: 1 }); // the previous pain of the report on day -7
    await report(t, sit, { date: day(-7), pain: 9 }); // outside the 7 days
    await report(t, sit, { date: day(-4), pain: 4 });
    await report(t, sit, { date: day(-3), pain: null }); // no value: not a "previous"
    await report(t, sit, { date: day(-2), pain: 5 }); // 1 more than 4: not yet
    await report(t, heel, { date: day(-6), pain: 6 }); // under 7, no previous
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);

    await report(t, heel, { date: day(-5), pain: 7 });
    await report(t, sit, { date: day(-1), pain: 7 }); // 2 more than 5
    const list = await attentionOf(t, therapist);
    expect(list.find((item) => item.client_id === client.id)).toEqual({
      client_id: client.id,
      name: 'Tester, Client',
      reasons: [
        {
          code: 'pain',
          since: day(-5),
          detail: {
            program_id: programId,
            program_name: 'Balance program',
            exercise_id: sit,
            exercise_name: 'Sit to stand',
            date: day(-1),
            value: 7,
            previous: 5,
            days: null,
            instrument: null,
          },
        },
      ],
    });
  });

  it('counts a rise of 2 from the previous report with a pain value, and clears as the report ages', async () => {
    const { therapist, client } = await careTeam();
    const [sit] = (await quietProgram(client, therapist)).exerciseIds as [number];
    await report(t, sit, { date: day(-3), pain: 2 });
    await report(t, sit, { date: day(-2), pain: null });
    await report(t, sit, { date: day(0), pain: 4 });
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'pain')).toMatchObject({
      since: day(0),
      detail: { date: day(0), value: 4, previous: 2 },
    });

    t.clock.advance(7 * DAY_MS);
    expect(codesOf(await attentionOf(t, therapist), client.id)).not.toContain('pain');
  });
});

describe('high_effort', () => {
  it('lists an effort of 8 or more in the last 7 days with the latest one, and clears a week later', async () => {
    const { therapist, client } = await careTeam();
    const [sit, heel] = (await quietProgram(client, therapist)).exerciseIds as [number, number];
    await report(t, sit, { date: day(-7), effort: 10 });
    await report(t, sit, { date: day(-1), effort: 7 });
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);

    await report(t, heel, { date: day(-6), effort: 8 });
    await report(t, heel, { date: day(-2), effort: 9 });
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'high_effort')).toMatchObject({
      since: day(-6),
      detail: { exercise_id: heel, exercise_name: 'Heel raises', date: day(-2), value: 9, previous: null },
    });

    t.clock.advance(4 * DAY_MS);
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'high_effort')?.since).toBe(day(-2));
    t.clock.advance(DAY_MS);
    expect(codesOf(await attentionOf(t, therapist), client.id)).not.toContain('high_effort');
  });
});

describe('missed_streak', () => {
  it('lists the latest 2 or more prescribed days before today all missed, and clears when a report arrives', async () => {
    const { therapist, client } = await careTeam();
    // Mon, Wed, Fri: before Wednesday 13 January come Mon 11, Fri 8, Wed 6, Mon 4.
    const { id: programId, exerciseIds } = await buildProgram(t.ctx, client.id, therapist.id, {
      startDate: day(-12),
      endDate: day(20),
      daysOfWeek: ['MON', 'WED', 'FRI'],
    });
    const [sit] = exerciseIds as [number];
    await report(t, sit, { date: day(-7) }); // Wed 6: in progress (1 of 2), not missed
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'missed_streak')).toEqual({
      code: 'missed_streak',
      since: day(-5),
      detail: {
        program_id: programId,
        program_name: 'Balance program',
        exercise_id: null,
        exercise_name: null,
        date: day(-2),
        value: null,
        previous: null,
        days: 2,
        instrument: null,
      },
    });

    await report(t, sit, { date: day(-6) }); // Thursday: not prescribed, changes nothing
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'missed_streak')?.detail.days).toBe(2);
    await report(t, sit, { date: day(-2) }); // Mon 11 done late: only Fri 8 stays missed
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);
  });

  it('ignores drafts, ended programs and programs without exercises (for inactive too); today does not count yet', async () => {
    const { therapist, client } = await careTeam();
    const daily = { startDate: day(-10), daysOfWeek: EVERY_DAY };
    await buildProgram(t.ctx, client.id, therapist.id, { ...daily, endDate: day(20), isDraft: true });
    await buildProgram(t.ctx, client.id, therapist.id, { ...daily, endDate: day(-1) });
    await buildProgram(t.ctx, client.id, therapist.id, { ...daily, endDate: day(20), exercises: [] });
    const started = await buildProgram(t.ctx, client.id, therapist.id, {
      ...daily,
      startDate: day(-1),
      endDate: day(20),
    });
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);

    t.clock.advance(DAY_MS); // day -1 and day 0 of the last program are now both behind
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'missed_streak')).toMatchObject({
      since: day(-1),
      detail: { program_id: started.id, days: 2 },
    });
  });
});

describe('inactive', () => {
  it('lists an active program started 7 or more days ago with no report for 7 days; a report clears it', async () => {
    const { therapist, client } = await careTeam();
    const { id: programId, exerciseIds } = await buildProgram(t.ctx, client.id, therapist.id, {
      startDate: day(-7),
      endDate: day(20),
      daysOfWeek: ['SAT'],
    });
    const [sit] = exerciseIds as [number];
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'inactive')).toEqual({
      code: 'inactive',
      since: day(-7),
      detail: {
        program_id: programId,
        program_name: 'Balance program',
        exercise_id: null,
        exercise_name: null,
        date: null,
        value: null,
        previous: null,
        days: 8,
        instrument: null,
      },
    });

    await report(t, sit, { date: day(-7) });
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'inactive')).toMatchObject({
      since: day(-6),
      detail: { date: day(-7), days: 7 },
    });
    await report(t, sit, { date: day(-6) });
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);
  });

  it('waits until the program has run 7 days', async () => {
    const { therapist, client } = await careTeam();
    await buildProgram(t.ctx, client.id, therapist.id, {
      startDate: day(-6),
      endDate: day(20),
      daysOfWeek: ['SAT'],
    });
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);
    t.clock.advance(DAY_MS);
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual(['inactive']);
  });
});

describe('program_ending', () => {
  it('lists a published program ending within 3 days, and clears once it has ended', async () => {
    const { therapist, client } = await careTeam();
    await buildProgram(t.ctx, client.id, therapist.id, {
      startDate: day(0),
      endDate: day(4),
      daysOfWeek: ['SAT'],
    });
    await buildProgram(t.ctx, client.id, therapist.id, { startDate: day(0), endDate: day(1), isDraft: true });
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);

    const ending = await buildProgram(t.ctx, client.id, therapist.id, {
      name: 'Hand program',
      startDate: day(0),
      endDate: day(3),
      daysOfWeek: ['SAT'],
    });
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'program_ending')).toEqual({
      code: 'program_ending',
      since: day(0),
      detail: {
        program_id: ending.id,
        program_name: 'Hand program',
        exercise_id: null,
        exercise_name: null,
        date: day(3),
        value: null,
        previous: null,
        days: 3,
        instrument: null,
      },
    });

    t.clock.advance(3 * DAY_MS);
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'program_ending')?.detail.days).toBe(0);
    t.clock.advance(DAY_MS); // the hand program has ended; the other one ends today
    expect(reasonOf(await attentionOf(t, therapist), client.id, 'program_ending')?.detail).toMatchObject({
      program_name: 'Balance program',
      date: day(4),
      days: 0,
    });
    t.clock.advance(DAY_MS);
    expect(codesOf(await attentionOf(t, therapist), client.id)).not.toContain('program_ending');
  });
});

describe('not_activated', () => {
  it('lists an account created 3 or more days ago that never signed in, and clears on the first sign-in', async () => {
    const { therapist, client } = await careTeam({ createdAt: `${day(-3)}T09:00:00Z`, signedIn: false });
    const recent = await buildAttentionClient(t, null, therapist.id, {
      createdAt: `${day(-2)}T09:00:00Z`,
      signedIn: false,
    });
    const list = await attentionOf(t, therapist);
    expect(codesOf(list, recent.id)).toEqual([]);
    expect(reasonOf(list, client.id, 'not_activated')).toEqual({
      code: 'not_activated',
      since: day(-3),
      detail: {
        program_id: null,
        program_name: null,
        exercise_id: null,
        exercise_name: null,
        date: null,
        value: null,
        previous: null,
        days: 3,
        instrument: null,
      },
    });

    await login(t, client);
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual([]);
  });

  it('leaves out deactivated clients', async () => {
    const { therapist, client } = await careTeam({ signedIn: false });
    expect(codesOf(await attentionOf(t, therapist), client.id)).toEqual(['not_activated']);
    await deactivate(t.ctx, client.id);
    expect(await attentionOf(t, therapist)).toEqual([]);
  });
});
