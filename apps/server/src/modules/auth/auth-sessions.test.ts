import { eq } from 'drizzle-orm';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';

// docs/product/accounts.md#logout and docs/decisions/011-email-and-session-changes.md: logout ends this device's
// session (its refresh family, and that family's access tokens at once); "Sign out of all devices" ends every
// session; cookie calls refuse a foreign Origin.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SESSION_EXPIRED = { error: 'Your session has expired. Please log in again.', code: 'unauthenticated' };
const FOREIGN = { error: ERROR_TEXTS.foreignOrigin, code: 'foreign_origin' };

const me = (session: Session, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}/`, headers: session.headers });
const refreshWithBody = (refresh: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/token/refresh/', headers, payload: { refresh } });
const refreshWithCookie = (session: Session, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/token/refresh/',
    headers: { cookie: session.cookie, ...headers },
    payload: {},
  });
const post = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, headers, payload: {} });

async function twoDevices() {
  const { therapist } = await buildCareTeam(t.ctx);
  return { user: therapist, phone: await login(t, therapist), laptop: await login(t, therapist) };
}

const auditRowsOf = (res: { headers: Record<string, unknown> }) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.correlationId, String(res.headers['x-correlation-id'])));

describe('POST /api/logout/ (this device)', () => {
  it("refuses this session's access token at once; the other session's access and refresh still work", async () => {
    const { user, phone, laptop } = await twoDevices();

    const res = await post('/api/logout/', { ...laptop.headers, cookie: laptop.cookie });

    expect(res.statusCode).toBe(204);
    const refused = await me(laptop, user.id);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(SESSION_EXPIRED);
    expect((await refreshWithBody(laptop.refresh)).statusCode).toBe(401);

    expect((await me(phone, user.id)).statusCode).toBe(200);
    const renewed = await refreshWithCookie(phone);
    expect(renewed.statusCode).toBe(200);
    const next = renewed.json<{ access: string }>().access;
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}/`,
      headers: { authorization: `Bearer ${next}` },
    });
    expect(again.statusCode).toBe(200);
  });

  it('ends the access tokens of every rotation of the session, not only the first', async () => {
    const { user, laptop } = await twoDevices();
    const rotated = (await refreshWithBody(laptop.refresh)).json<{ access: string; refresh: string }>();
    const rotatedSession = { ...laptop, headers: { authorization: `Bearer ${rotated.access}` } };
    expect((await me(rotatedSession, user.id)).statusCode).toBe(200);

    expect((await post('/api/logout/', laptop.headers)).statusCode).toBe(204);

    expect((await me(rotatedSession, user.id)).statusCode).toBe(401);
    expect((await refreshWithBody(rotated.refresh)).statusCode).toBe(401);
  });

  it("a reused refresh token ends its session's access tokens at once too", async () => {
    const { user, phone, laptop } = await twoDevices();
    const first = (await refreshWithBody(laptop.refresh)).json<{ access: string }>();
    t.clock.advance(31_000);
    expect((await refreshWithBody(laptop.refresh)).json().code).toBe('refresh_reused');
    const stolen = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}/`,
      headers: { authorization: `Bearer ${first.access}` },
    });
    expect(stolen.statusCode).toBe(401);
    expect((await me(phone, user.id)).statusCode).toBe(200);
  });

  it('ends the session of the refresh cookie when the access token is already gone', async () => {
    const { user, phone, laptop } = await twoDevices();

    const res = await post('/api/logout/', { cookie: laptop.cookie });

    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'hep_refresh')?.value).toBe('');
    expect((await me(laptop, user.id)).statusCode).toBe(401);
    expect((await refreshWithCookie(laptop)).statusCode).toBe(401);
    expect((await me(phone, user.id)).statusCode).toBe(200);
  });

  it('writes a logout row in the audit log naming this device', async () => {
    const { user, laptop } = await twoDevices();
    const res = await post('/api/logout/', laptop.headers);
    const rows = await auditRowsOf(res);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: user.id,
      action: 'logout',
      targetType: 'session',
      subjectUserId: user.id,
      details: { scope: 'device' },
    });
  });

  it('answers 401 with neither an access token nor a refresh cookie, and for a refused access token', async () => {
    const { laptop } = await twoDevices();
    const bare = await post('/api/logout/', {});
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({ error: ERROR_TEXTS.unauthenticated, code: 'unauthenticated' });
    await post('/api/logout/', laptop.headers);
    expect((await post('/api/logout/', laptop.headers)).json()).toEqual(SESSION_EXPIRED);
  });
});

describe('POST /api/logout/all/ (Sign out of all devices)', () => {
  it('ends every session of the user at once: access and refresh tokens of both devices', async () => {
    const { user, phone, laptop } = await twoDevices();
    const { client } = await buildCareTeam(t.ctx);
    const someoneElse = await login(t, client);

    const res = await post('/api/logout/all/', { ...phone.headers, cookie: phone.cookie });

    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'hep_refresh')?.value).toBe('');
    for (const session of [phone, laptop]) {
      expect((await me(session, user.id)).json()).toEqual(SESSION_EXPIRED);
      expect((await refreshWithBody(session.refresh)).statusCode).toBe(401);
    }
    expect((await me(someoneElse, client.id)).statusCode).toBe(200);
    const rows = await auditRowsOf(res);
    expect(rows).toMatchObject([{ actorId: user.id, action: 'logout', details: { scope: 'all' } }]);
  });

  it('lets the user sign in again afterwards', async () => {
    const { user, phone } = await twoDevices();
    await post('/api/logout/all/', phone.headers);
    const fresh = await login(t, user);
    expect((await me(fresh, user.id)).statusCode).toBe(200);
  });

  it('answers 401 without an access token, even with the refresh cookie', async () => {
    const { user, phone } = await twoDevices();
    const res = await post('/api/logout/all/', { cookie: phone.cookie });
    expect(res.statusCode).toBe(401);
    expect((await me(phone, user.id)).statusCode).toBe(200);
  });
});

describe('Origin of the calls the refresh cookie authenticates', () => {
  const foreignOrigins = ['https://evil.example', 'http://localhost.evil.example', 'null', 'not a url'];

  it.each(foreignOrigins)(
    'refuses a refresh with the cookie from Origin %j with 403, keeping the session',
    async (origin) => {
      const { user, laptop } = await twoDevices();
      const res = await refreshWithCookie(laptop, { origin });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FOREIGN);
      expect(res.cookies.find((c) => c.name === 'hep_refresh')).toBeUndefined();
      expect((await me(laptop, user.id)).statusCode).toBe(200);
      expect((await refreshWithCookie(laptop)).statusCode).toBe(200);
    },
  );

  it.each(foreignOrigins)('refuses a logout with only the cookie from Origin %j with 403', async (origin) => {
    const { user, laptop } = await twoDevices();
    const res = await post('/api/logout/', { cookie: laptop.cookie, origin });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FOREIGN);
    expect((await me(laptop, user.id)).statusCode).toBe(200);
  });

  it("accepts this site's own Origin (the request's Host, or PUBLIC_URL) and no Origin at all", async () => {
    const { laptop } = await twoDevices();
    let session = laptop;
    const origins: Record<string, string>[] = [
      { origin: 'http://api.example.test:8080', host: 'api.example.test:8080' },
      { origin: 'https://clinic.example.test', host: 'clinic.example.test' },
      { origin: 'http://app.test' },
      {},
    ];
    for (const headers of origins) {
      const res = await refreshWithCookie(session, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      const body = res.json<{ access: string; refresh: string }>();
      session = {
        access: body.access,
        refresh: body.refresh,
        cookie: `hep_refresh=${body.refresh}`,
        headers: { authorization: `Bearer ${body.access}` },
      };
    }
    const out = await post('/api/logout/', { cookie: session.cookie, origin: 'http://localhost:80' });
    expect(out.statusCode).toBe(204);
  });

  it('still lets an API client refresh with the token in the body', async () => {
    const { user, laptop } = await twoDevices();
    const res = await refreshWithBody(laptop.refresh, { origin: 'https://tool.example' });
    expect(res.statusCode).toBe(200);
    const access = res.json<{ access: string }>().access;
    expect(
      (await me({ ...laptop, headers: { authorization: `Bearer ${access}` } }, user.id)).statusCode,
    ).toBe(200);
  });
});
