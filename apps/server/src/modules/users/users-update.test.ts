import { eq } from 'drizzle-orm';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { buildCareTeam, buildStaff, login, type TestUser } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (user: TestUser, changes: object = {}) => ({
  email: user.email,
  first_name: 'Casey',
  last_name: 'Jones',
  mobile: '0400 999 888',
  date_of_birth: '1970-01-31',
  ...changes,
});

async function send(
  method: 'PUT' | 'PATCH',
  actor: TestUser,
  id: number,
  payload: object,
  trailingSlash = true,
) {
  const session = await login(t, actor);
  return t.app.inject({
    method,
    url: `/api/users/${id}${trailingSlash ? '/' : ''}`,
    headers: session.headers,
    payload,
  });
}

const auditRowsOf = (correlationId: unknown) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.correlationId, String(correlationId)));

describe('PUT /api/users/{id}/', () => {
  it('lets a user edit their own profile, and the new email signs them in', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const email = `renamed-${client.id}@example.test`;

    const res = await send(
      'PUT',
      client,
      client.id,
      profile(client, { email, current_password: client.password }),
    );

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email_change: 'changed',
      message: AUTH_TEXTS.emailChangedSignIn,
      id: client.id,
      email,
      first_name: 'Casey',
      last_name: 'Jones',
      mobile: '0400 999 888',
      date_of_birth: '1970-01-31',
      condition: 'Stroke',
    });
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email, password: client.password },
      remoteAddress: nextIp(),
    });
    expect(relogin.statusCode).toBe(200);
  });

  it('treats mobile and date of birth as optional; an empty date clears it', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    for (const path of [true, false]) {
      const res = await send(
        'PUT',
        therapist,
        therapist.id,
        profile(therapist, { mobile: '', date_of_birth: '' }),
        path,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ mobile: '', date_of_birth: null });
    }
    const bare = { email: therapist.email, first_name: 'Tara', last_name: 'Lee' };
    const res = await send('PUT', therapist, therapist.id, bare);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Tara', last_name: 'Lee', date_of_birth: null });
  });

  it.each([
    ['a missing first name', { first_name: undefined }, 'first_name', VALIDATION_TEXTS.required],
    ['a blank first name', { first_name: '   ' }, 'first_name', VALIDATION_TEXTS.required],
    ['a missing last name', { last_name: undefined }, 'last_name', VALIDATION_TEXTS.required],
    ['a missing email', { email: undefined }, 'email', VALIDATION_TEXTS.required],
    ['an invalid email', { email: 'casey.example.test' }, 'email', VALIDATION_TEXTS.invalidEmail],
    [
      'a date that does not exist',
      { date_of_birth: '2001-02-30' },
      'date_of_birth',
      VALIDATION_TEXTS.invalidDate,
    ],
    [
      'a date in another format',
      { date_of_birth: '31/01/1970' },
      'date_of_birth',
      VALIDATION_TEXTS.invalidDate,
    ],
  ])('refuses %s with a message for that field', async (_name, changes, field, message) => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await send('PUT', client, client.id, profile(client, changes));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'validation_error', fields: { [field]: message } });
  });

  it('answers 409 when another user has the email, in any letter case', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const res = await send(
      'PUT',
      client,
      client.id,
      profile(client, { email: therapist.email.toUpperCase(), current_password: client.password }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: AUTH_TEXTS.emailTaken,
      code: 'conflict',
      fields: { email: AUTH_TEXTS.emailTaken },
    });
  });

  it('gives one of two users claiming the same new email at once a 409, never a 500', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const [a, b] = [await login(t, therapist), await login(t, client)];
    const email = `wanted-${client.id}@example.test`;
    const put = (headers: object, user: TestUser) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}/`,
        headers: headers as never,
        payload: profile(user, { email, current_password: user.password }),
      });
    const results = await Promise.all([put(a.headers, therapist), put(b.headers, client)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().fields).toEqual({
      email: AUTH_TEXTS.emailTaken,
    });
  });

  it('accepts the own email in another letter case', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await send('PUT', client, client.id, profile(client, { email: client.email.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(client.email.toUpperCase());
  });

  it("answers 404 to a therapist editing a client's profile and changes nothing", async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const res = await send('PUT', therapist, client.id, profile(client, { first_name: 'Hacked' }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ERROR_TEXTS.notFound, code: 'not_found' });
    const own = await send('PUT', client, client.id, profile(client));
    expect(own.json().first_name).toBe('Casey');
  });

  it('lets staff edit anyone', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const staff = await buildStaff(t.ctx);
    const res = await send('PUT', staff, client.id, profile(client, { last_name: 'Edited' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().last_name).toBe('Edited');
  });

  it('writes an update row in the audit log with the response correlation id', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await send('PUT', client, client.id, profile(client));
    const rows = await auditRowsOf(res.headers['x-correlation-id']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: client.id,
      action: 'update',
      targetType: 'user',
      subjectUserId: client.id,
    });
    expect(JSON.stringify(rows[0]!.details)).not.toContain('Casey');
  });
});

describe('PATCH /api/users/{id}/ (notification preferences)', () => {
  it('lets a client set their reminder time and timezone', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await send('PATCH', client, client.id, {
      receives_notifications: false,
      notification_preferred_time: '07:30',
      notification_timezone: 'Australia/Sydney',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      receives_notifications: false,
      notification_preferred_time: '07:30',
      notification_timezone: 'Australia/Sydney',
    });

    const partial = await send('PATCH', client, client.id, { notification_preferred_time: '18:05' }, false);
    expect(partial.json()).toMatchObject({
      notification_preferred_time: '18:05',
      notification_timezone: 'Australia/Sydney',
    });
    const rows = await auditRowsOf(partial.headers['x-correlation-id']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: client.id,
      action: 'update',
      targetType: 'user',
      subjectUserId: client.id,
    });
  });

  it.each(['7:30', '24:00', '07:60', 'noon'])('refuses the time %j', async (time) => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await send('PATCH', client, client.id, { notification_preferred_time: time });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      fields: { notification_preferred_time: 'Enter a time as HH:MM.' },
    });
  });

  it('refuses a timezone that does not exist', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await send('PATCH', client, client.id, { notification_timezone: 'Mars/Olympus_Mons' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      fields: { notification_timezone: expect.any(String) },
    });
  });

  it("answers 404 to a therapist changing a client's preferences", async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const res = await send('PATCH', therapist, client.id, { receives_notifications: false });
    expect(res.statusCode).toBe(404);
  });
});
