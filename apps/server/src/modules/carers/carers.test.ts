import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARER_TEXTS } from '@hep/shared/schemas/carers';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { auditLog } from '../../db/schema/audit-log';
import { users } from '../../db/schema/users';
import {
  buildCareTeam,
  buildCarer,
  buildCarerLink,
  buildClient,
  buildStaff,
  buildTherapist,
  TEST_PASSWORD,
} from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { resetLinkIn } from '../clients/clients.test-support';
import { call, invitation, invite } from './carers.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const NOW = new Date('2026-03-02T09:00:00Z');
beforeEach(() => t.clock.set(NOW));

const linkOf = (res: { json: () => unknown }) => res.json() as { id: number; carer: { id: number } };

describe('POST /api/clients/{client_id}/carers/', () => {
  it('invites a new carer: 201 with the link, an inactive-until-activated carer account and its activation mail', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    await t.deliverMail();
    const before = t.mailbox.messages.length;
    const payload = invitation({ access: 'log', expires_on: '2026-06-30' });
    const res = await invite(t, therapist, client.id, payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      client_id: client.id,
      carer: { id: expect.any(Number), first_name: 'Maria', last_name: 'Lopez', email: payload.email },
      relationship: 'Daughter',
      access: 'log',
      expires_on: '2026-06-30',
      receives_reminders: false,
      created_at: NOW.toISOString(),
    });
    const [account] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, linkOf(res).carer.id));
    expect(account).toMatchObject({ isCarer: true, isStaff: false, isTherapist: false, passwordHash: null });
    await t.deliverMail();
    const mails = t.mailbox.messages.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: payload.email,
      subject: 'Activate your account',
      purpose: 'activation',
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'carer_link'), eq(auditLog.action, 'create')))
      .orderBy(auditLog.seq);
    expect(audit).toMatchObject({
      actorId: therapist.id,
      subjectUserId: client.id,
      targetIds: [linkOf(res).id],
    });
    expect(audit!.details).toMatchObject({ new_account: true, activation_email: 'sent', access: 'log' });
  });

  it('links an existing carer to a second client without a second account, and refuses a second live link (409)', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const sister = await buildClient(t.ctx, clinicId, therapist.id);
    const payload = invitation();
    const first = await invite(t, therapist, client.id, payload);
    const second = await invite(t, therapist, sister.id, { ...payload, email: payload.email.toUpperCase() });
    expect(second.statusCode).toBe(201);
    expect(linkOf(second).carer.id).toBe(linkOf(first).carer.id);
    const again = await invite(t, therapist, client.id, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: CARER_TEXTS.alreadyLinked,
      fields: { email: CARER_TEXTS.alreadyLinked },
    });
    const accounts = await t.ctx.db.select().from(users).where(eq(users.email, payload.email));
    expect(accounts).toHaveLength(1);
  });

  it('refuses the email of an account that is not a carer (400 on email) and checks every field', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const colleague = await buildTherapist(t.ctx, null);
    const taken = await invite(t, therapist, client.id, invitation({ email: colleague.email }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({ email: CARER_TEXTS.notCarer });
    const own = await invite(t, therapist, client.id, invitation({ email: client.email }));
    expect(own.json().fields).toEqual({ email: CARER_TEXTS.notCarer });

    const bad = await invite(t, therapist, client.id, {
      first_name: '',
      email: 'not-an-email',
      relationship: ' ',
      access: 'admin',
      expires_on: '2026-02-30',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      first_name: VALIDATION_TEXTS.required,
      last_name: VALIDATION_TEXTS.required,
      email: VALIDATION_TEXTS.invalidEmail,
      relationship: VALIDATION_TEXTS.required,
      access: CARER_TEXTS.invalidAccess,
      expires_on: expect.any(String),
    });
    const past = await invite(t, therapist, client.id, invitation({ expires_on: '2026-03-01' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ expires_on: CARER_TEXTS.expiryPast });
  });

  it('lets staff invite; answers 401 signed out, 403 to the client, 404 to another clinic and to a carer', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const staff = await buildStaff(t.ctx);
    expect((await invite(t, staff, client.id, invitation())).statusCode).toBe(201);
    expect((await invite(t, null, client.id, invitation())).statusCode).toBe(401);
    expect((await invite(t, client, client.id, invitation())).statusCode).toBe(403);
    const stranger = await buildTherapist(t.ctx, (await buildCareTeam(t.ctx)).clinicId);
    expect((await invite(t, stranger, client.id, invitation())).statusCode).toBe(404);
    const carer = await buildCarer(t.ctx);
    await buildCarerLink(t.ctx, carer.id, client.id, therapist.id, { access: 'full' });
    expect((await invite(t, carer, client.id, invitation())).statusCode).toBe(404);
    expect((await invite(t, therapist, 2_000_000_000, invitation())).statusCode).toBe(404);
    // A therapist is not a client: no carers for them.
    expect((await invite(t, staff, therapist.id, invitation())).statusCode).toBe(404);
  });
});

