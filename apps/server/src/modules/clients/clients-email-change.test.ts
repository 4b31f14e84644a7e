import { eq } from 'drizzle-orm';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { users } from '../../db/schema/users';
import { LIMIT } from '../../plugins/rate-limit';
import {
  buildCareTeam,
  buildClient,
  buildTherapist,
  deactivate,
  login,
  type Session,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { editForm as form } from './clients.test-support';

// A therapist changing an activated client's email (decision 011): nothing changes until the link mailed to the
// new address is used (POST /api/confirm-email/).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INVALID = { error: AUTH_TEXTS.emailChangeLinkInvalid, code: 'invalid_link' };

const editClient = (session: Session, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/users/edit_client/',
    headers: session.headers,
    payload,
    remoteAddress: nextIp(),
  });
const confirm = (payload: object, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/confirm-email/', payload, remoteAddress });
const loginWith = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password }, remoteAddress: nextIp() });
const me = (session: Session, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}/`, headers: session.headers });
const storedEmail = async (id: number) =>
  (await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

async function mailsDuring(action: () => Promise<unknown>) {
  await t.deliverMail();
  const before = t.mailbox.messages.length;
  await action();
  await t.deliverMail();
  return t.mailbox.messages.slice(before);
}

function linkIn(text: string) {
  const match = text.match(/\/confirm-email\/([^/\s]+)\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error('no confirmation link in the mail');
  return { uid: match[1]!, token: match[2]! };
}

/** The therapist changes the client's email to `email`; answers the response and the link mailed to `email`. */
async function requestChange(therapist: TestUser, client: TestUser, email: string) {
  const session = await login(t, therapist);
  let res!: Awaited<ReturnType<typeof editClient>>;
  const mails = await mailsDuring(async () => {
    res = await editClient(session, form(client, { email }));
  });
  const mail = mails.find((m) => m.to === email);
  return { res, mails, link: mail ? linkIn(mail.text) : null };
}

describe("PUT /api/users/edit_client/ changing an activated client's email", () => {
  it('saves the other fields, keeps the email, and mails a link to the new address', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const email = `new-${client.id}@example.test`;

    const { res, mails, link } = await requestChange(therapist, client, email);

    expect(res.statusCode).toBe(200);
    // Every field as sent but the email, which waits for the link.
    expect(res.json()).toEqual({
      ...form(client),
      language: 'en',
      email_change: 'confirmation_sent',
      message: AUTH_TEXTS.emailChangeConfirmationSent,
    });
    expect(await storedEmail(client.id)).toBe(client.email);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[email, 'Confirm your new email address']]);
    expect(mails[0]!.text).toContain(`http://app.test/confirm-email/${link!.uid}/${link!.token}`);
    expect(mails[0]!.text).not.toContain("Parkinson's");
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, String(res.headers['x-correlation-id'])));
    expect(rows[0]!.details).toMatchObject({ email_change: 'confirmation_sent' });
    expect(JSON.stringify(rows[0]!.details)).not.toContain(email);
  });

  it('lets the client sign in with the old email until the link is used, not with the new one', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, client);
    const email = `later-${client.id}@example.test`;
    await requestChange(therapist, client, email);

    expect((await me(session, client.id)).statusCode).toBe(200);
    expect((await loginWith(client.email, client.password)).statusCode).toBe(200);
    expect((await loginWith(email, client.password)).statusCode).toBe(401);
  });

  it('lets no one send a password link to the new address before confirmation', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const email = `reset-${client.id}@example.test`;
    await requestChange(therapist, client, email);

    const mails = await mailsDuring(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/reset-password/',
        payload: { email },
        remoteAddress: nextIp(),
      }),
    );
    expect(mails).toEqual([]);
  });

  it('never lets the confirmation link set a password', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const { link } = await requestChange(therapist, client, `pw-${client.id}@example.test`);
    const validate = await t.app.inject({
      method: 'GET',
      url: `/api/reset-password/validate/?uid=${link!.uid}&token=${link!.token}`,
      remoteAddress: nextIp(),
    });
    expect(validate.json().validLink).toBe(false);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password-confirm/',
      payload: { ...link, new_password: 'taken over account' },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode).toBe(400);
    expect((await loginWith(client.email, client.password)).statusCode).toBe(200);
  });

  it('answers 409 at once for an address someone already has, and sends nothing', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const other = await buildCareTeam(t.ctx);
    const { res, mails } = await requestChange(therapist, client, other.client.email.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ email: AUTH_TEXTS.emailTaken });
    expect(mails).toEqual([]);
  });

  it("answers 404 for another clinic's client and sends nothing", async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const elsewhere = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const email = `elsewhere-${elsewhere.client.id}@example.test`;
    let res!: Awaited<ReturnType<typeof editClient>>;
    const mails = await mailsDuring(async () => {
      res = await editClient(session, form(elsewhere.client, { email }));
    });
    expect(res.statusCode).toBe(404);
    expect(mails).toEqual([]);
  });

  it('answers 401 and 403 as the rest of edit_client does', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/users/edit_client/',
      payload: form(client, { email: `x-${client.id}@example.test` }),
    });
    expect(anonymous.statusCode).toBe(401);
    const asClient = await editClient(
      await login(t, client),
      form(client, { email: `x-${client.id}@example.test` }),
    );
    expect(asClient.statusCode).toBe(403);
  });
});

