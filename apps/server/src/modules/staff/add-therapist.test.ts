import { and, eq } from 'drizzle-orm';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { STAFF_TEXTS } from '@hep/shared/texts/staff';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { therapistProfiles, users } from '../../db/schema/users';
import { buildCareTeam, buildClinic, buildStaff, login, type Session } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { CHOOSE_CLINIC } from './staff-users.service';

let t: TestApp;
let staffSession: Session;
let staff: { id: number; email: string; password: string };
beforeAll(async () => {
  t = await createTestApp();
  staff = await buildStaff(t.ctx);
  staffSession = await login(t, staff);
});
afterAll(() => t.close());

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

describe('POST /api/users/add_therapist/', () => {
  const payloadFor = (clinicId: number, email: string) => ({
    first_name: 'Nadia',
    last_name: 'Okafor',
    email,
    clinic_id: clinicId,
    discipline: 'Occupational Therapist',
  });

  it('creates a therapist without a password who must activate and agree to terms, and mails the link', async () => {
    const clinicId = await buildClinic(t.ctx, 'Harbour Rehab');
    const email = `nadia-${clinicId}@example.test`;
    await t.deliverMail();
    const before = t.mailbox.messages.length;

    const res = await call(
      'POST',
      '/api/users/add_therapist/',
      staffSession,
      payloadFor(clinicId, ` ${email} `),
    );

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: STAFF_TEXTS.therapistAdded, created: 1 });
    const [row] = await t.ctx.db
      .select({ user: users, profile: therapistProfiles })
      .from(users)
      .innerJoin(therapistProfiles, eq(therapistProfiles.userId, users.id))
      .where(eq(users.email, email));
    expect(row!.user).toMatchObject({
      firstName: 'Nadia',
      lastName: 'Okafor',
      isTherapist: true,
      isStaff: false,
      isActive: true,
      agreedToTerms: false,
      passwordHash: null,
    });
    expect(row!.profile).toMatchObject({ discipline: 'Occupational Therapist', clinicId });

    await t.deliverMail();
    const mails = t.mailbox.messages.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: email, subject: 'Activate your account' });
    const link = mails[0]!.text.match(/http:\/\/app\.test\/reset-password\/([\w-]+)\/([\w-]+)/)!;
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password-confirm/',
      payload: { uid: link[1], token: link[2], new_password: 'a good long password' },
      remoteAddress: nextIp(),
    });
    expect(confirm.statusCode).toBe(200);
    const session = await login(t, { email, password: 'a good long password' });
    const me = await call('GET', `/api/users/${row!.user.id}/`, session);
    expect(me.json()).toMatchObject({
      agreed_to_terms: false,
      therapist_profile: { discipline: 'Occupational Therapist', clinic_name: 'Harbour Rehab' },
    });
  });

  it('audits the creation', async () => {
    const clinicId = await buildClinic(t.ctx);
    const res = await call(
      'POST',
      '/api/users/add_therapist/',
      staffSession,
      payloadFor(clinicId, `audit-${clinicId}@example.test`),
    );
    expect(res.statusCode).toBe(201);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.correlationId, res.headers['x-correlation-id'] as string),
          eq(auditLog.action, 'create'),
        ),
      );
    expect(rows).toEqual([expect.objectContaining({ actorId: staff.id, targetType: 'user' })]);
  });

  it('answers 409 for an email already registered in any letter case, and sends nothing', async () => {
    const { clinicId, client } = await buildCareTeam(t.ctx);
    await t.deliverMail();
    const before = t.mailbox.messages.length;
    const res = await call(
      'POST',
      '/api/users/add_therapist/',
      staffSession,
      payloadFor(clinicId, client.email.toUpperCase()),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: AUTH_TEXTS.emailTaken,
      code: 'conflict',
      fields: { email: AUTH_TEXTS.emailTaken },
    });
    await t.deliverMail();
    expect(t.mailbox.messages.length).toBe(before);
  });

  it('answers 400 "Choose a clinic." for a clinic that does not exist, and creates nothing', async () => {
    const email = `noclinic-${Date.now()}@example.test`;
    const res = await call('POST', '/api/users/add_therapist/', staffSession, payloadFor(999_999_999, email));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: CHOOSE_CLINIC,
      code: 'validation_error',
      fields: { clinic_id: CHOOSE_CLINIC },
    });
    expect(await t.ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it.each([
    ['first_name', { first_name: '  ' }, VALIDATION_TEXTS.required],
    ['last_name', { last_name: undefined }, VALIDATION_TEXTS.required],
    ['email', { email: '' }, VALIDATION_TEXTS.required],
    ['email', { email: 'not-an-email' }, VALIDATION_TEXTS.invalidEmail],
    ['clinic_id', { clinic_id: undefined }, VALIDATION_TEXTS.required],
    ['clinic_id', { clinic_id: 'abc' }, VALIDATION_TEXTS.required],
    ['discipline', { discipline: undefined }, VALIDATION_TEXTS.required],
    ['discipline', { discipline: 'Surgeon' }, VALIDATION_TEXTS.required],
    ['first_name', { first_name: 'x'.repeat(101) }, VALIDATION_TEXTS.tooLong],
  ])('answers 400 on %s (%j) with its message', async (field, change, message) => {
    const clinicId = await buildClinic(t.ctx);
    const payload = { ...payloadFor(clinicId, `v-${clinicId}@example.test`), ...change };
    const res = await call('POST', '/api/users/add_therapist/', staffSession, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error', fields: { [field]: message } });
  });

  it('answers 429 after too many account writes from one address', async () => {
    const ip = nextIp();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/add_therapist/',
        headers: staffSession.headers,
        payload: { first_name: '' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 60; i += 1) expect((await send()).statusCode).toBe(400);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
  });
});
