import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { buildCareTeam, buildStaff, login } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ALL_AGREED = { privacy: true, waiver: true, terms: true };

const postTerms = (payload: object, headers: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/terms/', payload, headers: headers as Record<string, string> });
const checkEmail = (payload: object, headers: object = {}, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/check-email/',
    payload,
    headers: headers as Record<string, string>,
    remoteAddress: ip,
  });

describe('POST /api/terms/', () => {
  it('records all three agreements, and the next login says agreed', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const staff = await buildStaff(t.ctx, { agreedToTerms: false });
    for (const user of [client, staff]) {
      const session = await login(t, { ...user });
      const res = await postTerms(ALL_AGREED, session.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ agreed: true });
      const next = await t.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: user,
        remoteAddress: nextIp(),
      });
      expect(next.json().agreed).toBe(true);
    }
  });

  it('refuses when any box is not ticked, naming each one', async () => {
    const staff = await buildStaff(t.ctx, { agreedToTerms: false });
    const session = await login(t, staff);
    const res = await postTerms({ privacy: true, waiver: false, terms: false }, session.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Please agree to all three to continue.',
      code: 'validation_error',
      fields: { waiver: 'Please tick this box to agree.', terms: 'Please tick this box to agree.' },
    });
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: staff,
      remoteAddress: nextIp(),
    });
    expect(next.json().agreed).toBe(false);
  });

  it('refuses a missing or non-boolean answer with 400 naming the field', async () => {
    const staff = await buildStaff(t.ctx);
    const session = await login(t, staff);
    const res = await postTerms({ privacy: 'yes', waiver: true }, session.headers);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['privacy', 'terms']);
  });

  it('answers 401 without an access token', async () => {
    const res = await postTerms(ALL_AGREED);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ERROR_TEXTS.unauthenticated, code: 'unauthenticated' });
  });
});

describe('POST /api/check-email/', () => {
  it('tells a therapist whether an address is registered, in any letter case', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);

    const taken = await checkEmail(
      { email: client.email.toUpperCase(), timestamp: Date.now() },
      session.headers,
    );
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ exists: true });

    const free = await checkEmail({ email: `free-${client.id}@example.test` }, session.headers);
    expect(free.json()).toEqual({ exists: false });
  });

  it('answers staff the same way, including for their own address', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const staff = await buildStaff(t.ctx);
    const session = await login(t, staff);
    expect((await checkEmail({ email: client.email }, session.headers)).json()).toEqual({ exists: true });
    expect((await checkEmail({ email: staff.email }, session.headers)).json()).toEqual({ exists: true });
  });

  it('answers 403 to a client checking an address without their current password', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, client);
    for (const payload of [
      { email: therapist.email },
      { email: client.email },
      { email: therapist.email, current_password: '' },
    ]) {
      const res = await checkEmail(payload, session.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: AUTH_TEXTS.checkEmailNeedsPassword, code: 'forbidden' });
    }
  });

  it('answers a client checking a new address of their own with their current password', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, client);
    const own = { current_password: client.password };
    expect((await checkEmail({ email: therapist.email, ...own }, session.headers)).json()).toEqual({
      exists: true,
    });
    expect(
      (await checkEmail({ email: `free-${client.id}@example.test`, ...own }, session.headers)).json(),
    ).toEqual({
      exists: false,
    });
    // Their own address is never taken for them.
    expect((await checkEmail({ email: client.email.toUpperCase(), ...own }, session.headers)).json()).toEqual(
      {
        exists: false,
      },
    );
  });

  it('refuses a wrong current password with 400 on the field, and 429 after ten wrong guesses', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, client);
    const guess = (password: string) =>
      checkEmail({ email: therapist.email, current_password: password }, session.headers);
    const wrong = await guess('not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: AUTH_TEXTS.currentPasswordWrong,
      code: 'validation_error',
      fields: { current_password: AUTH_TEXTS.currentPasswordWrong },
    });
    for (let i = 1; i < 10; i += 1) expect((await guess(`guess ${i}`)).statusCode).toBe(400);
    const limited = await guess(client.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: AUTH_TEXTS.tooManyLoginAttempts, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    ['a missing email', {}, VALIDATION_TEXTS.required],
    ['an invalid email', { email: 'a@b' }, VALIDATION_TEXTS.invalidEmail],
  ])('refuses %s with a message for the field', async (_name, payload, message) => {
    const { therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const res = await checkEmail(payload, session.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'validation_error', fields: { email: message } });
  });

  it('answers 401 without an access token', async () => {
    const res = await checkEmail({ email: 'someone@example.test' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });

  it('answers 429 with the documented message and Retry-After after 30 checks a minute from one address', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const ip = nextIp();
    for (let i = 0; i < 30; i += 1) {
      expect((await checkEmail({ email: `probe-${i}@example.test` }, session.headers, ip)).statusCode).toBe(
        200,
      );
    }
    const res = await checkEmail({ email: 'probe@example.test' }, session.headers, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: ERROR_TEXTS.tooManyAttempts, code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
