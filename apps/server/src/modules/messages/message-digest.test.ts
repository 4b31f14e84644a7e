import type { PGlite } from '@electric-sql/pglite';
import { eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { clinics } from '../../db/schema/clinics';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { messageDigests } from '../../db/schema/message-digests';
import { buildClient, buildClinic, buildStaff, buildTherapist, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { updateUserFields } from '../users/users.repository';
import { runMessageDigestTick } from './message-digest';
import { call, send } from './messages.test-support';

// The email digest (docs/product/messages.md#notifications): a message unread for an hour gets its reader one mail,
// at most one per conversation in 6 hours, with no content and no name.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const T0 = new Date('2031-05-05T08:00:00Z').getTime();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => t.clock.set(new Date(T0 + ms));
const TEXT = 'The swelling is worse after the stairs';
const NAMES = /Margaret|Okonkwo|Priya|Raman|Tomas|Berg|Riverside/i;

const receivesEmail = (user: TestUser) => updateUserFields(t.ctx.db, user.id, { receivesEmail: true });

/** A clinic with two therapists and a client; only the client receives email unless told otherwise. */
async function conversation() {
  at(0);
  const clinicId = await buildClinic(t.ctx, `Riverside Physio ${Math.random().toString(36).slice(2, 6)}`);
  const therapist = await buildTherapist(t.ctx, clinicId, { firstName: 'Priya', lastName: 'Raman' });
  const colleague = await buildTherapist(t.ctx, clinicId, { firstName: 'Tomas', lastName: 'Berg' });
  const client = await buildClient(t.ctx, clinicId, therapist.id, {
    firstName: 'Margaret',
    lastName: 'Okonkwo',
  });
  await receivesEmail(client);
  return { clinicId, therapist, colleague, client };
}

const mailsTo = (user: TestUser) =>
  t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));

