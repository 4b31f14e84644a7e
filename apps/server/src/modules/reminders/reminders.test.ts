import { eq } from 'drizzle-orm';
import { NOTIFICATION_TEXTS } from '@hep/shared/texts/notifications';
import { describe, expect, it } from 'vitest';
import { reminderJobs } from '../../db/schema/reminders';
import { exercises } from '../../db/schema/exercises';
import { buildClinic, buildStaff, buildTherapist } from '../../../test/factories';
import { buildFeedback } from '../../../test/program-factories';
import { updateUserFields } from '../users/users.repository';
import { buildReminderClient, type DueClient, useReminderTestBed } from './reminders.test-support';

const bed = useReminderTestBed();
const { tickAt, pushesTo } = bed;

/** What the client's mailbox holds once the mail worker has sent what the ticks queued. */
const mailsTo = async (client: DueClient) => {
  await bed.t.deliverMail();
  return bed.t.mailbox.messages.filter((m) => m.to === client.email);
};
const jobsOf = (client: DueClient) =>
  bed.t.ctx.db.select().from(reminderJobs).where(eq(reminderJobs.userId, client.id));

describe('when a reminder is sent', () => {
  it("at the preferred time in the client's zone, not a minute before, and once that day", async () => {
    // 07:30 in Sydney (UTC+11 in March) on Tuesday 11 March is 20:30 UTC on Monday 10 March.
    const client = await buildReminderClient(bed.t.ctx, bed.push, {
      day: '2031-03-11',
      timezone: 'Australia/Sydney',
      time: '07:30',
    });

    await tickAt('2031-03-10T20:29:00Z');
    expect(pushesTo(client)).toBe(0);
    await tickAt('2031-03-10T20:30:00Z');
    expect(pushesTo(client)).toBe(1);
    for (const instant of ['2031-03-10T20:30:30Z', '2031-03-10T20:31:00Z', '2031-03-11T06:00:00Z']) {
      await tickAt(instant);
    }

    expect(pushesTo(client)).toBe(1);
    expect(await jobsOf(client)).toEqual([
      expect.objectContaining({ day: '2031-03-11', status: 'sent', attempts: 1, sentAt: expect.any(Date) }),
    ]);
  });

  it('at 09:00 local time when the client chose no time', async () => {
    // New York is UTC-4 in June.
    const client = await buildReminderClient(bed.t.ctx, bed.push, {
      day: '2031-06-02',
      timezone: 'America/New_York',
      time: null,
    });
    await tickAt('2031-06-02T12:59:00Z');
    expect(pushesTo(client)).toBe(0);
    await tickAt('2031-06-02T13:00:00Z');
    expect(pushesTo(client)).toBe(1);
  });

  it('in UTC when the client chose no zone', async () => {
    const client = await buildReminderClient(bed.t.ctx, bed.push, {
      day: '2031-06-03',
      timezone: null,
      time: '06:15',
    });
    await tickAt('2031-06-03T06:14:59Z');
    expect(pushesTo(client)).toBe(0);
    await tickAt('2031-06-03T06:15:00Z');
    expect(pushesTo(client)).toBe(1);
  });

  it('by email too when the client receives email, with a link and no health data', async () => {
    const both = await buildReminderClient(bed.t.ctx, bed.push, { day: '2031-06-04', receivesEmail: true });
    const emailOnly = await buildReminderClient(bed.t.ctx, bed.push, {
      day: '2031-06-04',
      receivesEmail: true,
      push: false,
    });
    await tickAt('2031-06-04T18:00:00Z');

    expect(pushesTo(both)).toBe(1);
    for (const client of [both, emailOnly]) {
      const [mail, ...more] = await mailsTo(client);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(NOTIFICATION_TEXTS.reminderEmailSubject);
      expect(mail!.text).toContain(NOTIFICATION_TEXTS.reminderBody);
      expect(mail!.text).toContain('http://app.test/programs?open=today');
      expect(mail!.html).toContain('href="http://app.test/programs?open=today"');
      expect(`${mail!.text}${mail!.html}`).not.toMatch(/knee|Sit to stand|Heel raises/i);
    }
  });

  it('when only some of the day’s exercises have feedback', async () => {
    const client = await buildReminderClient(bed.t.ctx, bed.push, { day: '2031-06-05' });
    await buildFeedback(bed.t.ctx, client.exerciseIds[0]!, { dateCompleted: '2031-06-05' });
    await tickAt('2031-06-05T18:00:00Z');
    expect(pushesTo(client)).toBe(1);
  });
  it('in UTC for a zone this PostgreSQL does not know, without failing the tick for anyone else', async () => {
    const odd = await buildReminderClient(bed.t.ctx, bed.push, { day: '2031-06-18', time: '17:00' });
    await updateUserFields(bed.t.ctx.db, odd.id, { notificationTimezone: 'Nowhere/Atlantis' });
    const usual = await buildReminderClient(bed.t.ctx, bed.push, { day: '2031-06-18', time: '17:00' });
    await tickAt('2031-06-18T17:00:00Z');
    expect([pushesTo(odd), pushesTo(usual)]).toEqual([1, 1]);
  });
});