describe('GET /api/clients/{client_id}/carers/, PUT and DELETE /api/carers/links/{id}/', () => {
  it('lists the live links to the care team and the client; changes and ends a link', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const carer = await buildCarer(t.ctx, { firstName: 'Maria', lastName: 'Lopez' });
    const linkId = await buildCarerLink(t.ctx, carer.id, client.id, therapist.id);
    const expired = await buildCarer(t.ctx);
    await buildCarerLink(t.ctx, expired.id, client.id, therapist.id, { expiresOn: '2026-03-01' });

    for (const who of [therapist, client]) {
      const list = await call(t, who, 'GET', `/api/clients/${client.id}/carers/`);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        expect.objectContaining({
          id: linkId,
          carer: { id: carer.id, first_name: 'Maria', last_name: 'Lopez', email: carer.email },
          relationship: 'Daughter',
          access: 'view',
          expires_on: null,
        }),
      ]);
    }
    expect((await call(t, carer, 'GET', `/api/clients/${client.id}/carers/`)).statusCode).toBe(404);
    const stranger = await buildTherapist(t.ctx, null);
    expect((await call(t, stranger, 'GET', `/api/clients/${client.id}/carers/`)).statusCode).toBe(404);

    const changed = await call(t, therapist, 'PUT', `/api/carers/links/${linkId}/`, {
      access: 'full',
      expires_on: '2026-12-31',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: linkId, access: 'full', expires_on: '2026-12-31' });
    const bad = await call(t, therapist, 'PUT', `/api/carers/links/${linkId}/`, { access: 'all' });
    expect(bad.json().fields).toEqual({ access: CARER_TEXTS.invalidAccess });
    expect(
      (await call(t, client, 'PUT', `/api/carers/links/${linkId}/`, { access: 'view' })).statusCode,
    ).toBe(403);
    expect((await call(t, carer, 'PUT', `/api/carers/links/${linkId}/`, { access: 'full' })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t, stranger, 'PUT', `/api/carers/links/${linkId}/`, { access: 'view' })).statusCode,
    ).toBe(404);

    expect((await call(t, carer, 'DELETE', `/api/carers/links/${linkId}/`)).statusCode).toBe(404);
    expect((await call(t, stranger, 'DELETE', `/api/carers/links/${linkId}/`)).statusCode).toBe(404);
    expect((await call(t, client, 'DELETE', `/api/carers/links/${linkId}/`)).statusCode).toBe(204);
    expect((await call(t, client, 'DELETE', `/api/carers/links/${linkId}/`)).statusCode).toBe(404);
    expect((await call(t, therapist, 'GET', `/api/clients/${client.id}/carers/`)).json()).toEqual([]);
    const [ended] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetType, 'carer_link'),
          eq(auditLog.action, 'delete'),
          eq(auditLog.actorId, client.id),
        ),
      );
    expect(ended).toMatchObject({ subjectUserId: client.id, targetIds: [linkId] });

    // Ended, the pair may be linked again.
    expect((await invite(t, therapist, client.id, invitation({ email: carer.email }))).statusCode).toBe(201);
  });
});

