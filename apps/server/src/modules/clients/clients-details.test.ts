import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { ZClientDetails } from '@hep/shared/schemas/clients';
import {
  buildCareTeam,
  buildClient,
  buildClinic,
  buildStaff,
  buildTherapist,
  login,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { clientsCalls } from './clients.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOT_FOUND = { error: ERROR_TEXTS.notFound, code: 'not_found' };
const { auditRowsOf, detailsAs } = clientsCalls(() => t);

describe('GET /api/users/client_details/?id=', () => {
  it("shows the client's form fields and nothing else, with and without the trailing slash", async () => {
    const clinicId = await buildClinic(t.ctx);
    const therapist = await buildTherapist(t.ctx, clinicId);
    const client = await buildClient(t.ctx, clinicId, therapist.id, {
      firstName: 'Noor',
      lastName: 'Inayat',
      mobile: '0499 000 111',
      dateOfBirth: '1944-01-01',
    });
    for (const slash of [true, false]) {
      const res = await detailsAs(therapist, client.id, slash);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(ZClientDetails.strict().parse(body)).toEqual(body);
      expect(body).toEqual({
        id: client.id,
        first_name: 'Noor',
        last_name: 'Inayat',
        email: client.email,
        mobile: '0499 000 111',
        condition: 'Stroke',
        receives_sms: false,
        receives_email: false,
        date_of_birth: '1944-01-01',
        language: 'en',
      });
      expect(res.body).not.toMatch(/password|session_version|argon2/i);
    }
  });

  it("lets every therapist of the clinic and staff open a clinic client's details", async () => {
    const { clinicId, client } = await buildCareTeam(t.ctx);
    const colleague = await buildTherapist(t.ctx, clinicId);
    const staff = await buildStaff(t.ctx);
    expect((await detailsAs(colleague, client.id)).statusCode).toBe(200);
    expect((await detailsAs(staff, client.id)).statusCode).toBe(200);
  });

  it("answers 404 for another clinic's client exactly as for an id that does not exist", async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const elsewhere = await buildCareTeam(t.ctx);
    const outside = await detailsAs(therapist, elsewhere.client.id);
    const missing = await detailsAs(therapist, 999_999_999);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(NOT_FOUND);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
    // Only the audit log tells them apart: the refusal of another clinic's client is recorded as denied.
    expect(await auditRowsOf(outside)).toEqual([
      expect.objectContaining({ outcome: 'denied', actorId: therapist.id, targetIds: [elsewhere.client.id] }),
    ]);
    expect(await auditRowsOf(missing)).toEqual([]);
  });

  it('answers 404 for a therapist or staff id, even to staff', async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    const colleague = await buildTherapist(t.ctx, clinicId);
    const staff = await buildStaff(t.ctx);
    expect((await detailsAs(therapist, colleague.id)).statusCode).toBe(404);
    expect((await detailsAs(staff, therapist.id)).statusCode).toBe(404);
    expect((await detailsAs(staff, staff.id)).statusCode).toBe(404);
  });

  it('lets a therapist without a clinic open only the clients they created', async () => {
    const solo = await buildTherapist(t.ctx, null);
    const other = await buildTherapist(t.ctx, null);
    const mine = await buildClient(t.ctx, null, solo.id);
    const theirs = await buildClient(t.ctx, null, other.id);
    expect((await detailsAs(solo, mine.id)).statusCode).toBe(200);
    expect((await detailsAs(solo, theirs.id)).json()).toEqual(NOT_FOUND);
  });

  it('answers 400 for a missing or malformed id', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    for (const query of ['', '?id=', '?id=abc', '?id=0', '?id=-2', '?id=1.5']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/client_details/${query}`,
        headers: session.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', fields: { id: expect.any(String) } });
    }
  });

  it('answers 401 without a token and 403 to a client, even for their own id', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/users/client_details/?id=${client.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const own = await detailsAs(client, client.id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
  });

  it('writes an audit read for the client', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const res = await detailsAs(therapist, client.id);
    const rows = await auditRowsOf(res);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: therapist.id,
      action: 'read',
      targetType: 'client',
      targetIds: [client.id],
      subjectUserId: client.id,
    });
  });
});
