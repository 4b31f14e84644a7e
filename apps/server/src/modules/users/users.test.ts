import { and, eq } from 'drizzle-orm';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUserDetail } from '@hep/shared/schemas/users';
import { auditLog } from '../../db/schema/audit-log';
import {
  buildCareTeam,
  buildClient,
  buildClinic,
  buildStaff,
  buildTherapist,
  login,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOT_FOUND = { error: ERROR_TEXTS.notFound, code: 'not_found' };

async function getUser(viewer: { email: string; password: string }, url: string) {
  const session = await login(t, viewer);
  return t.app.inject({ method: 'GET', url, headers: session.headers });
}

describe('GET /api/users/{id}/', () => {
  it('shows a therapist their own profile, with and without the trailing slash', async () => {
    const clinicId = await buildClinic(t.ctx, 'Riverside Rehab');
    const therapist = await buildTherapist(t.ctx, clinicId, { firstName: 'Tess', lastName: 'Hart' });

    for (const url of [`/api/users/${therapist.id}/`, `/api/users/${therapist.id}`]) {
      const res = await getUser(therapist, url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(ZUserDetail.strict().parse(body)).toEqual(body);
      expect(body).toMatchObject({
        id: therapist.id,
        first_name: 'Tess',
        last_name: 'Hart',
        email: therapist.email,
        is_therapist: true,
        is_staff: false,
        client_profile: null,
        therapist_profile: {
          discipline: 'Physiotherapist',
          clinic_name: 'Riverside Rehab',
          clinic_id: clinicId,
        },
      });
      expect(body).not.toHaveProperty('programs');
    }
  });

  it('shows a client their own record with condition and programs, and nothing secret', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await getUser(client, `/api/users/${client.id}/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: client.id,
      date_of_birth: '1960-05-01',
      mobile: '0400 111 222',
      condition: 'Stroke',
      client_profile: { condition: 'Stroke' },
      therapist_profile: null,
      programs: [],
    });
    expect(res.body).not.toMatch(/password|session_version|argon2/i);
  });

  it('lets every therapist of the clinic see a client of that clinic', async () => {
    const { clinicId, client } = await buildCareTeam(t.ctx);
    const colleague = await buildTherapist(t.ctx, clinicId, {
      therapist: { discipline: 'Speech Pathologist', clinicId },
    });
    const res = await getUser(colleague, `/api/users/${client.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(client.email);
  });

  it('lets a therapist without a clinic see the clients they created, and only those', async () => {
    const solo = await buildTherapist(t.ctx, null);
    const other = await buildTherapist(t.ctx, null);
    const mine = await buildClient(t.ctx, null, solo.id);
    const theirs = await buildClient(t.ctx, null, other.id);

    expect((await getUser(solo, `/api/users/${mine.id}/`)).statusCode).toBe(200);
    const res = await getUser(solo, `/api/users/${theirs.id}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it("answers 404 for another clinic's client, exactly as for an id that does not exist", async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const elsewhere = await buildCareTeam(t.ctx);
    const outside = await getUser(therapist, `/api/users/${elsewhere.client.id}/`);
    const missing = await getUser(therapist, '/api/users/999999999/');
    expect(outside.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(outside.json()).toEqual(NOT_FOUND);
    expect(missing.json()).toEqual(NOT_FOUND);
  });

  it('answers 404 to a therapist looking at another therapist or a staff user', async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const colleague = await buildTherapist(t.ctx, clinicId);
    const staff = await buildStaff(t.ctx);
    expect((await getUser(therapist, `/api/users/${colleague.id}/`)).statusCode).toBe(404);
    expect((await getUser(therapist, `/api/users/${staff.id}/`)).statusCode).toBe(404);
  });

  it('answers 404 to a client looking at anyone else, their own therapist included', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const sibling = await buildClient(t.ctx, clinicId, therapist.id);
    expect((await getUser(client, `/api/users/${therapist.id}/`)).json()).toEqual(NOT_FOUND);
    expect((await getUser(client, `/api/users/${sibling.id}/`)).statusCode).toBe(404);
  });

  it('lets staff see anyone', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const staff = await buildStaff(t.ctx);
    const session = await login(t, staff);
    for (const id of [therapist.id, client.id, staff.id]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/${id}/`, headers: session.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(id);
    }
  });

  it('answers 400 for an id that is not a positive number', async () => {
    const staff = await buildStaff(t.ctx);
    for (const id of ['abc', '0', '-3', '1.5']) {
      const res = await getUser(staff, `/api/users/${id}/`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', fields: { id: expect.any(String) } });
    }
  });

  it('answers 401 without an access token', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${client.id}/` });
    expect(res.statusCode).toBe(401);
  });

  it('writes who read which record into the audit log, under the response correlation id', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${client.id}/`,
      headers: session.headers,
    });
    const correlationId = res.headers['x-correlation-id'] as string;

    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.correlationId, correlationId), eq(auditLog.targetType, 'user')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: therapist.id,
      action: 'read',
      subjectUserId: client.id,
      targetIds: [client.id],
    });
  });

  it('writes one denied row for a refused read, never a read row', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const elsewhere = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${elsewhere.client.id}/`,
      headers: session.headers,
    });
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(res.statusCode).toBe(404);
    expect(rows).toMatchObject([
      { actorId: therapist.id, action: 'read', targetIds: [elsewhere.client.id], outcome: 'denied' },
    ]);
  });
});
