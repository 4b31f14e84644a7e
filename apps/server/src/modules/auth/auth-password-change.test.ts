import { eq } from 'drizzle-orm';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { buildCareTeam, buildStaff, login, type Session, type TestUser } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';

// POST /api/users/me/password/ (decision 011): the signed-in user's own password change.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a calmer morning walk';

const change = (session: Session | null, payload: object, remoteAddress = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/me/password/',
    headers: session ? { ...session.headers, cookie: session.cookie } : {},
    payload,
    remoteAddress,
  });
const me = (session: Session, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}/`, headers: session.headers });
const loginWith = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password }, remoteAddress: nextIp() });

async function twoSessions(): Promise<{ user: TestUser; phone: Session; laptop: Session }> {
  const { client } = await buildCareTeam(t.ctx);
  return { user: client, phone: await login(t, client), laptop: await login(t, client) };
}

describe('POST /api/users/me/password/', () => {
  it('changes the password, ends every session, and tells the address', async () => {
    const { user, phone, laptop } = await twoSessions();
    await t.deliverMail();
    const before = t.mailbox.messages.length;

    const res = await change(laptop, { current_password: user.password, new_password: NEW_PASSWORD });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_TEXTS.passwordChangedSignIn, success: true });
    expect(res.cookies.find((c) => c.name === 'hep_refresh')?.value).toBe('');
    for (const session of [phone, laptop]) {
      expect((await me(session, user.id)).statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/token/refresh/',
        payload: { refresh: session.refresh },
      });
      expect(refresh.statusCode).toBe(401);
    }
    expect((await loginWith(user.email, user.password)).statusCode).toBe(401);
    expect((await loginWith(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    await t.deliverMail();
    const mails = t.mailbox.messages.slice(before);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[user.email, 'Your password was changed']]);
    expect(mails[0]!.text).not.toContain(NEW_PASSWORD);
  });

  it('works for staff and therapists too, and writes an audit row without the password', async () => {
    const staff = await buildStaff(t.ctx);
    const session = await login(t, staff);
    const res = await change(session, { current_password: staff.password, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, String(res.headers['x-correlation-id'])));
    expect(rows).toMatchObject([
      { actorId: staff.id, action: 'update', targetType: 'user', details: { fields: ['password'] } },
    ]);
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
  });

  it.each([
    [
      'a missing current password',
      { new_password: NEW_PASSWORD },
      'current_password',
      AUTH_TEXTS.currentPasswordRequired,
    ],
    [
      'an empty current password',
      { current_password: '', new_password: NEW_PASSWORD },
      'current_password',
      AUTH_TEXTS.currentPasswordRequired,
    ],
    ['a missing new password', { current_password: 'x' }, 'new_password', VALIDATION_TEXTS.required],
    [
      'a short new password',
      { current_password: 'x', new_password: 'short' },
      'new_password',
      AUTH_TEXTS.passwordTooShort,
    ],
    [
      'a numeric new password',
      { current_password: 'x', new_password: '1234567890' },
      'new_password',
      AUTH_TEXTS.passwordNumeric,
    ],
  ])('refuses %s with a message for the field', async (_name, payload, field, message) => {
    const { user, laptop } = await twoSessions();
    const res = await change(laptop, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', fields: { [field]: message } });
    expect((await me(laptop, user.id)).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 on the field and changes nothing', async () => {
    const { user, laptop } = await twoSessions();
    const res = await change(laptop, { current_password: 'not my password', new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: AUTH_TEXTS.currentPasswordWrong,
      code: 'validation_error',
      fields: { current_password: AUTH_TEXTS.currentPasswordWrong },
    });
    expect((await me(laptop, user.id)).statusCode).toBe(200);
    expect((await loginWith(user.email, user.password)).statusCode).toBe(200);
  });

  it('answers 429 after ten wrong current passwords, as login does, even for the right one then', async () => {
    const { user, laptop } = await twoSessions();
    for (let i = 0; i < 10; i += 1) {
      const res = await change(laptop, { current_password: `guess ${i}`, new_password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
    }
    const limited = await change(laptop, { current_password: user.password, new_password: NEW_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: AUTH_TEXTS.tooManyLoginAttempts, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Login of the account is held back too: the guesses count against it.
    expect((await loginWith(user.email, user.password)).statusCode).toBe(429);

    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await loginWith(user.email, user.password)).statusCode).toBe(200);
  });

  it('answers 401 without an access token', async () => {
    const res = await change(null, { current_password: 'x', new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ERROR_TEXTS.unauthenticated, code: 'unauthenticated' });
  });

  it('leaves a reset link sent before the change unusable', async () => {
    const { user, laptop } = await twoSessions();
    await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { email: user.email },
      remoteAddress: nextIp(),
    });
    await t.deliverMail();
    const mail = t.mailbox.messages.filter((m) => m.to === user.email).at(-1)!;
    const [, uid, token] = mail.text.match(/reset-password\/([^/\s]+)\/(\S+)/)!;

    expect(
      (await change(laptop, { current_password: user.password, new_password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password-confirm/',
      payload: { uid, token, new_password: 'someone else chose this' },
    });
    expect(reset.statusCode).toBe(400);
  });
});
