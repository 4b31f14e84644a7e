import { eq } from 'drizzle-orm';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZClientListItem } from '@hep/shared/schemas/clients';
import { auditLog } from '../../db/schema/audit-log';
import {
  buildCareTeam,
  buildClient,
  buildClinic,
  buildStaff,
  buildTherapist,
  deactivate,
  login,
  type TestUser,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function listAs(user: TestUser, url = '/api/users/clients/') {
  const session = await login(t, user);
  return t.app.inject({ method: 'GET', url, headers: session.headers });
}

const idsOf = (body: { id: number }[]) => body.map((row) => row.id);

describe('GET /api/users/clients/', () => {
  it("lists the clinic's clients by last name then first name, ignoring letter case", async () => {
    const clinicId = await buildClinic(t.ctx);
    const therapist = await buildTherapist(t.ctx, clinicId);
    const colleague = await buildTherapist(t.ctx, clinicId);
    const make = (firstName: string, lastName: string, by = therapist.id) =>
      buildClient(t.ctx, clinicId, by, { firstName, lastName });
    const zed = await make('Zed', 'brown');
    const amy = await make('amy', 'Brown', colleague.id);
    const carl = await make('Carl', 'Adams');
    const dora = await make('Dora', 'de Vries');
    const bea = await make('Bea', 'BROWN');

    for (const url of ['/api/users/clients/', '/api/users/clients']) {
      const res = await listAs(therapist, url);
      expect(res.statusCode).toBe(200);
      expect(idsOf(res.json())).toEqual([carl.id, amy.id, bea.id, zed.id, dora.id]);
    }
  });

  it('shows exactly the list fields, with the date of birth as yyyy-MM-dd or null', async () => {
    const clinicId = await buildClinic(t.ctx);
    const therapist = await buildTherapist(t.ctx, clinicId);
    const client = await buildClient(t.ctx, clinicId, therapist.id, {
      firstName: 'Grace',
      lastName: 'Hopper',
      dateOfBirth: '1948-12-09',
    });
    const undated = await buildClient(t.ctx, clinicId, therapist.id, {
      lastName: 'Zimmer',
      dateOfBirth: null,
    });

    const res = await listAs(therapist);
    const body = res.json();
    expect(body.map((row: unknown) => ZClientListItem.strict().parse(row))).toEqual(body);
    expect(body).toEqual([
      {
        id: client.id,
        first_name: 'Grace',
        last_name: 'Hopper',
        email: client.email,
        date_of_birth: '1948-12-09',
        adherence_last_7: null,
      },
      {
        id: undated.id,
        first_name: 'Client',
        last_name: 'Zimmer',
        email: undated.email,
        date_of_birth: null,
        adherence_last_7: null,
      },
    ]);
    expect(res.body).not.toMatch(/condition|Stroke|mobile|password/i);
  });

  it("leaves out deactivated clients, other clinics' clients, therapists and staff", async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const gone = await buildClient(t.ctx, clinicId, therapist.id);
    await deactivate(t.ctx, gone.id);
    await buildTherapist(t.ctx, clinicId);
    await buildStaff(t.ctx);
    await buildCareTeam(t.ctx);

    const res = await listAs(therapist);
    expect(idsOf(res.json())).toEqual([client.id]);
  });

  it('answers an empty list to a therapist with no clients', async () => {
    const lonely = await buildTherapist(t.ctx, await buildClinic(t.ctx));
    const res = await listAs(lonely);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('shows a therapist without a clinic only the clients they created', async () => {
    const solo = await buildTherapist(t.ctx, null);
    const other = await buildTherapist(t.ctx, null);
    const mine = await buildClient(t.ctx, null, solo.id);
    await buildClient(t.ctx, null, other.id);
    await buildCareTeam(t.ctx);

    expect(idsOf((await listAs(solo)).json())).toEqual([mine.id]);
  });

  it('shows staff every active client, whatever the clinic', async () => {
    const first = await buildCareTeam(t.ctx);
    const second = await buildCareTeam(t.ctx);
    const solo = await buildTherapist(t.ctx, null);
    const unattached = await buildClient(t.ctx, null, solo.id);
    const staff = await buildStaff(t.ctx);

    const ids = idsOf((await listAs(staff)).json());
    expect(ids).toEqual(expect.arrayContaining([first.client.id, second.client.id, unattached.id]));
    expect(ids).not.toContain(first.therapist.id);
    expect(ids).not.toContain(staff.id);
  });

  it('writes one audit read naming every listed client under the request correlation id', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const second = await buildClient(t.ctx, clinicId, therapist.id);

    const res = await listAs(therapist);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(rows).toMatchObject([
      { actorId: therapist.id, action: 'read', targetType: 'client', subjectUserId: null },
    ]);
    expect(rows[0]!.targetIds).toEqual([client.id, second.id].sort((x, y) => x - y));
  });

  it('answers 401 without an access token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/clients/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ERROR_TEXTS.unauthenticated, code: 'unauthenticated' });
  });

  it('answers 403 to a client', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await listAs(client);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: ERROR_TEXTS.forbidden, code: 'forbidden' });
  });
});
