import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@hep/shared/messages';
import { auditLog } from '../../db/schema/audit-log';
import { clientProfiles, users } from '../../db/schema/users';
import { LIMIT } from '../../plugins/rate-limit';
import {
  buildCareTeam,
  buildClinic,
  buildStaff,
  buildTherapist,
  login,
  type Session,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let emailCounter = 0;
const newEmail = () => `new-client-${Date.now()}-${(emailCounter += 1)}@example.test`;

const form = (changes: Record<string, unknown> = {}) => ({
  first_name: 'Rosa',
  last_name: 'Parks',
  date_of_birth: '1951-02-04',
  email: newEmail(),
  mobile: '0400 123 456',
  condition: 'Multiple Sclerosis',
  ...changes,
});

const add = (session: Session | null, payload: object, remoteAddress = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/add/',
    headers: session?.headers ?? {},
    payload,
    remoteAddress,
  });

async function addAs(user: TestUser, payload: object) {
  return add(await login(t, user), payload);
}

const linkIn = (text: string) => {
  const match = text.match(/http:\/\/app\.test\/reset-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no link in: ${text}`);
  return { uid: match[1]!, token: match[2]! };
};

const loginStatus = async (email: string, password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email, password },
      remoteAddress: nextIp(),
    })
  ).statusCode;

const userRow = async (id: number) => {
  const [row] = await t.ctx.db
    .select({ user: users, profile: clientProfiles })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(eq(users.id, id));
  return row!;
};

describe('POST /api/users/add/', () => {
  it("creates a client in the therapist's clinic, not yet activated, with and without the trailing slash", async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    for (const url of ['/api/users/add/', '/api/users/add']) {
      const payload = form();
      const res = await t.app.inject({ method: 'POST', url, headers: session.headers, payload });

      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({ id: expect.any(Number), message: MESSAGES.clientCreated });
      const row = await userRow(body.id);
      expect(row.user).toMatchObject({
        email: payload.email,
        firstName: 'Rosa',
        lastName: 'Parks',
        dateOfBirth: '1951-02-04',
        mobile: '0400 123 456',
        isStaff: false,
        isTherapist: false,
        isActive: true,
        agreedToTerms: false,
        passwordHash: null,
      });
      expect(row.profile).toEqual({
        userId: body.id,
        condition: 'Multiple Sclerosis',
        clinicId,
        createdById: therapist.id,
      });
    }
  });

  it('puts the new client on the whole care team: a colleague sees them in the list and the details', async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const colleague = await buildTherapist(t.ctx, clinicId);
    const { id } = (await addAs(therapist, form())).json();

    const session = await login(t, colleague);
    const list = await t.app.inject({ method: 'GET', url: '/api/users/clients/', headers: session.headers });
    expect(list.json().map((c: { id: number }) => c.id)).toContain(id);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/users/client_details/?id=${id}`,
      headers: session.headers,
    });
    expect(details.statusCode).toBe(200);
  });

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
    expect(valid.json()).toEqual({ validLink: true, message: MESSAGES.resetLinkValid });
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

  it('lets staff add a client, who then belongs to no clinic and was created by that staff user', async () => {
    const staff = await buildStaff(t.ctx);
    const res = await addAs(staff, form());
    expect(res.statusCode).toBe(201);
    expect((await userRow(res.json().id)).profile).toMatchObject({ clinicId: null, createdById: staff.id });
  });

  it('creates a client and nothing more, whatever extra fields are sent', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const res = await addAs(
      therapist,
      form({ is_staff: true, is_therapist: true, agreed_to_terms: true, password: 'sneaky password' }),
    );
    expect(res.statusCode).toBe(201);
    expect((await userRow(res.json().id)).user).toMatchObject({
      isStaff: false,
      isTherapist: false,
      agreedToTerms: false,
      passwordHash: null,
    });
  });

  it('refuses an email already registered, in any letter case, with 409 and creates nothing', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    await t.deliverMail();
    const before = t.mailbox.messages.length;
    for (const email of [client.email, client.email.toUpperCase(), ` ${therapist.email} `]) {
      const res = await addAs(therapist, form({ email }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: MESSAGES.emailTaken,
        code: 'conflict',
        fields: { email: MESSAGES.emailTaken },
      });
    }
    await t.deliverMail();
    expect(t.mailbox.messages.length).toBe(before);
  });

  it('creates one client when several requests race for the same address; the others get 409', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const email = newEmail();
    const capitalised = email[0]!.toUpperCase() + email.slice(1);
    const spellings = [email, email.toUpperCase(), email, capitalised, capitalised];
    const results = await Promise.all(spellings.map((spelling) => add(session, form({ email: spelling }))));

    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toEqual({
        error: MESSAGES.emailTaken,
        code: 'conflict',
        fields: { email: MESSAGES.emailTaken },
      });
    }
    const rows = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['first_name', { first_name: '' }, MESSAGES.required],
    ['first_name', { first_name: '   ' }, MESSAGES.required],
    ['first_name', { first_name: 'x'.repeat(101) }, MESSAGES.tooLong],
    ['last_name', { last_name: undefined }, MESSAGES.required],
    ['last_name', { last_name: 'x'.repeat(101) }, MESSAGES.tooLong],
    ['date_of_birth', { date_of_birth: '' }, MESSAGES.required],
    ['date_of_birth', { date_of_birth: undefined }, MESSAGES.required],
    ['date_of_birth', { date_of_birth: '04/02/1951' }, MESSAGES.invalidDate],
    ['date_of_birth', { date_of_birth: '1951-02-30' }, MESSAGES.invalidDate],
    ['date_of_birth', { date_of_birth: '0000-01-01' }, MESSAGES.invalidDate],
    ['date_of_birth', { date_of_birth: '2999-01-01' }, MESSAGES.dateOfBirthFuture],
    ['email', { email: '' }, MESSAGES.required],
    ['email', { email: 'rosa@' }, MESSAGES.invalidEmail],
    ['email', { email: `${'x'.repeat(250)}@example.test` }, MESSAGES.tooLong],
    ['mobile', { mobile: '' }, MESSAGES.required],
    ['mobile', { mobile: '0'.repeat(31) }, MESSAGES.tooLong],
    ['condition', { condition: '' }, MESSAGES.required],
    ['condition', { condition: undefined }, MESSAGES.required],
    ['condition', { condition: 'Flu' }, 'Choose a condition from the list.'],
  ])('refuses a bad %s (%j) with the message for that field', async (field, changes, message) => {
    const { therapist } = await buildCareTeam(t.ctx);
    const payload = form(changes);
    const res = await addAs(therapist, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'validation_error', fields: { [field]: message } });
    const rows = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, payload.email));
    expect(rows).toEqual([]);
  });

  it('names every missing field at once', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const res = await addAs(therapist, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      first_name: MESSAGES.required,
      last_name: MESSAGES.required,
      date_of_birth: MESSAGES.required,
      email: MESSAGES.required,
      mobile: MESSAGES.required,
      condition: MESSAGES.required,
    });
  });

  it('writes an audit row for the creation without any health data', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const res = await addAs(therapist, form());
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: therapist.id,
      action: 'create',
      targetType: 'client',
      targetIds: [res.json().id],
      subjectUserId: res.json().id,
      details: { activation_email: 'sent' },
    });
    expect(JSON.stringify(rows[0]!.details)).not.toMatch(/Sclerosis|1951|0400/);
  });

  it('answers 401 without an access token and creates nothing', async () => {
    const payload = form();
    const res = await add(null, payload);
    expect(res.statusCode).toBe(401);
    const rows = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, payload.email));
    expect(rows).toEqual([]);
  });

  it('answers 403 to a client', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await addAs(client, form());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MESSAGES.forbidden, code: 'forbidden' });
  });

  it(`allows ${LIMIT.accountWrites.max} additions a minute from one address, then answers 429`, async () => {
    const therapist = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    const session = await login(t, therapist);
    const ip = nextIp();
    // Refused bodies count too: the limit protects the route, not only the successful saves.
    for (let i = 0; i < LIMIT.accountWrites.max; i += 1) {
      expect((await add(session, form({ email: 'not-an-email' }), ip)).statusCode).toBe(400);
    }
    const res = await add(session, form(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: MESSAGES.tooManyAttempts, code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await add(session, form(), nextIp())).statusCode).toBe(201);
  });
});
