import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { buildCareTeam, login, type Session } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram } from '../../../test/program-factories';
import { verifyAuditChain } from './audit-verify.service';

let t: TestApp;
let ours: Awaited<ReturnType<typeof buildCareTeam>>;
let theirs: Awaited<ReturnType<typeof buildCareTeam>>;
let session: Session;
beforeAll(async () => {
  t = await createTestApp();
  ours = await buildCareTeam(t.ctx);
  theirs = await buildCareTeam(t.ctx);
  session = await login(t, ours.therapist);
});
afterAll(() => t.close());

const rowsOf = async (res: { headers: Record<string, unknown> }) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.correlationId, String(res.headers['x-correlation-id'])));

/** docs/product/security-and-privacy.md#audit-log: an attempt on another clinic's records is audited as denied. */
describe('a scope 404', () => {
  it('on another clinic’s client answers 404 and writes one denied row', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/client_details/?id=${theirs.client.id}`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(await rowsOf(res)).toMatchObject([
      {
        chainId: ours.clinicId,
        actorId: ours.therapist.id,
        action: 'read',
        targetType: 'client',
        targetIds: [theirs.client.id],
        subjectUserId: theirs.client.id,
        outcome: 'denied',
      },
    ]);
  });

  it('on deleting another clinic’s program answers 404, deletes nothing and writes one denied row', async () => {
    const program = await buildProgram(t.ctx, theirs.client.id, theirs.therapist.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/programs/${program.id}/`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(await rowsOf(res)).toMatchObject([
      {
        actorId: ours.therapist.id,
        action: 'delete',
        targetType: 'program',
        targetIds: [program.id],
        outcome: 'denied',
      },
    ]);
    const mine = await login(t, theirs.therapist);
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/programs/${program.id}/`,
      headers: mine.headers,
    });
    expect(still.statusCode).toBe(200);
  });

  it('on another clinic’s program answers 404 and writes one denied row in the caller’s clinic chain', async () => {
    const program = await buildProgram(t.ctx, theirs.client.id, theirs.therapist.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/programs/${program.id}/`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(404);
    const [row, ...more] = await rowsOf(res);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      chainId: ours.clinicId,
      actorId: ours.therapist.id,
      action: 'read',
      targetType: 'program',
      targetIds: [program.id],
      subjectUserId: theirs.client.id,
      outcome: 'denied',
      details: { method: 'GET', route: '/api/programs/:id/' },
    });
  });

  it('looks exactly like a missing record to the caller, and a missing record writes no denied row', async () => {
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/users/client_details/?id=${theirs.client.id}`,
      headers: session.headers,
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/users/client_details/?id=999999`,
      headers: session.headers,
    });
    expect([denied.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(denied.body).toBe(missing.body);
    expect((await rowsOf(missing)).filter((r) => r.outcome === 'denied')).toEqual([]);
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: true });
  });
});