/** Sends as `user` at `ms` after T0 (the clock stays there). */
async function sendAt(ms: number, user: TestUser, clientId: number, text = TEXT) {
  at(ms);
  const res = await send(t, user, clientId, { text });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

/** Runs a digest tick at `ms` after T0. */
function tickAt(ms: number, ctx: AppContext = t.ctx) {
  at(ms);
  return runMessageDigestTick(ctx);
}

describe('the digest of an unread message', () => {
  it('mails nothing before the hour, then one mail after it, without the message or any name', async () => {
    const { therapist, client } = await conversation();
    await sendAt(0, therapist, client.id);
    await tickAt(59 * MINUTE);
    expect(await mailsTo(client)).toEqual([]);

    await tickAt(61 * MINUTE);
    const mails = await mailsTo(client);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ purpose: 'new_message', subject: 'You have a new message.' });
    expect(mail!.text).toContain('You have a new message.');
    expect(mail!.text).toContain('http://app.test/messages');
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toContain(TEXT);
      expect(part).not.toMatch(NAMES);
    }
    // A later tick finds it claimed.
    await tickAt(62 * MINUTE);
    expect(await mailsTo(client)).toHaveLength(1);
    // The sender is never mailed about their own message.
    expect(await mailsTo(therapist)).toEqual([]);
  });

  it('mails nothing when the message was read before the hour', async () => {
    const { therapist, client } = await conversation();
    const id = await sendAt(0, therapist, client.id);
    at(30 * MINUTE);
    expect(
      (await call(t, client, 'POST', `/api/clients/${client.id}/messages/read/`, { up_to: id })).statusCode,
    ).toBe(204);
    await tickAt(61 * MINUTE);
    expect(await mailsTo(client)).toEqual([]);
  });

  it('mails at most once per conversation in 6 hours, and never twice about the same messages', async () => {
    const { therapist, client } = await conversation();
    await sendAt(0, therapist, client.id);
    await tickAt(61 * MINUTE);
    await sendAt(2 * HOUR, therapist, client.id, 'A second one');
    await tickAt(3 * HOUR + 5 * MINUTE);
    expect(await mailsTo(client)).toHaveLength(1);

    await sendAt(7 * HOUR, therapist, client.id, 'A third one');
    await tickAt(8 * HOUR + 5 * MINUTE);
    expect(await mailsTo(client)).toHaveLength(2);
    // Still unread, but already told: no more mail without a new message.
    await tickAt(20 * HOUR);
    expect(await mailsTo(client)).toHaveLength(2);
  });

  it("mails the care team who receive email about the client's message, with the conversation's link", async () => {
    const { therapist, colleague, client } = await conversation();
    const staff = await buildStaff(t.ctx);
    const elsewhere = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    for (const user of [therapist, staff, elsewhere]) await receivesEmail(user);
    await sendAt(0, client, client.id);
    await tickAt(61 * MINUTE);
    const [mail, ...more] = await mailsTo(therapist);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(`http://app.test/client/${client.id}/messages`);
    expect(mail!.html).not.toMatch(NAMES);
    // The colleague does not receive email; staff and other clinics are not in the conversation; nor is the sender.
    for (const user of [colleague, staff, elsewhere, client]) expect(await mailsTo(user)).toEqual([]);
  });

  it('mails nobody who does not receive email, nor about a removed message, nor when messages are off', async () => {
    const quiet = await conversation();
    await updateUserFields(t.ctx.db, quiet.client.id, { receivesEmail: false });
    await sendAt(0, quiet.therapist, quiet.client.id);

    const removed = await conversation();
    const id = await sendAt(0, removed.therapist, removed.client.id);
    expect((await call(t, removed.therapist, 'DELETE', `/api/messages/${id}/`)).statusCode).toBe(204);

    const off = await conversation();
    await sendAt(0, off.therapist, off.client.id);
    await t.ctx.db.update(clinics).set({ messagesEnabled: false }).where(eq(clinics.id, off.clinicId));

    await tickAt(2 * HOUR);
    for (const user of [quiet.client, removed.client, off.client]) expect(await mailsTo(user)).toEqual([]);
  });

  it('keeps no claim when queuing the mail fails: the next tick mails', async () => {
    const { therapist, client } = await conversation();
    await sendAt(0, therapist, client.id);
    const failing: AppContext = {
      ...t.ctx,
      mailer: { ...t.ctx.mailer, send: () => Promise.reject(new Error('outbox unavailable')) },
    };
    await expect(tickAt(61 * MINUTE, failing)).rejects.toThrow('outbox unavailable');
    expect(await t.ctx.db.select().from(messageDigests).where(eq(messageDigests.userId, client.id))).toEqual(
      [],
    );
    await tickAt(62 * MINUTE);
    expect(await mailsTo(client)).toHaveLength(1);
  });
});

describe('two ticks at once (two nodes)', () => {
  it('queue one mail per reader between them, the second waiting for the first claims', async () => {
    const teams = [];
    for (let i = 0; i < 8; i += 1) teams.push(await conversation());
    for (const team of teams) await sendAt(0, team.therapist, team.client.id);
    at(61 * MINUTE);
    // The first tick has claimed every digest and holds its transaction open at its first mail, while the second
    // looks for the same digests: on PostgreSQL its claim waits for the first's rows, then finds them taken.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    const first: AppContext = {
      ...t.ctx,
      mailer: {
        ...t.ctx.mailer,
        send: async (mail, db) => {
          if (holding) {
            holding = false;
            await held;
          }
          return t.ctx.mailer.send(mail, db);
        },
      },
    };
    // PGlite is one process: the second context has its own Drizzle handle on it. On PostgreSQL the pool gives each
    // tick its own connection.
    const second: AppContext =
      process.env.TEST_DB === 'postgres'
        ? t.ctx
        : {
            ...t.ctx,
            db: drizzle({ client: (t.ctx.db as unknown as { $client: PGlite }).$client }) as unknown as Db,
          };
    const ticks = [runMessageDigestTick(first)];
    await new Promise((resolve) => setTimeout(resolve, 50));
    ticks.push(runMessageDigestTick(second));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    expect(await Promise.all(ticks)).toEqual([teams.length, 0]);
    const mails = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.recipient,
          teams.map((team) => team.client.email),
        ),
      );
    expect(mails.map((m) => m.recipient).sort()).toEqual(teams.map((team) => team.client.email).sort());
  });
});
