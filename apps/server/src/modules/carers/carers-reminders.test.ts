import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reminderJobs } from '../../db/schema/reminders';
import { buildCarer, buildCarerLink } from '../../../test/factories';
import { upsertSubscription } from '../push/push.repository';
import { createBrowserKeys, decryptPushBody } from '../push/web-push-decrypt.test-support';
import { buildReminderClient, useReminderTestBed } from '../reminders/reminders.test-support';
import { updateUserFields } from '../users/users.repository';
import { call } from './carers.test-support';

// A carer may get a client's reminders (docs/product/carers.md#reminders).
const bed = useReminderTestBed();

/** A carer with a browser subscribed on the test push service (notifications on), in `language`. */
async function carerWithPhone(language: 'en' | 'es' = 'en') {
  const carer = await buildCarer(bed.t.ctx, { language });
  const keys = createBrowserKeys();
  const endpoint = bed.push.newEndpoint();
  await upsertSubscription(bed.t.ctx.db, carer.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, 10);
  return { ...carer, endpoint, keys };
}

/** The client's name, which no carer's reminder may carry. */
const CLIENT_NAME = 'Quillfeather';

/** A client who cannot be reached themselves (no phone, no mail) and their program on `day`. */
async function clientWithoutPhone(day: string) {
  const client = await buildReminderClient(bed.t.ctx, bed.push, {
    day,
    push: false,
    receivesNotifications: false,
  });
  await updateUserFields(bed.t.ctx.db, client.id, { firstName: CLIENT_NAME });
  return client;
}

/** The client's reminder job, if one was made. */
const jobOf = async (clientId: number) => {
  const [row] = await bed.t.ctx.db
    .select({ jobs: reminderJobs.id })
    .from(reminderJobs)
    .where(eq(reminderJobs.userId, clientId));
  return row;
};

describe('a carer who opted in to a client’s reminders', () => {
  it('gets them on their own phone, in their own language, leading to Helping with that client: the lock screen names no one', async () => {
    const client = await clientWithoutPhone('2031-05-06');
    const carer = await carerWithPhone('es');
    const link = await buildCarerLink(bed.t.ctx, carer.id, client.id, carer.id);
    const optIn = await call(bed.t, carer, 'PUT', `/api/carers/me/clients/${link}/`, {
      receives_reminders: true,
    });
    expect(optIn.statusCode).toBe(200);

    await bed.tickAt('2031-05-06T17:59:00Z');
    expect(bed.push.receivedFor(carer.endpoint)).toHaveLength(0);
    await bed.tickAt('2031-05-06T18:00:00Z');
    const received = bed.push.receivedFor(carer.endpoint);
    expect(received).toHaveLength(1);
    const text = decryptPushBody(received[0]!.body, carer.keys);
    expect(JSON.parse(text)).toEqual({
      title: 'Es hora de sus ejercicios',
      body: expect.any(String),
      url: `/helping?client=${client.id}`,
    });
    expect(text).not.toContain(CLIENT_NAME);
    expect(text).not.toContain('knee');
    expect(await jobOf(client.id)).toBeDefined();
  });

  it('gets them by mail when the carer receives email, and not at all once the link has ended', async () => {
    const client = await clientWithoutPhone('2031-05-07');
    const carer = await buildCarer(bed.t.ctx);
    await updateUserFields(bed.t.ctx.db, carer.id, { receivesEmail: true });
    const link = await buildCarerLink(bed.t.ctx, carer.id, client.id, carer.id);
    await call(bed.t, carer, 'PUT', `/api/carers/me/clients/${link}/`, { receives_reminders: true });
    const ended = await clientWithoutPhone('2031-05-07');
    const endedCarer = await carerWithPhone();
    const endedLink = await buildCarerLink(bed.t.ctx, endedCarer.id, ended.id, endedCarer.id);
    await call(bed.t, endedCarer, 'PUT', `/api/carers/me/clients/${endedLink}/`, {
      receives_reminders: true,
    });
    await call(bed.t, ended, 'DELETE', `/api/carers/links/${endedLink}/`);

    await bed.tickAt('2031-05-07T18:00:00Z');
    await bed.t.deliverMail();
    const mails = bed.t.mailbox.messages.filter((m) => m.to === carer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Exercises to help with today', purpose: 'reminder' });
    expect(mails[0]!.text).toContain(`/helping?client=${client.id}`);
    expect(mails[0]!.text).not.toContain(CLIENT_NAME);
    expect(bed.push.receivedFor(endedCarer.endpoint)).toHaveLength(0);
    expect(await jobOf(ended.id)).toBeUndefined();
  });

  it('brings a client nobody could remind back on the schedule the moment the carer opts in', async () => {
    const client = await clientWithoutPhone('2031-05-08');
    const carer = await carerWithPhone();
    const link = await buildCarerLink(bed.t.ctx, carer.id, client.id, carer.id);
    // Nobody to remind: the tick parks the client until something changes.
    await bed.tickAt('2031-05-08T12:00:00Z');
    await bed.tickAt('2031-05-08T18:00:00Z');
    expect(bed.push.receivedFor(carer.endpoint)).toHaveLength(0);

    await call(bed.t, carer, 'PUT', `/api/carers/me/clients/${link}/`, { receives_reminders: true });
    await bed.tickAt('2031-05-08T18:05:00Z');
    expect(bed.push.receivedFor(carer.endpoint)).toHaveLength(1);
  });

  it('does not get them without opting in, while the client still gets their own', async () => {
    const client = await buildReminderClient(bed.t.ctx, bed.push, { day: '2031-05-09' });
    const carer = await carerWithPhone();
    await buildCarerLink(bed.t.ctx, carer.id, client.id, carer.id);
    await bed.tickAt('2031-05-09T18:00:00Z');
    expect(bed.pushesTo(client)).toBe(1);
    expect(bed.push.receivedFor(carer.endpoint)).toHaveLength(0);
  });
});
