import { eq } from 'drizzle-orm';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { buildCareTeam, login } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { addForm as form, clientsCalls, resetLinkIn as linkIn } from './clients.test-support';

// A new client's activation email (POST /api/users/add/), and when it cannot be sent.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { add, addAs, loginStatus, userRow } = clientsCalls(() => t);

describe('POST /api/users/add/: the activation email', () => {
  it('emails an activation link that sets the password, after which the client logs in and meets the terms', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const payload = form({ first_name: 'Ada' });
    await t.deliverMail();
    const before = t.mailbox.messages.length;

    const res = await addAs(therapist, payload);
    expect(res.statusCode).toBe(201);
    await t.deliverMail();
    const mails = t.mailbox.messages.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: payload.email, subject: 'Activate your account' });
    expect(mails[0]!.text).toContain('Hello Ada,');
    expect(mails[0]!.text).not.toContain('Multiple Sclerosis');
    const link = linkIn(mails[0]!.text);

    expect(await loginStatus(payload.email, 'a new client password')).toBe(401);
    const valid = await t.app.inject({
      method: 'GET',
      url: '/api/reset-password/validate/',
      query: link,
    });
    expect(valid.json()).toEqual({
      validLink: true,
      message: AUTH_TEXTS.resetLinkValid,
      purpose: 'activate',
    });
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password-confirm/',
      payload: { ...link, new_password: 'a new client password' },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ email: payload.email, success: true });

    const loggedIn = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: payload.email, password: 'a new client password' },
      remoteAddress: nextIp(),
    });
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json()).toMatchObject({ is_therapist: 'false', is_staff: false, agreed: false });
  });

  it('keeps the client when the activation email cannot be sent; a reset link still activates them', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const payload = form();
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new Error('SMTP connection refused');
    };
    let res;
    try {
      res = await add(session, payload);
    } finally {
      t.ctx.mailer.send = send;
    }
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect((await userRow(id)).user.email).toBe(payload.email);
    const [auditRow] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(auditRow).toMatchObject({ action: 'create', details: { activation_email: 'failed' } });

    await t.deliverMail();
    const before = t.mailbox.messages.length;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { email: payload.email },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode).toBe(200);
    await t.deliverMail();
    const link = linkIn(t.mailbox.messages[before]!.text);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password-confirm/',
      payload: { ...link, new_password: 'set after an outage' },
    });
    expect(confirm.statusCode).toBe(200);
    expect(await loginStatus(payload.email, 'set after an outage')).toBe(200);
  });
});
