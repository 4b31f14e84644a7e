import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, writeAudit } from '../../src/modules/audit/audit.service';
import { verifyAuditChain } from '../../src/modules/audit/audit-verify.service';
import { buildClinic, buildTherapist } from '../factories';
import { createTestApp, type TestApp } from '../helper';

// docs/decisions/031-audit-chains-per-clinic.md: on PostgreSQL, where writers really run at once, a clinic's open
// transaction holds its own chain's head only. (PGlite runs one statement at a time: nothing to wait on there.)

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const therapistOf = async () => {
  const clinicId = await buildClinic(t.ctx);
  return { id: (await buildTherapist(t.ctx, clinicId)).id, clinicId };
};

describe('audited writers of two clinics', () => {
  it('never wait on another clinic’s open transaction', async () => {
    const [a, b] = [await therapistOf(), await therapistOf()];
    await writeAudit(t.ctx.db, auditEntries(b, 'read', { entity: 'program', ids: [] }, null));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    // Clinic A's request: its audit row written, its transaction still open (its chain's head locked).
    const open = t.ctx.db.transaction(async (tx) => {
      await writeAudit(tx, auditEntries(a, 'update', { entity: 'program', ids: [1] }, null));
      holding();
      await held;
    });
    await isHolding;
    const timeout = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000));
    const other = writeAudit(t.ctx.db, auditEntries(b, 'read', { entity: 'program', ids: [] }, null)).then(
      () => 'done' as const,
    );
    const sameClinic = writeAudit(
      t.ctx.db,
      auditEntries(a, 'read', { entity: 'program', ids: [] }, null),
    ).then(() => 'done' as const);
    // Clinic B's writer is not held back: it finishes while A's transaction stays open.
    expect(await Promise.race([other, timeout])).toBe('done');
    // The same clinic's writer does wait for the open transaction: its chain stays one line.
    expect(await Promise.race([sameClinic, new Promise((r) => setTimeout(() => r('waiting'), 300))])).toBe(
      'waiting',
    );
    release();
    await open;
    expect(await sameClinic).toBe('done');
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: true });
  });
});
