import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS } from '@hep/shared/texts/notifications';
import { ZPushPublicKey } from '@hep/shared/schemas/push';
import { buildStaff, login } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { as, browser, publicEndpoint, pushCalls } from './push-subscriptions.test-support';

// GET /api/push-subscriptions/public-key/, GET /api/push-subscriptions/check/ and DELETE /api/push-subscriptions/.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { subscribe, check, unsubscribe, rowFor, signedInClient } = pushCalls(() => t);

describe('GET /api/push-subscriptions/public-key/', () => {
  it('gives every signed-in user the same P-256 application server key, generated once', async () => {
    const { session, therapist } = await signedInClient();
    const staff = await login(t, await buildStaff(t.ctx));
    const keys = [];
    for (const s of [session, await login(t, therapist), staff]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/push-subscriptions/public-key/', ...as(s) });
      expect(res.statusCode).toBe(200);
      keys.push(ZPushPublicKey.strict().parse(res.json()).public_key);
    }
    expect(new Set(keys).size).toBe(1);
    const raw = Buffer.from(keys[0]!, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push-subscriptions/public-key/' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/push-subscriptions/check/ and DELETE /api/push-subscriptions/', () => {
  it("counts and removes only the caller's own subscription", async () => {
    const owner = await signedInClient();
    const other = await signedInClient();
    const sub = browser();
    await subscribe(owner.session, sub);

    expect((await check(other.session, sub.endpoint)).json()).toEqual({ subscribed: false });
    const refused = await unsubscribe(other.session, sub.endpoint);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: NOTIFICATION_TEXTS.noExistingSubscription, code: 'not_found' });
    expect(await rowFor(sub.endpoint)).toBeDefined();

    const res = await unsubscribe(owner.session, sub.endpoint);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: NOTIFICATION_TEXTS.notificationsDisabled });
    expect(await rowFor(sub.endpoint)).toBeUndefined();
    expect((await check(owner.session, sub.endpoint)).json()).toEqual({ subscribed: false });
    expect((await unsubscribe(owner.session, sub.endpoint)).json()).toEqual({
      error: NOTIFICATION_TEXTS.noExistingSubscription,
      code: 'not_found',
    });
  });

  it('answers 400 without a valid endpoint and 401 without a token', async () => {
    const { session } = await signedInClient();
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/push-subscriptions/check/', ...as(session) }),
      await t.app.inject({ method: 'DELETE', url: '/api/push-subscriptions/?endpoint=nope', ...as(session) }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_error',
        fields: { endpoint: expect.any(String) },
      });
    }
    expect((await check(null, publicEndpoint())).statusCode).toBe(401);
    expect((await unsubscribe(null, publicEndpoint())).statusCode).toBe(401);
  });
});
