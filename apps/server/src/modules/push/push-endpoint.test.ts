import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../app';
import { pushSubscriptions } from '../../db/schema/push-subscriptions';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import {
  checkPushEndpoint,
  isLoopbackAddress,
  isPublicAddress,
  PUSH_ENDPOINT_REFUSED,
  PUSH_ENDPOINT_UNKNOWN_HOST,
} from './push-endpoint';
import { createBrowserKeys } from './web-push-decrypt.test-support';

describe('isPublicAddress', () => {
  it.each([
    // IPv4: loopback, private, carrier-grade NAT, link-local, this network, multicast, reserved, documentation
    ['loopback', '127.0.0.1'],
    ['loopback', '127.8.9.10'],
    ['private', '10.1.2.3'],
    ['private', '172.16.0.1'],
    ['private', '172.31.255.255'],
    ['private', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['CGNAT', '100.64.0.1'],
    ['CGNAT', '100.127.255.254'],
    ['unspecified', '0.0.0.0'],
    ['this network', '0.1.2.3'],
    ['multicast', '224.0.0.1'],
    ['reserved', '240.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['IETF assignments', '192.0.0.8'],
    ['documentation', '192.0.2.1'],
    ['documentation', '198.51.100.1'],
    ['documentation', '203.0.113.1'],
    ['benchmarking', '198.18.0.1'],
    ['6to4 relay', '192.88.99.1'],
    // IPv6 unspecified, loopback, unique-local, link-local, site-local, multicast, discard, documentation
    ['unspecified', '::'],
    ['loopback', '::1'],
    ['loopback, spelled out', '0:0:0:0:0:0:0:1'],
    ['unique-local', 'fc00::1'],
    ['unique-local', 'fd12:3456::1'],
    ['link-local', 'fe80::1'],
    ['link-local with a zone', 'fe80::1%eth0'],
    ['site-local', 'fec0::1'],
    ['multicast', 'ff02::1'],
    ['discard-only', '100::1'],
    ['documentation', '2001:db8::1'],
    ['documentation', '3fff::1'],
    ['outside global unicast', '4000::1'],
    // IPv4-mapped, IPv4-translated and IPv4-compatible forms of loopback and private addresses
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback (hex)', '::ffff:7f00:1'],
    ['IPv4-mapped loopback (full)', '0:0:0:0:0:ffff:7f00:1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped metadata', '::ffff:a9fe:a9fe'],
    ['IPv4-translated loopback', '::ffff:0:7f00:1'],
    ['IPv4-translated loopback (dotted)', '::ffff:0:127.0.0.1'],
    ['IPv4-translated public', '::ffff:0:808:808'],
    ['IPv4-compatible loopback', '::7f00:1'],
    ['IPv4-compatible loopback (dotted)', '::127.0.0.1'],
    ['IPv4-compatible public', '::8.8.8.8'],
    // NAT64 (well-known and local-use prefixes), 6to4 and Teredo
    ['NAT64 loopback', '64:ff9b::7f00:1'],
    ['NAT64 loopback (dotted)', '64:ff9b::127.0.0.1'],
    ['NAT64 private', '64:ff9b::10.0.0.1'],
    ['NAT64 metadata', '64:ff9b::a9fe:a9fe'],
    ['local-use NAT64 private', '64:ff9b:1::a00:1'],
    ['local-use NAT64 public', '64:ff9b:1:808:8:800::'],
    ['6to4 loopback', '2002:7f00:1::1'],
    ['6to4 private', '2002:c0a8:101::1'],
    ['6to4 metadata', '2002:a9fe:a9fe::'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['Teredo embedding loopback', '2001:0:7f00:1::80ff:fffe'],
    ['not an address', 'push.example'],
  ])('refuses %s: %s', (_form, address) => expect(isPublicAddress(address)).toBe(false));

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2001:4860:4860::8888',
    '2a00:1450:4001:82a::200a',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('%s is loopback', (address) =>
    expect(isLoopbackAddress(address)).toBe(true),
  );
  it.each(['10.0.0.1', '169.254.169.254', 'fd00::1', '::', '::7f00:1', '93.184.216.34'])(
    '%s is not',
    (address) => expect(isLoopbackAddress(address)).toBe(false),
  );
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
    'https://2130706433/push/1',
    'https://[::1]/push/1',
    'https://[::ffff:192.168.0.1]/push/1',
    'https://[::ffff:0:7f00:1]/push/1',
    'https://[::7f00:1]/push/1',
    'https://[64:ff9b::a9fe:a9fe]/push/1',
    'https://[64:ff9b:1::a00:1]/push/1',
    'https://[2002:7f00:1::1]/push/1',
    'https://[2001:0:7f00:1::80ff:fffe]/push/1',
    'https://10.0.0.8:8443/push/1',
    'https://localhost/push/1',
    // A public host on any port but 443
    'https://93.184.216.34:22/push/1',
    'https://93.184.216.34:8443/push/1',
    'https://93.184.216.34:80/push/1',
    'https://[2001:4860:4860::8888]:25/push/1',
  ])('refuses %s', async (endpoint) => {
    expect(await checkPushEndpoint(endpoint, strict)).toEqual({ ok: false, reason: PUSH_ENDPOINT_REFUSED });
  });

  it('accepts port 443 written out (it is the default)', async () => {
    expect(await checkPushEndpoint('https://93.184.216.34:443/push/1', strict)).toMatchObject({ ok: true });
  });

  it.each([
    ['loopback', '127.0.0.1', 4],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1', 6],
    ['IPv4-translated loopback', '::ffff:0:7f00:1', 6],
    ['IPv4-compatible loopback', '::7f00:1', 6],
    ['private', '10.0.0.8', 4],
    ['CGNAT', '100.64.1.1', 4],
    ['link-local', 'fe80::1', 6],
    ['unique-local', 'fd00::1', 6],
    ['NAT64 metadata', '64:ff9b::a9fe:a9fe', 6],
    ['local-use NAT64', '64:ff9b:1::a00:1', 6],
    ['6to4 private', '2002:a00:1::1', 6],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2', 6],
    ['multicast', 'ff02::1', 6],
    ['unspecified', '0.0.0.0', 4],
  ] as const)('refuses a name that resolves to a %s address (%s)', async (_form, address, family) => {
    const lookup = async () => [{ address, family }];
    expect(await checkPushEndpoint('https://push.example/x', { ...strict, lookup })).toEqual({
      ok: false,
      reason: PUSH_ENDPOINT_REFUSED,
    });
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

  it('with PUSH_ALLOW_PRIVATE_ENDPOINTS admits loopback over http on any port, and nothing else private', async () => {
    const lax = { allowPrivate: true };
    expect(await checkPushEndpoint('http://127.0.0.1:9999/push/1', lax)).toMatchObject({
      ok: true,
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
    expect(await checkPushEndpoint('http://[::1]:9999/push/1', lax)).toMatchObject({ ok: true });
    const localhost = async () => [{ address: '127.0.0.1', family: 4 as const }];
    expect(await checkPushEndpoint('https://localhost/push/1', { ...lax, lookup: localhost })).toMatchObject({
      ok: true,
    });
    expect(await checkPushEndpoint('https://93.184.216.34/push/1', lax)).toMatchObject({ ok: true });
    for (const endpoint of [
      'ftp://127.0.0.1/push/1',
      'http://10.0.0.8:9999/push/1',
      'http://169.254.169.254/latest/',
      'http://[fd00::1]/push/1',
      'http://93.184.216.34/push/1',
      'https://93.184.216.34:22/push/1',
    ]) {
      expect(await checkPushEndpoint(endpoint, lax)).toEqual({ ok: false, reason: PUSH_ENDPOINT_REFUSED });
    }
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
    // Quick successes are logged at debug (plugins/request-log.ts): every request's line is seen here.
    const logged = await buildApp(strictApp.ctx, {
      webDist: null,
      logger: { ...loggerOptions('debug'), stream },
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