describe('when no reminder is sent', () => {
  it('on a day the program does not prescribe, or outside its dates', async () => {
    // Mondays and Wednesdays from 2 to 30 June 2031; 10 June is a Tuesday, 7 July is a Monday.
    const client = await buildReminderClient(bed.t.ctx, bed.push, {
      day: '2031-06-02',
      program: { startDate: '2031-06-02', endDate: '2031-06-30', daysOfWeek: ['MON', 'WED'] },
    });
    await tickAt('2031-06-10T20:00:00Z');
    await tickAt('2031-07-07T20:00:00Z');
    expect(pushesTo(client)).toBe(0);
    expect(await jobsOf(client)).toEqual([]);
  });

  it('when every current exercise of the day has feedback (a removed exercise does not count)', async () => {
    const client = await buildReminderClient(bed.t.ctx, bed.push, {
      day: '2031-06-06',
      program: {
        exercises: [{ name: 'Step ups' }, { name: 'Wall push' }, { name: 'Removed one' }],
      },
    });
    const [first, second, removed] = client.exerciseIds;
    await bed.t.ctx.db
      .update(exercises)
      .set({ removedAt: bed.t.ctx.now() })
      .where(eq(exercises.id, removed!));
    for (const id of [first!, second!]) await buildFeedback(bed.t.ctx, id, { dateCompleted: '2031-06-06' });
    await tickAt('2031-06-06T18:00:00Z');
    expect(pushesTo(client)).toBe(0);
  });

  it('for a draft program or a program without exercises', async () => {
    const draft = await buildReminderClient(bed.t.ctx, bed.push, {
      day: '2031-06-09',
      program: { isDraft: true },
    });
    const empty = await buildReminderClient(bed.t.ctx, bed.push, {
      day: '2031-06-09',
      program: { exercises: [] },
    });
    await tickAt('2031-06-09T18:00:00Z');
    expect(pushesTo(draft) + pushesTo(empty)).toBe(0);
  });

  it('to a client who cannot be reached, is deactivated, or is not a client', async () => {
    const day = '2031-06-11';
    const off = await buildReminderClient(bed.t.ctx, bed.push, { day, receivesNotifications: false });
    const inactive = await buildReminderClient(bed.t.ctx, bed.push, { day, receivesEmail: true });
    await updateUserFields(bed.t.ctx.db, inactive.id, { isActive: false });
    const therapist = await buildReminderClient(bed.t.ctx, bed.push, { day, receivesEmail: true });
    await updateUserFields(bed.t.ctx.db, therapist.id, { isTherapist: true });
    const staff = await buildReminderClient(bed.t.ctx, bed.push, { day, receivesEmail: true });
    await updateUserFields(bed.t.ctx.db, staff.id, { isStaff: true });
    await buildStaff(bed.t.ctx);
    await buildTherapist(bed.t.ctx, await buildClinic(bed.t.ctx));

    await tickAt(`${day}T18:00:00Z`);

    for (const client of [off, inactive, therapist, staff]) {
      expect(pushesTo(client)).toBe(0);
      expect(await mailsTo(client)).toEqual([]);
      expect(await jobsOf(client)).toEqual([]);
    }
  });
});

describe('jobs left behind', () => {
  const minutesBefore = (instant: string, minutes: number) =>
    new Date(new Date(instant).getTime() - minutes * 60_000);

  it('retries a job whose process died mid-send (its claim lapsed), but not one still held', async () => {
    const day = '2031-06-12';
    const now = `${day}T19:00:00Z`;
    const lapsed = await buildReminderClient(bed.t.ctx, bed.push, { day });
    const held = await buildReminderClient(bed.t.ctx, bed.push, { day });
    await bed.t.ctx.db.insert(reminderJobs).values([
      { userId: lapsed.id, day, status: 'sending', attempts: 1, claimedAt: minutesBefore(now, 11) },
      { userId: held.id, day, status: 'sending', attempts: 1, claimedAt: minutesBefore(now, 5) },
    ]);

    await tickAt(now);

    expect(pushesTo(lapsed)).toBe(1);
    expect(await jobsOf(lapsed)).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
    expect(pushesTo(held)).toBe(0);
    expect(await jobsOf(held)).toEqual([expect.objectContaining({ status: 'sending', attempts: 1 })]);
  });

  it('gives up after three attempts', async () => {
    const day = '2031-06-13';
    const now = `${day}T19:00:00Z`;
    const client = await buildReminderClient(bed.t.ctx, bed.push, { day });
    await bed.t.ctx.db
      .insert(reminderJobs)
      .values({ userId: client.id, day, status: 'sending', attempts: 3, claimedAt: minutesBefore(now, 30) });
    await tickAt(now);
    expect(pushesTo(client)).toBe(0);
    expect(await jobsOf(client)).toEqual([expect.objectContaining({ status: 'failed', attempts: 3 })]);
  });

  it('does not send a reminder for a day that has passed, or one whose exercises got done', async () => {
    const late = await buildReminderClient(bed.t.ctx, bed.push, { day: '2031-06-16' });
    const done = await buildReminderClient(bed.t.ctx, bed.push, { day: '2031-06-17' });
    for (const id of done.exerciseIds) await buildFeedback(bed.t.ctx, id, { dateCompleted: '2031-06-17' });
    await bed.t.ctx.db.insert(reminderJobs).values([
      { userId: late.id, day: '2031-06-16' },
      { userId: done.id, day: '2031-06-17' },
    ]);

    await tickAt('2031-06-17T18:00:00Z');

    expect(pushesTo(late) + pushesTo(done)).toBe(0);
    expect(await jobsOf(late)).toEqual([expect.objectContaining({ status: 'expired', sentAt: null })]);
    expect(await jobsOf(done)).toEqual([expect.objectContaining({ status: 'skipped', sentAt: null })]);
  });
});
