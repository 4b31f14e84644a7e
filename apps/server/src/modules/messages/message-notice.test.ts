import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildClinic, buildStaff, buildTherapist, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { countRoundTrips } from '../../../test/round-trips';
import { textIn } from '../../lib/i18n';
import { unfinishedWorkDone } from '../../lib/unfinished-work';
import { closedPort } from '../mail/smtp-server.test-support';
import { upsertSubscription } from '../push/push.repository';
import { startTestPushService, type TestPushService } from '../push/push-service.test-support';
import { type BrowserKeys, createBrowserKeys, decryptPushBody } from '../push/web-push-decrypt.test-support';
import { updateUserFields } from '../users/users.repository';
import { announceMessage } from './message-notice';
import { send } from './messages.test-support';

// The push of a new message (docs/product/messages.md#notifications): to every other member of the conversation who
// receives notifications, with no content and no name.

let t: TestApp;
let push: TestPushService;
beforeAll(async () => {
  t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' });
  push = await startTestPushService();
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const TEXT = 'My knee swelled up after the squats';
const NAMES = /Margaret|Okonkwo|Priya|Raman|Tomas|Berg/i;
const silent = pino({ level: 'silent' });

interface Browser {
  endpoint: string;
  keys: BrowserKeys;
}

/**
 * A browser subscribed for the user, on `service`. Written straight to the table: the API takes subscriptions from
 * clients only today (push.policy.ts), yet a therapist's browser is told too once it has one.
 */
async function subscribe(user: TestUser, service: TestPushService = push): Promise<Browser> {
  const keys = createBrowserKeys();
  const endpoint = service.newEndpoint();
  await upsertSubscription(t.ctx.db, user.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, 10);
  return { endpoint, keys };
}

/** The pushes a browser received, decrypted, once the pushes started so far have ended. */
async function pushesTo(browser: Browser, service: TestPushService = push) {
  await unfinishedWorkDone();
  return service
    .receivedFor(browser.endpoint)
    .map((r) => JSON.parse(decryptPushBody(r.body, browser.keys)) as Record<string, unknown>);
}

/** A clinic with two therapists and a client, each with a browser subscribed. */
async function conversation() {
  const clinicId = await buildClinic(t.ctx);
  const therapist = await buildTherapist(t.ctx, clinicId, { firstName: 'Priya', lastName: 'Raman' });
  const colleague = await buildTherapist(t.ctx, clinicId, { firstName: 'Tomas', lastName: 'Berg' });
  const client = await buildClient(t.ctx, clinicId, therapist.id, {
    firstName: 'Margaret',
    lastName: 'Okonkwo',
  });
  return {
    clinicId,
    therapist,
    colleague,
    client,
    browsers: {
      therapist: await subscribe(therapist),
      colleague: await subscribe(colleague),
      client: await subscribe(client),
    },
  };
}

const expected = (url: string, language: 'en' | 'es' = 'en') => ({
  title: textIn(language, 'You have a new message.'),
  body: textIn(language, 'Open the app to read it.'),
  url,
  tag: 'message',
});

describe('the push of a new message', () => {
  it("tells the client's care team of the client's message, with only the fixed text and where to go", async () => {
    const { client, browsers } = await conversation();
    expect((await send(t, client, client.id, { text: TEXT })).statusCode).toBe(201);
    for (const browser of [browsers.therapist, browsers.colleague]) {
      const received = await pushesTo(browser);
      expect(received).toEqual([expected(`/client/${client.id}/messages`)]);
      expect(JSON.stringify(received)).not.toContain(TEXT);
      expect(JSON.stringify(received)).not.toMatch(NAMES);
    }
    // Never the sender.
    expect(await pushesTo(browsers.client)).toEqual([]);
  });

  it("tells the client of a therapist's message in their own language, and the other therapist", async () => {
    const { client, therapist, browsers } = await conversation();
    await updateUserFields(t.ctx.db, client.id, { language: 'es' });
    expect((await send(t, therapist, client.id, { text: TEXT })).statusCode).toBe(201);
    expect(await pushesTo(browsers.client)).toEqual([expected('/messages', 'es')]);
    expect(expected('/messages', 'es').title).not.toBe('You have a new message.');
    expect(await pushesTo(browsers.colleague)).toEqual([expected(`/client/${client.id}/messages`)]);
    expect(await pushesTo(browsers.therapist)).toEqual([]);
  });

  it('tells nobody who turned notifications off, nor staff, nor another clinic, nor an inactive therapist', async () => {
    const { client, therapist, colleague, browsers } = await conversation();
    const staff = await buildStaff(t.ctx);
    const staffBrowser = await subscribe(staff);
    const elsewhere = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    const elsewhereBrowser = await subscribe(elsewhere);
    await updateUserFields(t.ctx.db, client.id, { receivesNotifications: false });
    await updateUserFields(t.ctx.db, colleague.id, { isActive: false });
    expect((await send(t, therapist, client.id, { text: TEXT })).statusCode).toBe(201);
    for (const browser of [browsers.client, browsers.colleague, staffBrowser, elsewhereBrowser])
      expect(await pushesTo(browser)).toEqual([]);
  });

  it('finds the recipients and their browsers in the same few statements however many they are', async () => {
    const statementsFor = async (message: { id: number; clientId: number; senderId: number }) => {
      const trips = countRoundTrips(t.ctx.db);
      announceMessage(t.ctx, message, silent);
      await unfinishedWorkDone();
      trips.restore();
      return trips.count();
    };
    const small = await buildClient(t.ctx, null, null);
    const lone = await buildTherapist(t.ctx, null);
    await subscribe(small);
    const large = await conversation();
    // Warmed: the VAPID keys are read once per process.
    await statementsFor({ id: 1, clientId: small.id, senderId: lone.id });
    const one = await statementsFor({ id: 1, clientId: small.id, senderId: lone.id });
    const three = await statementsFor({ id: 2, clientId: large.client.id, senderId: -1 });
    expect(three).toBe(one);
    expect(await pushesTo(large.browsers.colleague)).toHaveLength(1);
  });
});

describe('a push service that is down or slow', () => {
  /** A recording pino logger. */
  function recordingLog() {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
    return { log: pino({ level: 'info' }, stream), text: () => lines.join('') };
  }

  it('never fails the send, and logs the service and subscription, never the message or a name', async () => {
    const { client, therapist } = await conversation();
    const keys = createBrowserKeys();
    const down = `http://127.0.0.1:${await closedPort()}/push/${randomUUID()}`;
    await upsertSubscription(
      t.ctx.db,
      client.id,
      { endpoint: down, p256dh: keys.p256dh, auth: keys.auth },
      10,
    );
    expect((await send(t, therapist, client.id, { text: TEXT })).statusCode).toBe(201);

    const { log, text } = recordingLog();
    announceMessage(t.ctx, { id: 1, clientId: client.id, senderId: therapist.id }, log);
    await unfinishedWorkDone();
    expect(text()).toContain('push failed');
    expect(text()).toContain(new URL(down).origin);
    expect(text()).not.toContain(new URL(down).pathname);
    expect(text()).not.toContain(TEXT);
    expect(text()).not.toMatch(NAMES);
  });

  it('answers the send without waiting for a slow push service', async () => {
    const slow = await startTestPushService({ delayMs: 4_000 });
    try {
      const { client, therapist } = await conversation();
      const browser = await subscribe(client, slow);
      const started = Date.now();
      expect((await send(t, therapist, client.id, { text: TEXT })).statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(await pushesTo(browser, slow)).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});
