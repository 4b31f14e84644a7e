import { eq } from 'drizzle-orm';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import {
  buildCareTeam,
  buildClient,
  buildStaff,
  login,
  type Session,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';

// PUT /api/users/{id}/ changing an email (decision 011): one's own needs the current password and ends every
// session; staff changing another activated account's email only sends a confirmation link.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SESSION_EXPIRED = { error: 'Your session has expired. Please log in again.', code: 'unauthenticated' };

const profile = (user: TestUser, changes: object = {}) => ({
  email: user.email,
  first_name: 'Casey',
  last_name: 'Jones',
  mobile: '0400 999 888',
  date_of_birth: '1970-01-31',
  ...changes,
});
const put = (session: Session | null, id: number, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/users/${id}/`,
    headers: session?.headers ?? {},
    payload,
    remoteAddress: nextIp(),
  });
const me = (session: Session, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}/`, headers: session.headers });
const refresh = (session: Session) =>
  t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: session.refresh } });
const loginWith = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password }, remoteAddress: nextIp() });
const storedEmail = async (id: number) =>
  (await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

async function mailsDuring(action: () => Promise<unknown>) {
  await t.deliverMail();
  const before = t.mailbox.messages.length;
  await action();
  await t.deliverMail();
  return t.mailbox.messages.slice(before);
}

describe('changing one’s own email', () => {
  it('needs the current password: 400 on the field when missing, nothing changes', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const session = await login(t, client);
    for (const missing of [{}, { current_password: '' }]) {
      const res = await put(
        session,
        client.id,
        profile(client, { email: `new-${client.id}@example.test`, ...missing }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: AUTH_TEXTS.currentPasswordRequired,
        code: 'validation_error',
        fields: { current_password: AUTH_TEXTS.currentPasswordRequired },
      });
    }
    expect(await storedEmail(client.id)).toBe(client.email);
    expect((await me(session, client.id)).json().first_name).toBe('Client');
  });

  it('refuses a wrong current password with 400 on the field', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const res = await put(
      session,
      therapist.id,
      profile(therapist, { email: `new-${therapist.id}@example.test`, current_password: 'wrong password' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: AUTH_TEXTS.currentPasswordWrong,
      code: 'validation_error',
      fields: { current_password: AUTH_TEXTS.currentPasswordWrong },
    });
    expect(await storedEmail(therapist.id)).toBe(therapist.email);
  });

  it('answers 429 after ten wrong current passwords, like login', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const session = await login(t, client);
    const email = `new-${client.id}@example.test`;
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await put(session, client.id, profile(client, { email, current_password: `guess ${i}` })))
          .statusCode,
      ).toBe(400);
    }
    const limited = await put(
      session,
      client.id,
      profile(client, { email, current_password: client.password }),
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: AUTH_TEXTS.tooManyLoginAttempts, code: 'rate_limited' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await storedEmail(client.id)).toBe(client.email);
  });

  it('with the right password: changes at once, ends both sessions, and tells the old address only', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const phone = await login(t, client);
    const laptop = await login(t, client);
    const email = `moved-${client.id}@example.test`;
    let res!: Awaited<ReturnType<typeof put>>;

    const mails = await mailsDuring(async () => {
      res = await put(laptop, client.id, profile(client, { email, current_password: client.password }));
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email,
      first_name: 'Casey',
      email_change: 'changed',
      message: AUTH_TEXTS.emailChangedSignIn,
    });
    for (const session of [phone, laptop]) {
      expect((await me(session, client.id)).json()).toEqual(SESSION_EXPIRED);
      expect((await refresh(session)).statusCode).toBe(401);
    }
    expect((await loginWith(client.email, client.password)).statusCode).toBe(401);
    expect((await loginWith(email, client.password)).statusCode).toBe(200);

    expect(mails.map((m) => [m.to, m.subject])).toEqual([[client.email, 'Your email address was changed']]);
    expect(`${mails[0]!.text}${mails[0]!.html}`).not.toContain(email);
    expect(mails[0]!.text).not.toContain('Stroke');
  });

  it('answers 409 for a taken address only after the right password', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, client);
    const wrong = await put(
      session,
      client.id,
      profile(client, { email: therapist.email, current_password: 'nope nope' }),
    );
    expect(wrong.statusCode).toBe(400);
    const taken = await put(
      session,
      client.id,
      profile(client, { email: therapist.email, current_password: client.password }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ email: AUTH_TEXTS.emailTaken });
    expect((await me(session, client.id)).statusCode).toBe(200);
  });

  it('needs no password when the email stays (or only its letter case changes), and keeps the sessions', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const session = await login(t, client);
    for (const email of [client.email, client.email.toUpperCase()]) {
      const res = await put(session, client.id, profile(client, { email }));
      expect(res.statusCode).toBe(200);
      expect(res.json().email_change).toBeUndefined();
    }
    expect((await me(session, client.id)).statusCode).toBe(200);
  });

  it('answers 401 without an access token', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await put(null, client.id, profile(client, { current_password: client.password }));
    expect(res.statusCode).toBe(401);
  });
});

describe("staff changing another user's email", () => {
  it('of an activated user: the other fields save, and a link goes to the new address', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const staff = await buildStaff(t.ctx);
    const clientSession = await login(t, client);
    const email = `staff-moved-${client.id}@example.test`;
    let res!: Awaited<ReturnType<typeof put>>;

    const mails = await mailsDuring(async () => {
      res = await put(await login(t, staff), client.id, profile(client, { email, last_name: 'Edited' }));
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: client.email,
      last_name: 'Edited',
      email_change: 'confirmation_sent',
      message: AUTH_TEXTS.emailChangeConfirmationSent,
    });
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[email, 'Confirm your new email address']]);
    expect(mails[0]!.text).toMatch(/http:\/\/app\.test\/confirm-email\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]{40,}/);
    expect((await me(clientSession, client.id)).statusCode).toBe(200);
    expect((await loginWith(client.email, client.password)).statusCode).toBe(200);
  });

  it('of a user not activated yet: changes at once', async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const invited = await buildClient(t.ctx, clinicId, therapist.id, { passwordHash: null });
    const staff = await buildStaff(t.ctx);
    const email = `invited-${invited.id}@example.test`;
    const res = await put(await login(t, staff), invited.id, profile(invited, { email }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, email_change: 'changed' });
  });

  it("answers 404 to a client changing another client's email", async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const other = await buildClient(t.ctx, clinicId, therapist.id);
    const res = await put(
      await login(t, client),
      other.id,
      profile(other, { email: `hijack-${other.id}@example.test`, current_password: client.password }),
    );
    expect(res.statusCode).toBe(404);
    expect(await storedEmail(other.id)).toBe(other.email);
  });
});

describe('an email change of one’s own after a pending confirmation link', () => {
  it('leaves the earlier link unusable', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const staff = await buildStaff(t.ctx);
    const pending = `pending-${client.id}@example.test`;
    const staffSession = await login(t, staff);
    const mails = await mailsDuring(() => put(staffSession, client.id, profile(client, { email: pending })));
    const [, uid, token] = mails
      .find((m) => m.to === pending)!
      .text.match(/confirm-email\/([^/\s]+)\/(\S+)/)!;

    const own = `own-${client.id}@example.test`;
    const session = await login(t, client);
    expect(
      (await put(session, client.id, profile(client, { email: own, current_password: client.password })))
        .statusCode,
    ).toBe(200);

    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/confirm-email/',
      payload: { uid, token },
      remoteAddress: nextIp(),
    });
    expect(confirm.statusCode).toBe(400);
    expect(await storedEmail(client.id)).toBe(own);
  });
});
