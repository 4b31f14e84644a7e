import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../app';
import { pushSubscriptions } from '../../db/schema/push';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import {
  checkPushEndpoint,
  isPublicAddress,
  PUSH_ENDPOINT_REFUSED,
  PUSH_ENDPOINT_UNKNOWN_HOST,
} from './push-endpoint';
import { createBrowserKeys } from './web-push-decrypt.test-support';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('checkPushEndpoint', () => {
  const strict = { allowPrivate: false };

  it('accepts https to public addresses, by IP literal or by name', async () => {
    expect(await checkPushEndpoint('https://93.184.216.34/push/1', strict)).toMatchObject({
      ok: true,
      addresses: [{ address: '93.184.216.34', family: 4 }],
    });
    const lookup = async () => [{ address: '2001:4860:4860::8888', family: 6 as const }];
    expect(await checkPushEndpoint('https://push.example/send/1', { ...strict, lookup })).toMatchObject({
      ok: true,
      addresses: [{ address: '2001:4860:4860::8888', family: 6 }],
    });
  });

  it.each([
    'http://93.184.216.34/push/1',
    'ftp://93.184.216.34/push/1',
    'https://user:secret@93.184.216.34/push/1',
    'https://127.0.0.1/push/1',
    'https://0x7f.1/push/1',
    'https://[::1]/push/1',
    'https://[::ffff:192.168.0.1]/push/1',
    'https://10.0.0.8:8443/push/1',
    'https://localhost/push/1',
  ])('refuses %s', async (endpoint) => {
    expect(await checkPushEndpoint(endpoint, strict)).toEqual({ ok: false, reason: PUSH_ENDPOINT_REFUSED });
  });

  it('refuses a name when any of its addresses is private (the connection could go to that one)', async () => {
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '192.168.0.10', family: 4 as const },
    ];
    expect(await checkPushEndpoint('https://push.example/x', { ...strict, lookup })).toEqual({
      ok: false,
      reason: PUSH_ENDPOINT_REFUSED,
    });
  });

  it('refuses a name that does not resolve', async () => {
    const lookup = async () => Promise.reject(new Error('ENOTFOUND'));
    expect(await checkPushEndpoint('https://push.example/x', { ...strict, lookup })).toEqual({
      ok: false,
      reason: PUSH_ENDPOINT_UNKNOWN_HOST,
    });
  });

  it('with PUSH_ALLOW_PRIVATE_ENDPOINTS admits http and loopback, never other schemes', async () => {
    const lax = { allowPrivate: true };
    expect(await checkPushEndpoint('http://127.0.0.1:9999/push/1', lax)).toMatchObject({ ok: true });
    expect(await checkPushEndpoint('https://localhost/push/1', lax)).toMatchObject({ ok: true });
    expect(await checkPushEndpoint('ftp://127.0.0.1/push/1', lax)).toEqual({
      ok: false,
      reason: PUSH_ENDPOINT_REFUSED,
    });
  });
});

describe('POST /api/push-subscriptions/ and the endpoint policy', () => {
  let strictApp: TestApp;
  let testApp: TestApp;
  let session: Session;
  beforeAll(async () => {
    strictApp = await createTestApp();
    testApp = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' });
    session = await login(strictApp, (await buildCareTeam(strictApp.ctx)).client);
  });
  afterAll(async () => {
    await strictApp.close();
    await testApp.close();
  });
  const subscribe = (t: TestApp, endpoint: string) => {
    const { p256dh, auth } = createBrowserKeys();
    return t.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions/',
      payload: { endpoint, p256dh, auth },
      headers: session.headers,
      remoteAddress: nextIp(),
    });
  };
  const saved = async (endpoint: string) =>
    (await strictApp.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))
      .length;

  it.each([
    `https://127.0.0.1:8443/push/${randomUUID()}`,
    `https://localhost/push/${randomUUID()}`,
    `https://[fd00::1]/push/${randomUUID()}`,
    `https://169.254.169.254/latest/${randomUUID()}`,
    `http://93.184.216.34/push/${randomUUID()}`,
  ])('answers 400 on the endpoint field for %s and saves nothing', async (endpoint) => {
    const res = await subscribe(strictApp, endpoint);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: PUSH_ENDPOINT_REFUSED,
      code: 'validation_error',
      fields: { endpoint: PUSH_ENDPOINT_REFUSED },
    });
    expect(await saved(endpoint)).toBe(0);
  });

  it('accepts a loopback http endpoint when PUSH_ALLOW_PRIVATE_ENDPOINTS=1 (the tests’ push service)', async () => {
    const endpoint = `http://127.0.0.1:9/push/${randomUUID()}`;
    expect((await subscribe(testApp, endpoint)).statusCode).toBe(201);
    expect(await saved(endpoint)).toBe(1);
  });

  it('never writes the endpoint into the request log, only the route', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
    const logged = await buildApp(strictApp.ctx, {
      webDist: null,
      logger: { ...loggerOptions('info'), stream },
    });
    const secret = randomUUID();
    const endpoint = `https://93.184.216.34/push/${secret}`;
    for (const method of ['GET', 'DELETE'] as const) {
      const url = `/api/push-subscriptions/${method === 'GET' ? 'check/' : ''}?endpoint=${encodeURIComponent(endpoint)}`;
      await logged.inject({ method, url, headers: session.headers, remoteAddress: nextIp() });
    }
    await logged.close();
    expect(lines.join('')).toContain('/api/push-subscriptions/check/?endpoint=[redacted]');
    expect(lines.join('')).not.toContain(secret);
  });
});
