import { eq } from 'drizzle-orm';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { NOTIFICATION_TEXTS } from '@hep/shared/texts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { pushSubscriptions } from '../../db/schema/push-subscriptions';
import { users } from '../../db/schema/users';
import { buildCareTeam, buildStaff, login } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { updateUserFields } from '../users/users.repository';
import { MAX_SUBSCRIPTIONS_PER_USER } from './push.service';
import { browser, publicEndpoint, pushCalls } from './push-subscriptions.test-support';

// POST /api/push-subscriptions/; the public key, check and DELETE are push-subscriptions-check.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { subscribe, check, unsubscribe, rowFor, signedInClient } = pushCalls(() => t);

describe('POST /api/push-subscriptions/', () => {
  it('saves the subscription, turns notifications on and answers 201 with the documented message', async () => {
    const { client, session } = await signedInClient();
    await updateUserFields(t.ctx.db, client.id, { receivesNotifications: false });
    const sub = browser();

    const res = await subscribe(session, sub);

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: NOTIFICATION_TEXTS.notificationsEnabled });
    expect(await rowFor(sub.endpoint)).toMatchObject({
      userId: client.id,
      p256dh: sub.p256dh,
      auth: sub.auth,
    });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, client.id));
    expect(user!.receivesNotifications).toBe(true);
    expect((await check(session, sub.endpoint)).json()).toEqual({ subscribed: true });
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'create',
        targetType: 'push_subscription',
        subjectUserId: client.id,
      }),
    ]);
  });

  it("takes the browser's time zone for reminders when none is chosen, and keeps a chosen one", async () => {
    const zoneOf = async (id: number) =>
      (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!.notificationTimezone;
    const unset = await signedInClient();
    await updateUserFields(t.ctx.db, unset.client.id, { notificationTimezone: null });
    expect((await subscribe(unset.session, { ...browser(), timezone: 'Australia/Sydney' })).statusCode).toBe(
      201,
    );
    expect(await zoneOf(unset.client.id)).toBe('Australia/Sydney');

    const chosen = await signedInClient();
    await updateUserFields(t.ctx.db, chosen.client.id, { notificationTimezone: 'Europe/London' });
    expect((await subscribe(chosen.session, { ...browser(), timezone: 'Australia/Perth' })).statusCode).toBe(
      201,
    );
    expect(await zoneOf(chosen.client.id)).toBe('Europe/London');
  });

  it('refuses a time zone it does not know, and saves nothing', async () => {
    const { session } = await signedInClient();
    const sub = { ...browser(), timezone: 'Mars/Olympus_Mons' };
    const res = await subscribe(session, sub);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ timezone: 'Choose a timezone from the list.' });
    expect(await rowFor(sub.endpoint)).toBeUndefined();
  });

  it('lets staff subscribe, and answers 403 to therapists (they get no reminders)', async () => {
    const staff = await login(t, await buildStaff(t.ctx));
    expect((await subscribe(staff, browser())).statusCode).toBe(201);
    const { therapist } = await buildCareTeam(t.ctx);
    const sub = browser();
    const res = await subscribe(await login(t, therapist), sub);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
    expect(await rowFor(sub.endpoint)).toBeUndefined();
  });

  it('answers 401 without a token and saves nothing', async () => {
    const sub = browser();
    expect((await subscribe(null, sub)).statusCode).toBe(401);
    expect(await rowFor(sub.endpoint)).toBeUndefined();
  });

  it('takes fresh keys for an endpoint the same user subscribes again', async () => {
    const { client, session } = await signedInClient();
    const sub = browser();
    expect((await subscribe(session, sub)).statusCode).toBe(201);
    const id = (await rowFor(sub.endpoint))!.id;
    const fresh = browser(sub.endpoint);

    expect((await subscribe(session, fresh)).statusCode).toBe(201);

    expect(await rowFor(sub.endpoint)).toMatchObject({ id, userId: client.id, p256dh: fresh.p256dh });
  });

  it('answers 409 for an endpoint another account holds, and leaves it with that account (decision 008)', async () => {
    const first = await signedInClient();
    const second = await signedInClient();
    await updateUserFields(t.ctx.db, second.client.id, { receivesNotifications: false });
    const sub = browser();
    expect((await subscribe(first.session, sub)).statusCode).toBe(201);
    const before = await rowFor(sub.endpoint);

    const res = await subscribe(second.session, browser(sub.endpoint));

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: NOTIFICATION_TEXTS.pushEndpointTaken, code: 'push_endpoint_taken' });
    expect(await rowFor(sub.endpoint)).toEqual(before);
    expect((await check(first.session, sub.endpoint)).json()).toEqual({ subscribed: true });
    expect((await check(second.session, sub.endpoint)).json()).toEqual({ subscribed: false });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, second.client.id));
    expect(user!.receivesNotifications).toBe(false);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(audit).toEqual([]);

    // Once the holder turns notifications off there, the endpoint is free.
    expect((await unsubscribe(first.session, sub.endpoint)).statusCode).toBe(200);
    expect((await subscribe(second.session, browser(sub.endpoint))).statusCode).toBe(201);
    expect(await rowFor(sub.endpoint)).toMatchObject({ userId: second.client.id });
  });

  it('gives an endpoint to exactly one of two accounts that register it at once', async () => {
    const first = await signedInClient();
    const second = await signedInClient();
    const endpoint = publicEndpoint();
    const answers = await Promise.all([
      subscribe(first.session, browser(endpoint)),
      subscribe(second.session, browser(endpoint)),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const winner = answers[0]!.statusCode === 201 ? first : second;
    expect(await rowFor(endpoint)).toMatchObject({ userId: winner.client.id });
  });

  it(`keeps a user's ${MAX_SUBSCRIPTIONS_PER_USER} newest browsers`, async () => {
    const { client, session } = await signedInClient();
    const subs = Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER + 2 }, () => browser());
    for (const sub of subs) expect((await subscribe(session, sub)).statusCode).toBe(201);
    const rows = await t.ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, client.id));
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      subs
        .slice(2)
        .map((s) => s.endpoint)
        .sort(),
    );
  });

  const ENDPOINT_INVALID = 'Enter the push service address as an https URL.';
  it.each([
    ['no endpoint', { endpoint: undefined }, 'endpoint', ENDPOINT_INVALID],
    ['an endpoint that is not a URL', { endpoint: 'not a url' }, 'endpoint', ENDPOINT_INVALID],
    [
      'an endpoint that is too long',
      { endpoint: `https://93.184.216.34/${'a'.repeat(2000)}` },
      'endpoint',
      ENDPOINT_INVALID,
    ],
    ['no p256dh', { p256dh: '' }, 'p256dh', 'p256dh is required.'],
    ['a p256dh that is not base64url', { p256dh: 'abc+/def' }, 'p256dh', 'p256dh must be base64url.'],
    ['a p256dh that is too long', { p256dh: 'a'.repeat(201) }, 'p256dh', 'p256dh is too long.'],
    ['no auth', { auth: undefined }, 'auth', 'auth is required.'],
    ['an auth that is not base64url', { auth: 'a b' }, 'auth', 'auth must be base64url.'],
    [
      'a p256dh that is not a P-256 point',
      { p256dh: Buffer.alloc(65, 4).toString('base64url') },
      'p256dh',
      "p256dh must be the browser's P-256 public key.",
    ],
    [
      'an auth secret of the wrong length',
      { auth: Buffer.alloc(8).toString('base64url') },
      'auth',
      "auth must be the browser's 16-byte secret.",
    ],
  ])('answers 400 for %s', async (_label, change, field, message) => {
    const { session } = await signedInClient();
    const res = await subscribe(session, { ...browser(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'validation_error', fields: { [field]: message } });
  });

  it('answers 413 for a body far bigger than a subscription', async () => {
    const { session } = await signedInClient();
    const res = await subscribe(session, { ...browser(), padding: 'x'.repeat(20_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The request is too large.', code: 'payload_too_large' });
  });

  it('answers 429 after too many subscription writes from one address', async () => {
    const { session } = await signedInClient();
    const ip = nextIp();
    for (let i = 0; i < 30; i += 1) expect((await subscribe(session, {}, ip)).statusCode).toBe(400);
    const res = await subscribe(session, browser(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    const deleteIp = nextIp();
    for (let i = 0; i < 30; i += 1)
      expect((await unsubscribe(session, publicEndpoint(), deleteIp)).statusCode).toBe(404);
    expect((await unsubscribe(session, publicEndpoint(), deleteIp)).statusCode).toBe(429);
  });
});
