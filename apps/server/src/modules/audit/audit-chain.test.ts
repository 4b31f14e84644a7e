import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { buildCareTeam, login } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram } from '../../../test/program-factories';
import { auditEntries, writeAudit } from './audit.service';
import { auditInsertSql } from './audit.sql';
import { verifyAuditChain } from './audit-verify.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowAt = async (seq: number) =>
  (await t.ctx.db.select().from(auditLog).where(eq(auditLog.seq, seq)))[0]!;
const lastSeq = async () =>
  Number(
    ((await t.ctx.db.execute(sql`select max(seq) as m from audit_log`)) as { rows: { m: string }[] }).rows[0]!
      .m,
  );

/** Writes `n` rows and answers the seq of the first. */
async function writeRows(n: number): Promise<number> {
  for (let i = 0; i < n; i++)
    await writeAudit(
      t.ctx.db,
      auditEntries({ id: 1 }, 'read', { entity: 'program', ids: [i + 1, i + 2] }, null, { view: 'test' }),
    );
  return (await lastSeq()) - n + 1;
}

describe('the audit chain', () => {
  it('verifies a clean chain, one row per write, each linked to the one before', async () => {
    const first = await writeRows(3);
    const verdict = await verifyAuditChain(t.ctx.db, 2);
    expect(verdict).toMatchObject({ ok: true, rows: await lastSeq() });
    const [a, b] = [await rowAt(first), await rowAt(first + 1)];
    expect(b.prevHash).toBe(a.hash);
    expect(a).toMatchObject({
      targetType: 'program',
      targetIds: [1, 2],
      outcome: 'ok',
      details: { view: 'test' },
    });
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['details', sql`details = '{"view":"other"}'`],
    ['target_ids', sql`target_ids = '{1,3}'`],
    ['actor_id', sql`actor_id = 2`],
    ['at', sql`at = at + interval '1 microsecond'`],
  ])('names a row whose %s was edited, and verifies again once it is put back', async (_field, change) => {
    const first = await writeRows(3);
    await keepRow(first + 1);
    await t.ctx.db.execute(sql`update audit_log set ${change} where seq = ${first + 1}`);
    expect(await verifyAuditChain(t.ctx.db, 2)).toEqual({
      ok: false,
      seq: first + 1,
      problem: 'its fields do not match its hash (the row was changed)',
    });
    await restoreRow(first + 1);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });

  it('names a rehashed row by the broken link after it', async () => {
    const first = await writeRows(3);
    await keepRow(first + 1);
    await t.ctx.db.execute(
      sql`update audit_log l set details = '{"view":"forged"}' where seq = ${first + 1}`,
    );
    await t.ctx.db.execute(
      sql`update audit_log l set hash = audit_row_hash(l.prev_hash, l) where seq = ${first + 1}`,
    );
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: false, seq: first + 2 });
    await restoreRow(first + 1);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });

  it('finds a row deleted in the middle, and one deleted at the end', async () => {
    const first = await writeRows(3);
    await keepRow(first + 1);
    await t.ctx.db.execute(sql`delete from audit_log where seq = ${first + 1}`);
    expect(await verifyAuditChain(t.ctx.db, 2)).toEqual({
      ok: false,
      seq: first + 2,
      problem: `rows ${first + 1} to ${first + 1} are missing before it`,
    });
    await restoreRow(first + 1);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);

    await keepRow(first + 2);
    await t.ctx.db.execute(sql`delete from audit_log where seq = ${first + 2}`);
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: false, seq: first + 2 });
    await restoreRow(first + 2);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });

  it('stays one unbroken chain under 20 concurrent requests', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id);
    const session = await login(t, client);
    const before = await lastSeq();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'GET', url: `/api/programs/${program.id}/`, headers: session.headers }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await lastSeq()).toBe(before + 20);
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: true, rows: before + 20 });
  });

  it('writes one row in the same statement as the work, naming every id the work produced', async () => {
    const tag = `cte-${Date.now()}`;
    const audit = auditInsertSql(
      { actorId: 7, action: 'read', entity: 'program', correlationId: tag },
      {
        from: sql`work`,
        id: sql`w.id`,
        subject: sql`w.client_id`,
        outcome: sql`case when count(w.id) = 0 then 'not_found' else 'ok' end`,
      },
    );
    const run = (rows: string) =>
      t.ctx.db.execute(sql`with work as (select * from (values ${sql.raw(rows)}) v(id, client_id)),
        audit as (${audit}) select count(*) from work`);
    await run('(5, 9), (3, 9), (5, 9)');
    await run('(4, 9), (6, 10)');
    await run('(null::int, null::int)');
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.correlationId, tag))
      .orderBy(auditLog.seq);
    expect(rows).toMatchObject([
      { actorId: 7, targetIds: [3, 5], subjectUserId: 9, outcome: 'ok', details: null },
      { targetIds: [4, 6], subjectUserId: null, details: { subject_user_ids: [9, 10] } },
      { targetIds: [], subjectUserId: null, outcome: 'not_found' },
    ]);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });
});

describe('auditEntries', () => {
  it('gives one entry carrying every id, with the one subject or, for several, none and the list in details', () => {
    const meta = { correlationId: 'c' };
    const ids = [4, 2, 4];
    const subjects = [10, 11, 10];
    expect(auditEntries({ id: 1 }, 'read', { entity: 'feedback', ids, subjectUserId: 10 }, meta)).toEqual([
      {
        actorId: 1,
        action: 'read',
        entity: 'feedback',
        entityIds: [4, 2],
        subjectUserId: 10,
        correlationId: 'c',
      },
    ]);
    const [several] = auditEntries(
      { id: 1 },
      'read',
      { entity: 'feedback', ids, subjectUserId: (i) => subjects[i]! },
      meta,
    );
    expect(several).toMatchObject({ subjectUserId: null, details: { subject_user_ids: [10, 11] } });
    const [users] = auditEntries(
      { id: 1 },
      'deactivate',
      { entity: 'user', ids: [5, 6], subjectUserId: (i) => [5, 6][i]! },
      meta,
    );
    expect(users).toMatchObject({ entityIds: [5, 6], subjectUserId: null });
    expect(users!.details).toBeUndefined();
  });
});

/** Keeps a copy of a row, to the microsecond, so that a test can put it back after tampering with it. */
async function keepRow(seq: number) {
  await t.ctx.db.execute(sql`create table if not exists audit_kept (like audit_log)`);
  await t.ctx.db.execute(sql`insert into audit_kept select * from audit_log where seq = ${seq}`);
}

/** Puts a kept row back exactly as it was (the chain trigger would renumber it, so it is off for that insert). */
async function restoreRow(seq: number) {
  await t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`delete from audit_log where seq = ${seq}`);
    await tx.execute(sql`alter table audit_log disable trigger audit_log_chain`);
    await tx.execute(sql`insert into audit_log select * from audit_kept where seq = ${seq}`);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_chain`);
    await tx.execute(sql`delete from audit_kept where seq = ${seq}`);
  });
}
