import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { programs } from '../../db/schema/programs';
import { buildFeedback, buildProgram } from '../../../test/program-factories';
import { upsertSubscription } from '../push/push.repository';
import { updateUserFields } from '../users/users.repository';
import { buildReminderClient, type DueClient, useReminderTestBed } from './reminders.test-support';

// The tick looks only at clients whose reminder_schedule.check_at has come
// (docs/decisions/006-reminders-exactly-once.md). These tests pin down that the schedule follows everything that
// decides a reminder, so that looking at fewer clients loses none.

const bed = useReminderTestBed();
const { tickAt, pushesTo } = bed;

/** The instant the tick will next look at the client, as ISO text ('-infinity' and 'infinity' as such). */
async function checkAtOf(client: DueClient): Promise<string> {
  const result = (await bed.t.ctx.db.execute(
    sql`SELECT CASE WHEN isfinite(check_at) THEN to_char(check_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')
      ELSE check_at::text END AS at FROM reminder_schedule WHERE user_id = ${client.id}`,
  )) as unknown as { rows: { at: string }[] };
  return result.rows[0]!.at;
}

describe('the reminder schedule', () => {
  it('moves to the new time when the client changes their preferred time or zone', async () => {
    const client = await buildReminderClient(bed.t.ctx, bed.push, { day: '2031-08-04', time: '18:00' });
    await tickAt('2031-08-04T17:00:00Z');
    expect(await checkAtOf(client)).toBe('2031-08-04T18:00Z');

    await updateUserFields(bed.t.ctx.db, client.id, { notificationPreferredTime: '17:30' });
    expect(await checkAtOf(client)).toBe('-infinity');
    await tickAt('2031-08-04T17:29:00Z');
    expect(await checkAtOf(client)).toBe('2031-08-04T17:30Z');
    await tickAt('2031-08-04T17:30:00Z');
    expect(pushesTo(client)).toBe(1);

    // Once today's reminder is settled, the next look is tomorrow at the preferred time.
    expect(await checkAtOf(client)).toBe('2031-08-05T17:30Z');
    // In New York it is still 4 August, 13:31: looked at again at 17:30 there, but that day had its reminder.
    await updateUserFields(bed.t.ctx.db, client.id, { notificationTimezone: 'America/New_York' });
    await tickAt('2031-08-04T17:31:00Z');
    expect(await checkAtOf(client)).toBe('2031-08-04T21:30Z');
    await tickAt('2031-08-04T21:30:00Z');
    expect(pushesTo(client)).toBe(1);
    expect(await checkAtOf(client)).toBe('2031-08-05T21:30Z');
  });

  it('does not look again that day at a client who did everything, and sends them nothing', async () => {
    const client = await buildReminderClient(bed.t.ctx, bed.push, { day: '2031-08-05', time: '08:00' });
    for (const id of client.exerciseIds) await buildFeedback(bed.t.ctx, id, { dateCompleted: '2031-08-05' });
    await tickAt('2031-08-05T08:00:00Z');
    await tickAt('2031-08-05T12:00:00Z');
    expect(pushesTo(client)).toBe(0);
    expect(await checkAtOf(client)).toBe('2031-08-06T08:00Z');
  });

  it('looks again when a program is published or added after the preferred time', async () => {
    // Prescribed on Wednesdays from 13 August: nothing on Tuesday 12 August at first.
    const client = await buildReminderClient(bed.t.ctx, bed.push, {
      day: '2031-08-12',
      time: '09:00',
      program: { startDate: '2031-08-13', endDate: '2031-08-31', daysOfWeek: ['WED'] },
    });
    await tickAt('2031-08-12T09:00:00Z');
    expect(await checkAtOf(client)).toBe('2031-08-13T09:00Z');

    const draft = await buildProgram(bed.t.ctx, client.id, null, {
      startDate: '2031-08-12',
      endDate: '2031-08-12',
      daysOfWeek: ['TUE'],
      isDraft: true,
    });
    await tickAt('2031-08-12T10:00:00Z');
    expect(pushesTo(client)).toBe(0);

    await bed.t.ctx.db.update(programs).set({ isDraft: false }).where(eq(programs.id, draft.id));
    await tickAt('2031-08-12T10:01:00Z');
    expect(pushesTo(client)).toBe(1);
  });

  it('sets a client nobody can reach aside until they subscribe a browser', async () => {
    const client = await buildReminderClient(bed.t.ctx, bed.push, {
      day: '2031-08-14',
      time: '07:00',
      push: false,
    });
    await tickAt('2031-08-14T07:00:00Z');
    expect(await checkAtOf(client)).toBe('infinity');

    const endpoint = bed.push.newEndpoint();
    await upsertSubscription(
      bed.t.ctx.db,
      client.id,
      { endpoint, p256dh: client.keys.p256dh, auth: client.keys.auth },
      10,
    );
    await tickAt('2031-08-14T07:05:00Z');
    expect(bed.push.receivedFor(endpoint)).toHaveLength(1);
  });
});

describe('across a change of clocks', () => {
  it('reminds at a time the clocks skip as soon as the local clock passes it (Europe/London, spring)', async () => {
    // On Sunday 30 March 2031 London's clocks go from 01:00 GMT to 02:00 BST: 01:30 never happens.
    const client = await buildReminderClient(bed.t.ctx, bed.push, {
      day: '2031-03-30',
      timezone: 'Europe/London',
      time: '01:30',
    });
    await tickAt('2031-03-30T00:59:00Z');
    expect(pushesTo(client)).toBe(0);
    await tickAt('2031-03-30T01:00:00Z');
    expect(pushesTo(client)).toBe(1);
  });

  it('reminds at the first of a time that happens twice, once (Europe/London, autumn)', async () => {
    // On Sunday 26 October 2031 01:30 happens at 00:30 UTC (BST) and again at 01:30 UTC (GMT).
    const client = await buildReminderClient(bed.t.ctx, bed.push, {
      day: '2031-10-26',
      timezone: 'Europe/London',
      time: '01:30',
    });
    await tickAt('2031-10-26T00:29:00Z');
    expect(pushesTo(client)).toBe(0);
    await tickAt('2031-10-26T00:30:00Z');
    await tickAt('2031-10-26T01:30:00Z');
    expect(pushesTo(client)).toBe(1);
  });

  it("keeps the client's local time the day after the offset changes (Australia/Sydney, April)", async () => {
    // Sydney leaves daylight time at 03:00 on Sunday 6 April 2031: 07:30 is 20:30 UTC on Saturday (UTC+11) and
    // 21:30 UTC on Sunday (UTC+10).
    const client = await buildReminderClient(bed.t.ctx, bed.push, {
      day: '2031-04-05',
      timezone: 'Australia/Sydney',
      time: '07:30',
      program: { startDate: '2031-04-05', endDate: '2031-04-06', daysOfWeek: ['SAT', 'SUN'] },
    });
    await tickAt('2031-04-04T20:30:00Z');
    expect(pushesTo(client)).toBe(1);
    expect(await checkAtOf(client)).toBe('2031-04-05T21:30Z');
    await tickAt('2031-04-05T20:30:00Z');
    expect(pushesTo(client)).toBe(1);
    await tickAt('2031-04-05T21:30:00Z');
    expect(pushesTo(client)).toBe(2);
  });
});
