import { Writable } from 'node:stream';
import { NOTIFICATION_TEXTS } from '@hep/shared/texts/notifications';
import { eq } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZReminderPayload } from '@hep/shared/schemas/push';
import { pushSubscriptions } from '../../db/schema/push-subscriptions';
import { login } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { upsertSubscription } from '../push/push.repository';
import { createBrowserKeys, decryptPushBody } from '../push/web-push-decrypt.test-support';
import { REMINDER_TTL_SECONDS, runReminderTick } from './reminders.service';
import { buildReminderClient, useReminderTestBed } from './reminders.test-support';

const bed = useReminderTestBed();

const subscriptionOf = async (endpoint: string) =>
  (await bed.t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

/** A pino logger whose lines a test can read. */
function recordingLog() {
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
  return { log: pino({ level: 'info' }, stream), text: () => lines.join('') };
}

describe('a reminder as the push service receives it', () => {
  it('is a signed, encrypted Web Push request whose payload is the reminder and nothing else', async () => {
    const day = '2031-03-10';
    const client = await buildReminderClient(bed.t.ctx, bed.push, { day, time: '18:00' });
    bed.t.clock.set(`${day}T18:00:00Z`);

    await runReminderTick(bed.t.ctx);

    const [request, ...more] = bed.push.receivedFor(client.endpoint!);
    expect(more).toEqual([]);
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers['content-type']).toBe('application/octet-stream');
    expect(request!.headers.ttl).toBe(String(REMINDER_TTL_SECONDS));
    expect(REMINDER_TTL_SECONDS).toBeGreaterThanOrEqual(3600);
    expect(request!.headers.urgency).toBe('normal');

    // Authorization: vapid t=<JWT signed with the server's key>, k=<that public key, as browsers were given it>.
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(request!.headers.authorization ?? '');
    expect(match).not.toBeNull();
    const [, jwt, k] = match!;
    const session = await login(bed.t, client);
    const publicKey = (
      await bed.t.app.inject({
        method: 'GET',
        url: '/api/push-subscriptions/public-key/',
        headers: session.headers,
      })
    ).json<{ public_key: string }>().public_key;
    expect(k).toBe(publicKey);
    const raw = Buffer.from(publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload: claims } = await jwtVerify(jwt!, key, {
      audience: bed.push.origin,
      algorithms: ['ES256'],
    });
    expect(claims.sub).toBe('mailto:no-reply@localhost');
    expect(claims.exp! - Date.now() / 1000).toBeLessThanOrEqual(24 * 60 * 60);

    const text = decryptPushBody(request!.body, client.keys);
    expect(ZReminderPayload.strict().parse(JSON.parse(text))).toEqual({
      title: NOTIFICATION_TEXTS.reminderTitle,
      body: NOTIFICATION_TEXTS.reminderBody,
      url: '/programs?open=today',
    });
    // No health data on a lock screen: neither the program's nor an exercise's name.
    expect(text).not.toMatch(/knee|Sit to stand|Heel raises/i);
  });

  it('reaches every browser of the client', async () => {
    const day = '2031-03-11';
    const client = await buildReminderClient(bed.t.ctx, bed.push, { day, time: '07:00' });
    const second = bed.push.newEndpoint();
    const keys = createBrowserKeys();
    await upsertSubscription(
      bed.t.ctx.db,
      client.id,
      { endpoint: second, p256dh: keys.p256dh, auth: keys.auth },
      10,
    );
    bed.t.clock.set(`${day}T07:00:00Z`);

    await runReminderTick(bed.t.ctx);

    expect(bed.push.receivedFor(client.endpoint!)).toHaveLength(1);
    expect(JSON.parse(decryptPushBody(bed.push.receivedFor(second)[0]!.body, keys))).toMatchObject({
      url: '/programs?open=today',
    });
  });

  it('removes a subscription the push service says is gone (410) and keeps one that failed (500)', async () => {
    const day = '2031-03-12';
    const gone = await buildReminderClient(bed.t.ctx, bed.push, { day, time: '08:00' });
    const failing = await buildReminderClient(bed.t.ctx, bed.push, { day, time: '08:00' });
    bed.push.respond(gone.endpoint!, 410);
    bed.push.respond(failing.endpoint!, 500);
    const { log, text } = recordingLog();
    bed.t.clock.set(`${day}T08:00:00Z`);

    await runReminderTick(bed.t.ctx, bed.t.ctx.now(), log);

    expect(bed.push.receivedFor(gone.endpoint!)).toHaveLength(1);
    expect(bed.push.receivedFor(failing.endpoint!)).toHaveLength(1);
    expect(await subscriptionOf(gone.endpoint!)).toBeUndefined();
    expect(await subscriptionOf(failing.endpoint!)).toMatchObject({ userId: failing.id });
    // The logs say which push service, never the endpoint's path (a capability to push to that browser).
    expect(text()).toContain(bed.push.origin);
    expect(text()).not.toContain(new URL(gone.endpoint!).pathname);
    expect(text()).not.toContain(new URL(failing.endpoint!).pathname);
  });
});

describe('the endpoint policy at send time', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp();
  });
  afterAll(() => strict.close());

  it('skips (and logs) an endpoint that is not allowed any more, and still sends the email', async () => {
    const day = '2031-06-02';
    // Saved while private hosts were allowed; this process does not allow them.
    const client = await buildReminderClient(strict.ctx, bed.push, {
      day,
      time: '10:00',
      receivesEmail: true,
    });
    const { log, text } = recordingLog();
    strict.clock.set(`${day}T10:00:00Z`);

    await runReminderTick(strict.ctx, strict.ctx.now(), log);

    expect(bed.push.receivedFor(client.endpoint!)).toEqual([]);
    expect(text()).toContain('push endpoint refused, skipped');
    expect(text()).not.toContain(new URL(client.endpoint!).pathname);
    expect(await subscriptionOf(client.endpoint!)).toBeDefined();
    await strict.deliverMail();
    expect(strict.mailbox.messages.filter((m) => m.to === client.email)).toHaveLength(1);
  });
});
