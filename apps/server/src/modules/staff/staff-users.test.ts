import { eq, inArray } from 'drizzle-orm';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { STAFF_TEXTS } from '@hep/shared/texts/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZApiError } from '@hep/shared/schemas/common';
import { ZUserListItem } from '@hep/shared/schemas/staff';
import { auditLog } from '../../db/schema/audit-log';
import { refreshTokens } from '../../db/schema/refresh-tokens';
import { users } from '../../db/schema/users';
import {
  buildCareTeam,
  buildCarer,
  buildClient,
  buildClinic,
  buildStaff,
  buildTherapist,
  deactivate,
  login,
  type Session,
} from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { CANNOT_DEACTIVATE_SELF } from './staff-users.service';

let t: TestApp;
let staffSession: Session;
let staff: { id: number; email: string; password: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = await buildStaff(t.ctx);
  staffSession = await login(t, staff);
});
afterAll(() => t.close());

const FORBIDDEN = { error: ERROR_TEXTS.forbidden, code: 'forbidden' };

const call = (
  method: 'GET' | 'POST',
  url: string,
  session: Session | null = staffSession,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    ...(session ? { headers: session.headers } : {}),
    ...(payload ? { payload } : {}),
    remoteAddress: nextIp(),
  });

/** A therapist and a client of a fresh clinic, signed in: the roles that must be refused. */
async function otherRoles() {
  const team = await buildCareTeam(t.ctx);
  return { therapist: await login(t, team.therapist), client: await login(t, team.client) };
}

const ENDPOINTS: [method: 'GET' | 'POST', url: string, payload?: object][] = [
  ['GET', '/api/users/'],
  ['POST', '/api/users/deactivate/', { userIds: [1] }],
  [
    'POST',
    '/api/users/add_therapist/',
    { first_name: 'A', last_name: 'B', email: 'ab@example.test', clinic_id: 1, discipline: 'Other' },
  ],
];

