import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { STAFF_TEXTS } from '@hep/shared/texts/staff';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZTestServerStatus } from '@hep/shared/schemas/staff';
import { buildApp, loggerOptions } from '../../app';
import { buildCareTeam, buildStaff, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { TEST_SERVER_ERRORS } from './test-server.service';

const TOKEN = 'ghp_secret-dispatch-token-0123456789';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A loopback stand-in for both the test site and the code host's dispatch endpoint. */
async function startFakeHost(answers: { site?: number; dispatch?: number } = {}) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const status = req.url?.startsWith('/dispatch') ? (answers.dispatch ?? 204) : (answers.site ?? 200);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 204 ? undefined : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    env: {
      TEST_SERVER_URL: `${base}/`,
      TEST_SERVER_REFRESH_URL: `${base}/dispatch/workflows/refresh.yml/dispatches`,
      TEST_SERVER_REFRESH_TOKEN: TOKEN,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A URL on which nothing listens. */
async function closedPortUrl() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}

let base: TestApp;
let staff: { email: string; password: string };
let staffSession: Session;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  base = await createTestApp();
  staff = await buildStaff(base.ctx);
  staffSession = await login(base, staff);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(() => base.close());

/** An app with its own TEST_SERVER_* settings (access tokens from `base` work: same key, same database). */
async function appWith(env: Record<string, string>) {
  const t = await createTestApp(env);
  cleanups.push(t.close);
  return t;
}

const status = (t: TestApp, session: Session | null = staffSession, ip = nextIp()) =>
  t.app.inject({
    method: 'GET',
    url: '/api/test-server/status/',
    ...(session ? { headers: session.headers } : {}),
    remoteAddress: ip,
  });
const refresh = (t: TestApp, session: Session | null = staffSession, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/test-server/refresh/',
    ...(session ? { headers: session.headers } : {}),
    remoteAddress: ip,
  });