describe('POST /api/confirm-email/', () => {
  it('changes the email, ends every session of the client, and tells the old address', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const phone = await login(t, client);
    const laptop = await login(t, client);
    const email = `confirmed-${client.id}@example.test`;
    const { link } = await requestChange(therapist, client, email);
    let res!: Awaited<ReturnType<typeof confirm>>;

    const mails = await mailsDuring(async () => {
      res = await confirm(link!);
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, message: AUTH_TEXTS.emailChangeConfirmed, success: true });
    expect(await storedEmail(client.id)).toBe(email);
    for (const session of [phone, laptop]) {
      expect((await me(session, client.id)).statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/token/refresh/',
        payload: { refresh: session.refresh },
      });
      expect(refresh.statusCode).toBe(401);
    }
    expect((await loginWith(email, client.password)).statusCode).toBe(200);
    expect((await loginWith(client.email, client.password)).statusCode).toBe(401);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[client.email, 'Your email address was changed']]);
    expect(mails[0]!.text).not.toContain(email);
  });

  it('works once: the same link again answers 400', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const { link } = await requestChange(therapist, client, `once-${client.id}@example.test`);
    expect((await confirm(link!)).statusCode).toBe(200);
    const again = await confirm(link!);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
  });

  it('expires after 24 hours', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const { link } = await requestChange(therapist, client, `late-${client.id}@example.test`);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const res = await confirm(link!);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID);
    expect(await storedEmail(client.id)).toBe(client.email);
  });

  it('honours only the newest link when the email is changed twice', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const first = await requestChange(therapist, client, `first-${client.id}@example.test`);
    const second = await requestChange(therapist, client, `second-${client.id}@example.test`);
    expect((await confirm(first.link!)).json()).toEqual(INVALID);
    expect((await confirm(second.link!)).statusCode).toBe(200);
    expect(await storedEmail(client.id)).toBe(`second-${client.id}@example.test`);
  });

  it('answers 409 when another account took the address meanwhile, and changes nothing', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const email = `contested-${client.id}@example.test`;
    const { link } = await requestChange(therapist, client, email);
    await buildClient(t.ctx, clinicId, therapist.id, { email: email.toUpperCase() });
    const res = await confirm(link!);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: AUTH_TEXTS.emailTaken, code: 'conflict' });
    expect(await storedEmail(client.id)).toBe(client.email);
  });

  it('answers 400 for a made-up or malformed link, or a deactivated client', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const { link } = await requestChange(therapist, client, `gone-${client.id}@example.test`);
    const colleague = await buildTherapist(t.ctx, null);
    for (const payload of [
      { uid: link!.uid, token: 'made-up-token' },
      { uid: Buffer.from(String(colleague.id)).toString('base64url'), token: link!.token },
      { uid: '!!!', token: link!.token },
    ]) {
      const res = await confirm(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID);
    }
    const missing = await confirm({ uid: link!.uid });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('token');

    await deactivate(t.ctx, client.id);
    expect((await confirm(link!)).json()).toEqual(INVALID);
  });

  it('answers 429 with Retry-After past the reset-confirm limit from one address', async () => {
    const ip = nextIp();
    for (let i = 0; i < LIMIT.resetConfirm.max; i += 1) {
      expect((await confirm({ uid: 'MQ', token: `guess-${i}` }, ip)).statusCode).toBe(400);
    }
    const limited = await confirm({ uid: 'MQ', token: 'one-more' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: ERROR_TEXTS.tooManyAttempts, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