describe('staff-only access', () => {
  it.each(ENDPOINTS)('%s %s answers 401 without a token', async (method, url, payload) => {
    const res = await call(method, url, null, payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: ERROR_TEXTS.unauthenticated, code: 'unauthenticated' });
  });

  it.each(ENDPOINTS)('%s %s answers 403 to therapists and clients', async (method, url, payload) => {
    const roles = await otherRoles();
    for (const session of [roles.therapist, roles.client]) {
      const res = await call(method, url, session, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
  });
});

describe('GET /api/users/', () => {
  it('lists every user, inactive ones too, with discipline and clinic, sorted by last then first name', async () => {
    const clinicId = await buildClinic(t.ctx, 'Zeta Physio');
    const therapist = await buildTherapist(t.ctx, clinicId, {
      firstName: 'Ann',
      lastName: 'aaronson',
      therapist: { discipline: 'Speech Pathologist', clinicId },
    });
    const client = await buildClient(t.ctx, clinicId, therapist.id, {
      firstName: 'Bea',
      lastName: 'Aaronson',
    });
    const loner = await buildClient(t.ctx, null, null, { firstName: 'Al', lastName: 'Aaronson' });
    const gone = await buildTherapist(t.ctx, null, { firstName: 'Cy', lastName: 'Aaronson' });
    await deactivate(t.ctx, gone.id);
    const admin = await buildStaff(t.ctx, { firstName: 'Di', lastName: 'Aaronson' });
    const carer = await buildCarer(t.ctx, { firstName: 'Ed', lastName: 'Aaronson' });

    const res = await call('GET', '/api/users/');

    expect(res.statusCode).toBe(200);
    const body = z.array(ZUserListItem.strict()).parse(res.json());
    const mine = body.filter((u) =>
      [therapist, client, loner, gone, admin, carer].some((m) => m.id === u.id),
    );
    expect(mine).toEqual([
      {
        id: loner.id,
        first_name: 'Al',
        last_name: 'Aaronson',
        email: loner.email,
        is_staff: false,
        is_therapist: false,
        is_active: true,
        is_client: true,
        is_carer: false,
        discipline: null,
        clinic: null,
      },
      {
        id: therapist.id,
        first_name: 'Ann',
        last_name: 'aaronson',
        email: therapist.email,
        is_staff: false,
        is_therapist: true,
        is_active: true,
        is_client: false,
        is_carer: false,
        discipline: 'Speech Pathologist',
        clinic: 'Zeta Physio',
      },
      expect.objectContaining({
        id: client.id,
        first_name: 'Bea',
        is_client: true,
        discipline: null,
        clinic: 'Zeta Physio',
      }),
      expect.objectContaining({ id: gone.id, is_active: false, is_therapist: true, clinic: null }),
      expect.objectContaining({
        id: admin.id,
        is_staff: true,
        is_client: false,
        discipline: null,
        clinic: null,
      }),
      expect.objectContaining({ id: carer.id, is_carer: true, is_client: false, is_therapist: false }),
    ]);
    expect(res.body).not.toMatch(/password|session_version|condition|date_of_birth/i);
  });

  it('records the list read in the audit log', async () => {
    const res = await call('GET', '/api/users/');
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(rows).toEqual([
      expect.objectContaining({ actorId: staff.id, action: 'read', targetType: 'user_list' }),
    ]);
  });
});

describe('POST /api/users/deactivate/', () => {
  it('cuts a signed-in user off at once: next request 401, refresh 401, login refused', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const therapistSession = await login(t, therapist);
    const clientSession = await login(t, client);
    expect((await call('GET', `/api/users/${therapist.id}/`, therapistSession)).statusCode).toBe(200);

    const res = await call('POST', '/api/users/deactivate/', staffSession, {
      userIds: [therapist.id, client.id],
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: STAFF_TEXTS.usersDeactivated, deactivated: 2 });
    // Revoked by the deactivation itself (checked before any refresh attempt could revoke them).
    const tokens = await t.ctx.db
      .select({ revoked: refreshTokens.revoked })
      .from(refreshTokens)
      .where(inArray(refreshTokens.userId, [therapist.id, client.id]));
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    expect(tokens.every((row) => row.revoked)).toBe(true);
    for (const [user, session] of [
      [therapist, therapistSession],
      [client, clientSession],
    ] as const) {
      const next = await call('GET', `/api/users/${user.id}/`, session);
      expect(next.statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/token/refresh/',
        payload: { refresh: session.refresh },
        remoteAddress: nextIp(),
      });
      expect(refresh.statusCode).toBe(401);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email: user.email, password: user.password },
        remoteAddress: nextIp(),
      });
      expect(again.statusCode).toBe(403);
      expect(again.json().error).toBe(AUTH_TEXTS.accountDeactivated);
    }
    const listed = (await call('GET', '/api/users/')).json<{ id: number; is_active: boolean }[]>();
    expect(listed.find((u) => u.id === therapist.id)?.is_active).toBe(false);
  });

  it('audits each deactivated user under the request correlation id', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const res = await call('POST', '/api/users/deactivate/', staffSession, {
      userIds: [therapist.id, client.id, client.id],
    });
    expect(res.json().deactivated).toBe(2);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, res.headers['x-correlation-id'] as string));
    expect(rows).toMatchObject([
      {
        action: 'deactivate',
        targetType: 'user',
        targetIds: [therapist.id, client.id].sort((x, y) => x - y),
        subjectUserId: null,
        actorId: staff.id,
      },
    ]);
  });

  it('lets staff deactivate another staff user', async () => {
    const other = await buildStaff(t.ctx);
    const res = await call('POST', '/api/users/deactivate/', staffSession, { userIds: [other.id] });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, other.id));
    expect(row!.isActive).toBe(false);
  });

  it('refuses to let staff deactivate themselves, and changes nobody', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const res = await call('POST', '/api/users/deactivate/', staffSession, {
      userIds: [therapist.id, staff.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: CANNOT_DEACTIVATE_SELF,
      code: 'validation_error',
      fields: { userIds: CANNOT_DEACTIVATE_SELF },
    });
    const rows = await t.ctx.db
      .select({ isActive: users.isActive })
      .from(users)
      .where(inArray(users.id, [therapist.id, staff.id]));
    expect(rows.every((r) => r.isActive)).toBe(true);
    expect((await call('GET', '/api/users/')).statusCode).toBe(200);
  });

  it('answers 404 when an id does not exist, and deactivates nobody', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const res = await call('POST', '/api/users/deactivate/', staffSession, {
      userIds: [therapist.id, 999_999_999],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ERROR_TEXTS.notFound, code: 'not_found' });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, therapist.id));
    expect(row!.isActive).toBe(true);
  });

  it.each([
    ['no list', {}],
    ['an empty list', { userIds: [] }],
    ['an id that is not a number', { userIds: ['abc'] }],
    ['a negative id', { userIds: [-1] }],
  ])('answers 400 for %s', async (_label, payload) => {
    const res = await call('POST', '/api/users/deactivate/', staffSession, payload);
    expect(res.statusCode).toBe(400);
    const body = ZApiError.parse(res.json());
    expect(body.code).toBe('validation_error');
    expect(Object.keys(body.fields ?? {})[0]).toMatch(/^userIds/);
  });
});
