import { eq } from 'drizzle-orm';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZLoginResponse } from '@hep/shared/schemas/auth';
import {
  buildCareTeam,
  buildClinic,
  buildStaff,
  buildTherapist,
  deactivate,
  TEST_PASSWORD,
} from '../../../test/factories';
import { loginFailures } from '../../db/schema/login-failures';
import { refreshTokens } from '../../db/schema/refresh-tokens';
import { LIMIT } from '../../plugins/rate-limit';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { insertUser } from '../users/users.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIFTEEN_MINUTES = 15 * 60 * 1000;

const postLogin = (payload: unknown, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/login/', payload: payload as object, remoteAddress: ip });

describe('POST /api/login/', () => {
  it('signs a therapist in with the fields of the login session and a refresh cookie', async () => {
    const clinicId = await buildClinic(t.ctx);
    const therapist = await buildTherapist(t.ctx, clinicId, { firstName: 'Tessa' });

    const res = await postLogin({ email: therapist.email, password: therapist.password });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ZLoginResponse.strict().parse(body)).toEqual(body);
    expect(body).toMatchObject({
      is_therapist: 'true',
      is_staff: false,
      is_carer: false,
      user_id: therapist.id,
      user_email: therapist.email,
      first_name: 'Tessa',
      agreed: true,
      message: AUTH_TEXTS.loginSuccess,
      success: true,
    });
    const cookie = res.cookies.find((c) => c.name === 'hep_refresh');
    expect(cookie).toMatchObject({ value: body.refresh, httpOnly: true, sameSite: 'Strict', path: '/api/' });
    expect(cookie?.maxAge).toBe(14 * 24 * 60 * 60);
  });

  it('says is_therapist "false" for a client and agreed false before the terms are accepted', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const staff = await buildStaff(t.ctx, { agreedToTerms: false });

    const asClient = (await postLogin({ email: client.email, password: client.password })).json();
    expect(asClient).toMatchObject({ is_therapist: 'false', is_staff: false, user_id: client.id });

    const asStaff = (await postLogin({ email: staff.email, password: staff.password })).json();
    expect(asStaff).toMatchObject({ is_therapist: 'false', is_staff: true, agreed: false });
  });

  it('accepts the email in any letter case and with surrounding spaces', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const res = await postLogin({
      email: `  ${therapist.email.toUpperCase()} `,
      password: therapist.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user_id).toBe(therapist.id);
  });

  it.each([
    ['a missing email', { password: 'x' }, 'email', VALIDATION_TEXTS.required],
    ['an empty email', { email: '', password: 'x' }, 'email', VALIDATION_TEXTS.required],
    ['an invalid email', { email: 'not-an-email', password: 'x' }, 'email', VALIDATION_TEXTS.invalidEmail],
    ['a missing password', { email: 'a@example.test' }, 'password', VALIDATION_TEXTS.required],
    ['an empty password', { email: 'a@example.test', password: '' }, 'password', VALIDATION_TEXTS.required],
  ])('refuses %s with a message for that field', async (_name, payload, field, message) => {
    const res = await postLogin(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'validation_error', fields: { [field]: message } });
  });

  it('gives the same 401 for a wrong password, an unknown email and an account not yet activated', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const clinicId = await buildClinic(t.ctx);
    const pendingEmail = `pending-${clinicId}@example.test`;
    await insertUser(t.ctx.db, { email: pendingEmail, firstName: 'P', lastName: 'Q', passwordHash: null });

    const wrong = await postLogin({ email: therapist.email, password: 'wrong password' });
    const unknown = await postLogin({ email: `nobody-${clinicId}@example.test`, password: TEST_PASSWORD });
    const pending = await postLogin({ email: pendingEmail, password: TEST_PASSWORD });

    for (const res of [wrong, unknown, pending]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: AUTH_TEXTS.invalidCredentials, code: 'invalid_credentials' });
      expect(res.cookies.find((c) => c.name === 'hep_refresh')).toBeUndefined();
    }
  });

  it('refuses a deactivated user with 403, even with the right password', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    await deactivate(t.ctx, therapist.id);
    const res = await postLogin({ email: therapist.email, password: therapist.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: AUTH_TEXTS.accountDeactivated, code: 'account_inactive' });
  });
});

describe('POST /api/login/ brute-force limits', () => {
  it('locks an email for 15 minutes after 10 failures, even for the right password, then lets them in', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    for (let i = 0; i < 10; i += 1) {
      const res = await postLogin({ email: therapist.email, password: `wrong ${i}` });
      expect(res.statusCode).toBe(401);
    }

    const locked = await postLogin({ email: therapist.email.toUpperCase(), password: therapist.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: AUTH_TEXTS.tooManyLoginAttempts, code: 'rate_limited' });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    t.clock.advance(FIFTEEN_MINUTES + 1000);
    const again = await postLogin({ email: therapist.email, password: therapist.password });
    expect(again.statusCode).toBe(200);
  });

  it('does not lock other accounts when one email is locked', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    for (let i = 0; i < 10; i += 1) await postLogin({ email: therapist.email, password: 'wrong' });
    const other = await postLogin({ email: client.email, password: client.password });
    expect(other.statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    for (let i = 0; i < 9; i += 1) await postLogin({ email: therapist.email, password: 'wrong' });
    expect((await postLogin({ email: therapist.email, password: therapist.password })).statusCode).toBe(200);
    for (let i = 0; i < 9; i += 1) await postLogin({ email: therapist.email, password: 'wrong' });
    expect((await postLogin({ email: therapist.email, password: therapist.password })).statusCode).toBe(200);
  });

  it('limits attempts per client address with 429 and Retry-After', async () => {
    const ip = nextIp();
    const { therapist } = await buildCareTeam(t.ctx);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT.login.max; i += 1) {
      statuses.push(
        (await postLogin({ email: `guess-${i}@example.test`, password: 'guess' }, ip)).statusCode,
      );
    }
    expect(statuses.every((s) => s === 401)).toBe(true);

    const blocked = await postLogin({ email: therapist.email, password: therapist.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: ERROR_TEXTS.tooManyAttempts, code: 'rate_limited' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const elsewhere = await postLogin({ email: therapist.email, password: therapist.password });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('POST /api/login/ housekeeping', () => {
  it('keeps only the failures still inside the 15-minute window', async () => {
    const email = `forgetful-${nextIp()}@example.test`;
    await postLogin({ email, password: 'wrong' });
    await postLogin({ email, password: 'wrong' });
    t.clock.advance(16 * 60 * 1000);
    await postLogin({ email, password: 'wrong' });
    const rows = await t.ctx.db.select().from(loginFailures).where(eq(loginFailures.email, email));
    expect(rows).toHaveLength(1);
  });

  it("drops the user's expired refresh tokens when they sign in again", async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    await postLogin({ email: therapist.email, password: therapist.password });
    t.clock.advance(15 * 24 * 60 * 60 * 1000);
    const again = await postLogin({ email: therapist.email, password: therapist.password });
    expect(again.statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, therapist.id));
    expect(rows).toHaveLength(1);
  });
});
