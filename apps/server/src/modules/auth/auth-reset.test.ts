import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { buildCareTeam, deactivate, login, TEST_PASSWORD, type TestUser } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { encodeUid, sendPasswordLink } from './password-links.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NEW_PASSWORD = 'a brand new password';
const INVALID = { validLink: false, message: AUTH_TEXTS.resetLinkInvalid };

const requestReset = (email: string, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { email }, remoteAddress: ip });
const validate = (uid: string, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/reset-password/validate/', query: { uid, token } });
const confirm = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/reset-password-confirm/', payload });
const loginStatus = async (email: string, password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email, password },
      remoteAddress: nextIp(),
    })
  ).statusCode;

/** Mails a link the way the app does and reads it back out of the mail, as the user would. */
async function mailedLink(user: TestUser, purpose: 'reset' | 'activate' = 'reset') {
  await t.deliverMail();
  const before = t.mailbox.messages.length;
  await sendPasswordLink(
    t.ctx,
    { id: user.id, email: user.email, firstName: 'Test', language: 'en' },
    purpose,
  );
  await t.deliverMail();
  return linkIn(t.mailbox.messages[before]!.text);
}

function linkIn(text: string) {
  const match = text.match(/http:\/\/app\.test\/reset-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no link in: ${text}`);
  return { url: match[0], uid: match[1]!, token: match[2]! };
}

describe('POST /api/reset-password/', () => {
  it('mails a reset link to a known address and answers the documented message', async () => {
    const { client } = await buildCareTeam(t.ctx);
    await t.deliverMail();
    const before = t.mailbox.messages.length;

    const res = await requestReset(client.email.toUpperCase());

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_TEXTS.resetRequestSent });
    await t.deliverMail();
    const mails = t.mailbox.messages.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: client.email, subject: 'Reset your password' });
    const link = linkIn(mails[0]!.text);
    expect(link.uid).toBe(encodeUid(client.id));
    expect(mails[0]!.html).toContain(link.url);
    expect((await validate(link.uid, link.token)).json()).toEqual({
      validLink: true,
      message: AUTH_TEXTS.resetLinkValid,
      purpose: 'reset',
    });
  });

  it('answers an unknown address exactly the same and sends nothing', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const known = await requestReset(client.email);
    await t.deliverMail();
    const before = t.mailbox.messages.length;

    const unknown = await requestReset(`nobody-${client.id}@example.test`);

    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await t.deliverMail();
    expect(t.mailbox.messages.length).toBe(before);
  });

  it('answers the same when the mail cannot be sent, so an outage does not reveal who has an account', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new Error('SMTP connection refused');
    };
    try {
      const res = await requestReset(client.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: AUTH_TEXTS.resetRequestSent });
    } finally {
      t.ctx.mailer.send = send;
    }
  });

  it('sends nothing to a deactivated user, and their earlier links stop working', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const link = await mailedLink(client);
    await deactivate(t.ctx, client.id);
    await t.deliverMail();
    const before = t.mailbox.messages.length;

    const res = await requestReset(client.email);

    expect(res.json()).toEqual({ success: true, message: AUTH_TEXTS.resetRequestSent });
    await t.deliverMail();
    expect(t.mailbox.messages.length).toBe(before);
    expect((await validate(link.uid, link.token)).json()).toEqual(INVALID);
    expect((await confirm({ uid: link.uid, token: link.token, new_password: NEW_PASSWORD })).statusCode).toBe(
      400,
    );
  });

  it.each([
    ['a missing email', {}, VALIDATION_TEXTS.required],
    ['an invalid email', { email: 'someone@' }, VALIDATION_TEXTS.invalidEmail],
  ])('refuses %s with a message for the field', async (_name, payload, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'validation_error', fields: { email: message } });
  });

  it('allows 5 requests per address in 15 minutes, then answers 429 with Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1)
      expect((await requestReset(`someone-${i}@example.test`, ip)).statusCode).toBe(200);
    const res = await requestReset('someone@example.test', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: ERROR_TEXTS.tooManyAttempts, code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /api/reset-password/validate/', () => {
  it('refuses a wrong token, another user, a garbage uid and a missing part', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const link = await mailedLink(client);

    expect((await validate(link.uid, `${link.token}x`)).json()).toEqual(INVALID);
    expect((await validate(encodeUid(therapist.id), link.token)).json()).toEqual(INVALID);
    expect((await validate('!!not-base64!!', link.token)).json()).toEqual(INVALID);
    expect((await validate(encodeUid(999_999_999), link.token)).json()).toEqual(INVALID);
    expect((await validate('', link.token)).json()).toEqual(INVALID);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/reset-password/validate/?uid=${link.uid}`,
    });
    expect(missing.statusCode).toBe(400);
  });

  it('keeps a reset link for 24 hours', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const link = await mailedLink(client, 'reset');
    t.clock.advance(DAY - HOUR);
    expect((await validate(link.uid, link.token)).json().validLink).toBe(true);
    t.clock.advance(2 * HOUR);
    expect((await validate(link.uid, link.token)).json()).toEqual(INVALID);
  });

  it('keeps an activation link for 7 days', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const link = await mailedLink(client, 'activate');
    expect(t.mailbox.messages.at(-1)?.subject).toBe('Activate your account');
    t.clock.advance(7 * DAY - HOUR);
    expect((await validate(link.uid, link.token)).json().validLink).toBe(true);
    t.clock.advance(2 * HOUR);
    expect((await validate(link.uid, link.token)).json()).toEqual(INVALID);
  });
});

