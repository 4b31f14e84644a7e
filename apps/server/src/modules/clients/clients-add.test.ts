import { eq, sql } from 'drizzle-orm';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { CLIENT_TEXTS } from '@hep/shared/texts/clients';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { users } from '../../db/schema/users';
import { LIMIT } from '../../plugins/rate-limit';
import { buildCareTeam, buildClinic, buildStaff, buildTherapist, login } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { addForm as form, clientsCalls, newEmail } from './clients.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { add, addAs, userRow } = clientsCalls(() => t);

describe('POST /api/users/add/', () => {
  it("creates a client in the therapist's clinic, not yet activated, with and without the trailing slash", async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    for (const url of ['/api/users/add/', '/api/users/add']) {
      const payload = form();
      const res = await t.app.inject({ method: 'POST', url, headers: session.headers, payload });

      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({ id: expect.any(Number), message: CLIENT_TEXTS.clientCreated });
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
        error: AUTH_TEXTS.emailTaken,
        code: 'conflict',
        fields: { email: AUTH_TEXTS.emailTaken },
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
        error: AUTH_TEXTS.emailTaken,
        code: 'conflict',
        fields: { email: AUTH_TEXTS.emailTaken },
      });
    }
    const rows = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['first_name', { first_name: '' }, VALIDATION_TEXTS.required],
    ['first_name', { first_name: '   ' }, VALIDATION_TEXTS.required],
    ['first_name', { first_name: 'x'.repeat(101) }, VALIDATION_TEXTS.tooLong],
    ['last_name', { last_name: undefined }, VALIDATION_TEXTS.required],
    ['last_name', { last_name: 'x'.repeat(101) }, VALIDATION_TEXTS.tooLong],
    ['date_of_birth', { date_of_birth: '' }, VALIDATION_TEXTS.required],
    ['date_of_birth', { date_of_birth: undefined }, VALIDATION_TEXTS.required],
    ['date_of_birth', { date_of_birth: '04/02/1951' }, VALIDATION_TEXTS.invalidDate],
    ['date_of_birth', { date_of_birth: '1951-02-30' }, VALIDATION_TEXTS.invalidDate],
    ['date_of_birth', { date_of_birth: '0000-01-01' }, VALIDATION_TEXTS.invalidDate],
    ['date_of_birth', { date_of_birth: '2999-01-01' }, VALIDATION_TEXTS.dateOfBirthFuture],
    ['email', { email: '' }, VALIDATION_TEXTS.required],
    ['email', { email: 'rosa@' }, VALIDATION_TEXTS.invalidEmail],
    ['email', { email: `${'x'.repeat(250)}@example.test` }, VALIDATION_TEXTS.tooLong],
    ['mobile', { mobile: '' }, VALIDATION_TEXTS.required],
    ['mobile', { mobile: '0'.repeat(31) }, VALIDATION_TEXTS.tooLong],
    ['condition', { condition: '' }, VALIDATION_TEXTS.required],
    ['condition', { condition: undefined }, VALIDATION_TEXTS.required],
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
      first_name: VALIDATION_TEXTS.required,
      last_name: VALIDATION_TEXTS.required,
      date_of_birth: VALIDATION_TEXTS.required,
      email: VALIDATION_TEXTS.required,
      mobile: VALIDATION_TEXTS.required,
      condition: VALIDATION_TEXTS.required,
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
    expect(res.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
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
    expect(res.json()).toEqual({ error: ERROR_TEXTS.tooManyAttempts, code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await add(session, form(), nextIp())).statusCode).toBe(201);
  });
});