describe('GET /api/test-server/status/', () => {
  it('is online when the test site answers, and can refresh when the dispatch is configured', async () => {
    const host = await startFakeHost();
    cleanups.push(host.close);
    const res = await status(await appWith(host.env));
    expect(res.statusCode).toBe(200);
    expect(ZTestServerStatus.strict().parse(res.json())).toEqual({
      configured: true,
      online: true,
      can_refresh: true,
    });
    expect(host.received).toEqual([expect.objectContaining({ method: 'GET', url: '/' })]);
  });

  it('counts any answer below 500 as online (a 404 or a login redirect)', async () => {
    for (const code of [404, 302]) {
      const host = await startFakeHost({ site: code });
      cleanups.push(host.close);
      expect((await status(await appWith(host.env))).json()).toMatchObject({ online: true });
    }
  });

  it('is offline when the test site fails with 5xx or nothing listens', async () => {
    const host = await startFakeHost({ site: 503 });
    cleanups.push(host.close);
    expect((await status(await appWith(host.env))).json()).toEqual({
      configured: true,
      online: false,
      can_refresh: false,
    });
    const closed = await appWith({ TEST_SERVER_URL: await closedPortUrl() });
    expect((await status(closed)).json()).toEqual({ configured: true, online: false, can_refresh: false });
  });

  it('is online but cannot refresh without the dispatch URL or token', async () => {
    const host = await startFakeHost();
    cleanups.push(host.close);
    const res = await status(await appWith({ TEST_SERVER_URL: host.env.TEST_SERVER_URL }));
    expect(res.json()).toEqual({ configured: true, online: true, can_refresh: false });
  });

  it('says not configured without TEST_SERVER_URL', async () => {
    expect((await status(base)).json()).toEqual({ configured: false, online: false, can_refresh: false });
  });

  it('answers 401 without a token and 403 to therapists and clients', async () => {
    expect((await status(base, null)).statusCode).toBe(401);
    const { therapist, client } = await buildCareTeam(base.ctx);
    for (const user of [therapist, client]) {
      const res = await status(base, await login(base, user));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
    }
  });

  it('answers 429 after too many checks from one address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i += 1) expect((await status(base, staffSession, ip)).statusCode).toBe(200);
    const res = await status(base, staffSession, ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/test-server/refresh/', () => {
  it('dispatches the workflow on the testing branch with the bearer token, and never shows the token', async () => {
    const host = await startFakeHost();
    cleanups.push(host.close);
    const res = await refresh(await appWith(host.env));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: STAFF_TEXTS.testDbUpdateTriggered });
    expect(res.body).not.toContain(TOKEN);
    const dispatch = host.received.find((r) => r.method === 'POST')!;
    expect(dispatch.url).toBe('/dispatch/workflows/refresh.yml/dispatches');
    expect(JSON.parse(dispatch.body)).toEqual({ ref: 'testing' });
    expect(dispatch.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(dispatch.headers['content-type']).toBe('application/json');
    expect(dispatch.headers.accept).toBe('application/vnd.github+json');
  });

  it('answers 502 with the documented message when the dispatch is refused', async () => {
    const host = await startFakeHost({ dispatch: 401 });
    cleanups.push(host.close);
    const res = await refresh(await appWith(host.env));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: STAFF_TEXTS.testDbUpdateFailed, code: 'test_db_update_failed' });
    expect(res.body).not.toContain(TOKEN);
  });

  it('answers 502 when the dispatch endpoint cannot be reached', async () => {
    const host = await startFakeHost();
    cleanups.push(host.close);
    const t = await appWith({ ...host.env, TEST_SERVER_REFRESH_URL: await closedPortUrl() });
    const res = await refresh(t);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe(STAFF_TEXTS.testDbUpdateFailed);
  });

  it('answers 409 and dispatches nothing while the test server is offline', async () => {
    const host = await startFakeHost({ site: 500 });
    cleanups.push(host.close);
    const res = await refresh(await appWith(host.env));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: TEST_SERVER_ERRORS.offline, code: 'conflict' });
    expect(TEST_SERVER_ERRORS.offline).toBe('The test server is offline.');
    expect(host.received.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('answers 400 with a plain message when no test server is configured', async () => {
    const res = await refresh(base);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: TEST_SERVER_ERRORS.notConfigured, code: 'validation_error' });
  });

  it('answers 400 when the dispatch URL or token is missing', async () => {
    const host = await startFakeHost();
    cleanups.push(host.close);
    const envs: Record<string, string>[] = [
      {
        TEST_SERVER_URL: host.env.TEST_SERVER_URL,
        TEST_SERVER_REFRESH_URL: host.env.TEST_SERVER_REFRESH_URL,
      },
      { TEST_SERVER_URL: host.env.TEST_SERVER_URL, TEST_SERVER_REFRESH_TOKEN: TOKEN },
    ];
    for (const env of envs) {
      const res = await refresh(await appWith(env));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(TEST_SERVER_ERRORS.refreshNotConfigured);
    }
    expect(host.received.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('keeps the token out of the logs, whether the dispatch works or fails', async () => {
    for (const dispatch of [204, 500]) {
      const host = await startFakeHost({ dispatch });
      cleanups.push(host.close);
      const t = await appWith(host.env);
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      });
      const logged = await buildApp(t.ctx, { webDist: null, logger: { ...loggerOptions('trace'), stream } });
      cleanups.push(() => logged.close());
      const res = await logged.inject({
        method: 'POST',
        url: '/api/test-server/refresh/',
        headers: staffSession.headers,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(dispatch === 204 ? 200 : 502);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('')).not.toContain(TOKEN);
    }
  });

  it('answers 401 without a token and 403 to therapists and clients, dispatching nothing', async () => {
    const host = await startFakeHost();
    cleanups.push(host.close);
    const t = await appWith(host.env);
    expect((await refresh(t, null)).statusCode).toBe(401);
    const { therapist, client } = await buildCareTeam(base.ctx);
    for (const user of [therapist, client]) {
      const res = await refresh(t, await login(base, user));
      expect(res.statusCode).toBe(403);
    }
    expect(host.received).toEqual([]);
  });

  it('answers 429 after too many updates from one address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i += 1) expect((await refresh(base, staffSession, ip)).statusCode).toBe(400);
    const res = await refresh(base, staffSession, ip);
    expect(res.statusCode).toBe(429);
  });
});