describe('POST /api/reset-password-confirm/', () => {
  it('sets the new password once: the new one logs in, the old one does not, other sessions end', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const elsewhere = await login(t, client);
    const link = await mailedLink(client);

    const res = await confirm({ uid: link.uid, token: link.token, new_password: NEW_PASSWORD });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: client.email,
      message: AUTH_TEXTS.resetConfirmSuccess,
      success: true,
    });
    expect(await loginStatus(client.email, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(client.email, TEST_PASSWORD)).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: elsewhere.refresh },
    });
    expect(refresh.statusCode).toBe(401);

    expect((await validate(link.uid, link.token)).json()).toEqual(INVALID);
    const again = await confirm({ uid: link.uid, token: link.token, new_password: 'yet another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: AUTH_TEXTS.resetLinkInvalid, code: 'invalid_link' });
    expect(await loginStatus(client.email, NEW_PASSWORD)).toBe(200);
  });

  it('activates an account that had no password yet', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const link = await mailedLink(client, 'activate');
    expect((await confirm({ uid: link.uid, token: link.token, new_password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
    expect(await loginStatus(client.email, NEW_PASSWORD)).toBe(200);
  });

  it('uses up the older links of the user too', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const older = await mailedLink(client);
    const newer = await mailedLink(client);
    expect(
      (await confirm({ uid: newer.uid, token: newer.token, new_password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await validate(older.uid, older.token)).json()).toEqual(INVALID);
  });

  it.each([
    ['short', AUTH_TEXTS.passwordTooShort],
    ['12345678901', AUTH_TEXTS.passwordNumeric],
  ])('refuses the password %j with the rule it breaks', async (password, message) => {
    const { client } = await buildCareTeam(t.ctx);
    const link = await mailedLink(client);
    const res = await confirm({ uid: link.uid, token: link.token, new_password: password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: message,
      code: 'validation_error',
      fields: { new_password: message },
    });
    expect((await validate(link.uid, link.token)).json().validLink).toBe(true);
  });

  it('refuses a missing password and an invalid or expired link with 400', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const link = await mailedLink(client);
    const missing = await confirm({ uid: link.uid, token: link.token });
    expect(missing.json()).toMatchObject({
      code: 'validation_error',
      fields: { new_password: VALIDATION_TEXTS.required },
    });

    const wrong = await confirm({ uid: link.uid, token: 'not-the-token', new_password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: AUTH_TEXTS.resetLinkInvalid, code: 'invalid_link' });

    t.clock.advance(DAY + HOUR);
    const expired = await confirm({ uid: link.uid, token: link.token, new_password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(await loginStatus(client.email, TEST_PASSWORD)).toBe(200);
  });
});
