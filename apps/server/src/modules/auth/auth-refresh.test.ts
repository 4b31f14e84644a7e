import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { buildCareTeam, deactivate, login, type Session } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

const refreshWithBody = (refresh: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
const refreshWithCookie = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/refresh/', headers: { cookie }, payload: {} });
const me = (access: string, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}/`, headers: { authorization: `Bearer ${access}` } });

async function signedInTherapist(): Promise<{ id: number; session: Session }> {
  const { therapist } = await buildCareTeam(t.ctx);
  return { id: therapist.id, session: await login(t, therapist) };
}

describe('POST /api/token/refresh/', () => {
  it('gives a new pair for the refresh cookie and sets the new cookie', async () => {
    const { id, session } = await signedInTherapist();

    const res = await refreshWithCookie(session.cookie);

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
    expect(body.refresh).not.toBe(session.refresh);
    const cookie = res.cookies.find((c) => c.name === 'hep_refresh');
    expect(cookie).toMatchObject({ value: body.refresh, httpOnly: true, sameSite: 'Strict', path: '/api/' });
    expect((await me(body.access, id)).statusCode).toBe(200);
  });

  it('accepts the refresh token in the body, for API clients', async () => {
    const { id, session } = await signedInTherapist();
    const res = await refreshWithBody(session.refresh);
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().access, id)).statusCode).toBe(200);
  });

  it('answers 401 "No refresh token available" without any token', async () => {
    for (const payload of [undefined, {}]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/token/refresh/',
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: AUTH_TEXTS.noRefreshToken, code: 'no_refresh_token' });
    }
  });

  it('refuses an unknown token and clears the cookie', async () => {
    const res = await refreshWithCookie('hep_refresh=made-up-token');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: SESSION_EXPIRED, code: 'invalid_refresh' });
    const cleared = res.cookies.find((c) => c.name === 'hep_refresh');
    expect(cleared?.value).toBe('');
  });

  it('treats a rotated token presented again after the grace window as theft and ends the whole family', async () => {
    const { session } = await signedInTherapist();
    const first = (await refreshWithBody(session.refresh)).json();
    const second = (await refreshWithBody(first.refresh)).json();

    t.clock.advance(31_000);
    const reused = await refreshWithBody(session.refresh);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ error: SESSION_EXPIRED, code: 'refresh_reused' });

    const newest = await refreshWithBody(second.refresh);
    expect(newest.statusCode).toBe(401);
  });

  it('lets two refreshes with the same token at once both succeed', async () => {
    const { id, session } = await signedInTherapist();
    const [a, b] = await Promise.all([refreshWithBody(session.refresh), refreshWithBody(session.refresh)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);

    t.clock.advance(10_000);
    const late = await refreshWithBody(session.refresh);
    expect(late.statusCode).toBe(200);
    for (const res of [a, b, late]) {
      expect((await refreshWithBody(res.json().refresh)).statusCode).toBe(200);
    }
    expect((await me(a.json().access, id)).statusCode).toBe(200);
  });

  it('refuses a refresh token after 14 days', async () => {
    const { session } = await signedInTherapist();
    t.clock.advance(15 * 24 * 60 * 60 * 1000);
    const res = await refreshWithBody(session.refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(SESSION_EXPIRED);
  });

  it('refuses the refresh token of a deactivated user', async () => {
    const { id, session } = await signedInTherapist();
    await deactivate(t.ctx, id);
    const res = await refreshWithCookie(session.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(SESSION_EXPIRED);
  });
});

describe('POST /api/logout/', () => {
  it("answers 204, clears the cookie and ends this device's session only", async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const phone = await login(t, therapist);
    const laptop = await login(t, therapist);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout/',
      headers: { ...laptop.headers, cookie: laptop.cookie },
      payload: {},
    });

    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = res.cookies.find((c) => c.name === 'hep_refresh');
    expect(cleared).toMatchObject({ value: '', path: '/api/' });
    expect(new Date(cleared!.expires!).getTime()).toBeLessThan(Date.now());
    // This device: its access token is refused at once, its refresh token too.
    expect((await me(laptop.access, therapist.id)).statusCode).toBe(401);
    expect((await refreshWithBody(laptop.refresh)).statusCode).toBe(401);
    // The other device stays signed in (sessions-and-origin tests go further).
    expect((await me(phone.access, therapist.id)).statusCode).toBe(200);
    expect((await refreshWithBody(phone.refresh)).statusCode).toBe(200);
  });

  it('does not end the sessions of other users', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const theirs = await login(t, client);
    const mine = await login(t, therapist);
    await t.app.inject({ method: 'POST', url: '/api/logout/', headers: mine.headers });
    expect((await refreshWithBody(theirs.refresh)).statusCode).toBe(200);
  });

  it('answers 401 without an access token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout/', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ERROR_TEXTS.unauthenticated, code: 'unauthenticated' });
  });
});
