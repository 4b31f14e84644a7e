import { eq } from 'drizzle-orm';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { CLIENT_TEXTS } from '@hep/shared/texts/clients';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { LIMIT } from '../../plugins/rate-limit';
import { buildCareTeam, buildClient, buildStaff, buildTherapist, login } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { clientsCalls, editForm as form } from './clients.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOT_FOUND = { error: ERROR_TEXTS.notFound, code: 'not_found' };
const { auditRowsOf, detailsAs, put, editAs } = clientsCalls(() => t);

describe('PUT /api/users/edit_client/', () => {
  it('saves every field and answers the details, which a later read agrees with', async () => {
    // Not yet activated, so the email changes at once too (clients-email-change.test.ts: an activated client's).
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const client = await buildClient(t.ctx, clinicId, therapist.id, { passwordHash: null });
    const email = `changed-${client.id}@example.test`;
    for (const [i, url] of ['/api/users/edit_client/', '/api/users/edit_client'].entries()) {
      const res = await put(await login(t, therapist), form(client, { email }), nextIp(), url);
      expect(res.statusCode).toBe(200);
      const { email_change, message, ...details } = res.json();
      expect(i === 0 ? { email_change, message } : {}).toEqual(
        i === 0 ? { email_change: 'changed', message: CLIENT_TEXTS.clientUpdated } : {},
      );
      const expected = {
        id: client.id,
        first_name: 'Mary',
        last_name: 'Seacole',
        date_of_birth: '1955-11-23',
        email,
        mobile: '0411 222 333',
        condition: "Parkinson's Disease",
        receives_sms: true,
        receives_email: true,
        language: 'en',
      };
      expect(details).toEqual(expected);
      expect((await detailsAs(therapist, client.id)).json()).toEqual(expected);
    }
  });

  it("changes a client's email at once while they have no password: nothing waits for a link", async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const client = await buildClient(t.ctx, clinicId, therapist.id, { passwordHash: null });
    const email = `moved-${client.id}@example.test`;
    await t.deliverMail();
    const before = t.mailbox.messages.length;

    const res = await editAs(therapist, form(client, { email }));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, email_change: 'changed' });
    await t.deliverMail();
    expect(t.mailbox.messages.slice(before).map((m) => m.subject)).toEqual([]);
  });

  it('keeps the email when only its letter case changes', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const res = await editAs(therapist, form(client, { email: client.email.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(client.email.toUpperCase());
  });

  it.each([
    ['an empty condition', { condition: '' }],
    ['a null condition', { condition: null }],
    ['no condition', { condition: undefined }],
  ])('accepts %s and clears it', async (_name, changes) => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const res = await editAs(therapist, form(client, changes));
    expect(res.statusCode).toBe(200);
    expect(res.json().condition).toBeNull();
  });

  it('lets a colleague of the clinic and staff edit the client', async () => {
    const { clinicId, client } = await buildCareTeam(t.ctx);
    const colleague = await buildTherapist(t.ctx, clinicId);
    const staff = await buildStaff(t.ctx);
    expect((await editAs(colleague, form(client, { first_name: 'Colleague' }))).json().first_name).toBe(
      'Colleague',
    );
    expect((await editAs(staff, form(client, { first_name: 'Staff' }))).json().first_name).toBe('Staff');
  });

  it('refuses an email registered to someone else, in any letter case, with 409 and changes nothing', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const other = await buildCareTeam(t.ctx);
    for (const email of [other.client.email, other.therapist.email.toUpperCase()]) {
      const res = await editAs(therapist, form(client, { email, first_name: 'Changed' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: AUTH_TEXTS.emailTaken,
        code: 'conflict',
        fields: { email: AUTH_TEXTS.emailTaken },
      });
    }
    const details = (await detailsAs(therapist, client.id)).json();
    expect(details).toMatchObject({ email: client.email, first_name: 'Client' });
  });

  it.each([
    ['first_name', { first_name: '' }, VALIDATION_TEXTS.required],
    ['first_name', { first_name: 'x'.repeat(101) }, VALIDATION_TEXTS.tooLong],
    ['last_name', { last_name: ' ' }, VALIDATION_TEXTS.required],
    ['date_of_birth', { date_of_birth: '' }, VALIDATION_TEXTS.required],
    ['date_of_birth', { date_of_birth: '2001-13-01' }, VALIDATION_TEXTS.invalidDate],
    ['email', { email: '' }, VALIDATION_TEXTS.required],
    ['email', { email: 'mary.example.test' }, VALIDATION_TEXTS.invalidEmail],
    ['mobile', { mobile: '' }, VALIDATION_TEXTS.required],
    ['mobile', { mobile: '1'.repeat(31) }, VALIDATION_TEXTS.tooLong],
    ['condition', { condition: 'Flu' }, 'Choose a condition from the list.'],
    ['receives_sms', { receives_sms: undefined }, VALIDATION_TEXTS.required],
    ['receives_email', { receives_email: 'yes' }, VALIDATION_TEXTS.required],
  ])(
    'refuses a bad %s (%j) with the message for that field and changes nothing',
    async (field, changes, message) => {
      const { therapist, client } = await buildCareTeam(t.ctx);
      const res = await editAs(therapist, form(client, changes));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message, code: 'validation_error', fields: { [field]: message } });
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, client.id));
      expect(row!.firstName).toBe('Client');
    },
  );

  it('refuses a missing or malformed id with 400', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    for (const id of [undefined, 'abc', 0]) {
      const res = await editAs(therapist, form(client, { id }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', fields: { id: expect.any(String) } });
    }
  });

  it("answers 404 for another clinic's client, a therapist or an unknown id, and changes nothing", async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const colleague = await buildTherapist(t.ctx, clinicId);
    const elsewhere = await buildCareTeam(t.ctx);
    for (const target of [elsewhere.client, colleague, { id: 999_999_999, email: 'ghost@example.test' }]) {
      const res = await editAs(therapist, form(target, { first_name: 'Hijacked' }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      // Nothing is changed or recorded as done; another clinic's client is recorded as a denied attempt.
      expect(await auditRowsOf(res)).toEqual(
        target === elsewhere.client
          ? [expect.objectContaining({ outcome: 'denied', actorId: therapist.id, targetIds: [target.id] })]
          : [],
      );
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, elsewhere.client.id));
    expect(row!.firstName).toBe('Client');
  });

  it('answers 401 without a token and 403 to a client editing themselves', async () => {
    const { client } = await buildCareTeam(t.ctx);
    expect((await put(null, form(client))).statusCode).toBe(401);
    const own = await editAs(client, form(client, { first_name: 'Self' }));
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
  });

  it('writes an audit update naming the changed fields, never their values', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const res = await editAs(
      therapist,
      form(client, {
        first_name: 'Client',
        last_name: 'Tester',
        date_of_birth: '1960-05-01',
        mobile: '0400 111 222',
        condition: 'Vestibular',
        receives_sms: false,
        receives_email: true,
      }),
    );
    expect(res.statusCode).toBe(200);
    const rows = await auditRowsOf(res);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: therapist.id,
      action: 'update',
      targetType: 'client',
      subjectUserId: client.id,
      details: { fields: ['condition', 'receives_email'] },
    });
    expect(JSON.stringify(rows[0]!.details)).not.toContain('Vestibular');
  });

  it(`allows ${LIMIT.accountWrites.max} edits a minute from one address, then answers 429`, async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const ip = nextIp();
    for (let i = 0; i < LIMIT.accountWrites.max; i += 1) {
      expect((await put(session, form(client, { mobile: '' }), ip)).statusCode).toBe(400);
    }
    const res = await put(session, form(client), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: ERROR_TEXTS.tooManyAttempts, code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await put(session, form(client), nextIp())).statusCode).toBe(200);
  });
});