describe('GET /api/carers/me/clients/', () => {
  it('lists a carer’s live, unexpired links with each client and access; 403 to anyone else', async () => {
    const { clinicId, therapist, client } = await buildCareTeam(t.ctx);
    const other = await buildClient(t.ctx, clinicId, therapist.id, { firstName: 'Sam', lastName: 'Able' });
    const ended = await buildClient(t.ctx, clinicId, therapist.id);
    const carer = await buildCarer(t.ctx);
    const first = await buildCarerLink(t.ctx, carer.id, client.id, therapist.id, { access: 'log' });
    const second = await buildCarerLink(t.ctx, carer.id, other.id, therapist.id, { expiresOn: '2026-03-02' });
    await buildCarerLink(t.ctx, carer.id, ended.id, therapist.id, { expiresOn: '2026-03-01' });
    const res = await call(t, carer, 'GET', '/api/carers/me/clients/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        link_id: second,
        client: { id: other.id, first_name: 'Sam', last_name: 'Able' },
        relationship: 'Daughter',
        access: 'view',
        expires_on: '2026-03-02',
        receives_reminders: false,
      },
      expect.objectContaining({
        link_id: first,
        access: 'log',
        client: expect.objectContaining({ id: client.id }),
      }),
    ]);
    expect((await call(t, client, 'GET', '/api/carers/me/clients/')).statusCode).toBe(403);
    expect((await call(t, therapist, 'GET', '/api/carers/me/clients/')).statusCode).toBe(403);
    expect((await call(t, null, 'GET', '/api/carers/me/clients/')).statusCode).toBe(401);
  });

  it('lets a carer opt in to a client’s reminders on their own live link, and nobody else (404)', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const carer = await buildCarer(t.ctx);
    const otherCarer = await buildCarer(t.ctx);
    const linkId = await buildCarerLink(t.ctx, carer.id, client.id, therapist.id);
    const path = `/api/carers/me/clients/${linkId}/`;

    const on = await call(t, carer, 'PUT', path, { receives_reminders: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ link_id: linkId, client: { id: client.id }, receives_reminders: true });
    const listed = await call(t, therapist, 'GET', `/api/clients/${client.id}/carers/`);
    expect(listed.json()).toEqual([expect.objectContaining({ id: linkId, receives_reminders: true })]);
    const [audited] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, carer.id), eq(auditLog.action, 'update')));
    expect(audited).toMatchObject({ subjectUserId: client.id, targetType: 'carer_link' });

    const bad = await call(t, carer, 'PUT', path, { receives_reminders: 'yes' });
    expect(bad.statusCode).toBe(400);
    for (const someone of [otherCarer, therapist, client])
      expect((await call(t, someone, 'PUT', path, { receives_reminders: false })).statusCode).toBe(404);
    expect((await call(t, null, 'PUT', path, { receives_reminders: false })).statusCode).toBe(401);

    await call(t, therapist, 'DELETE', `/api/carers/links/${linkId}/`);
    expect((await call(t, carer, 'PUT', path, { receives_reminders: false })).statusCode).toBe(404);
  });

  it('lets a new carer set a password through the activation link and then sign in like any user', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const payload = invitation();
    await t.deliverMail();
    const before = t.mailbox.messages.length;
    await invite(t, therapist, client.id, payload);
    await t.deliverMail();
    const link = resetLinkIn(t.mailbox.messages.slice(before)[0]!.text);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password-confirm/',
      payload: { ...link, new_password: TEST_PASSWORD },
    });
    expect(confirm.statusCode).toBe(200);
    const carer = { id: 0, email: payload.email, password: TEST_PASSWORD };
    // The login answer tells the web app it is a carer, and so does the carer's own profile.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: payload.email, password: TEST_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(login.json()).toMatchObject({ is_carer: true, is_therapist: 'false', is_staff: false });
    const own = await call(t, carer, 'GET', `/api/users/${login.json().user_id}/`);
    expect(own.json()).toMatchObject({ is_carer: true, client_profile: null });
    const mine = await call(t, carer, 'GET', '/api/carers/me/clients/');
    expect(mine.json()).toMatchObject([{ client: { id: client.id } }]);
  });
});
