import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { buildCareTeam, buildClinic, buildTherapist, login } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram } from '../../../test/program-factories';
import { auditEntries, writeAudit } from './audit.service';
import { auditInsertSql } from './audit.sql';
import { verifyAuditChain } from './audit-verify.service';
import { genesisHash } from './audit-row-text';

let t: TestApp;
/** A therapist of a clinic of this file: their rows go to that clinic's chain. */
let actor: { id: number; clinicId: number };
beforeAll(async () => {
  t = await createTestApp();
  const clinicId = await buildClinic(t.ctx);
  actor = { id: (await buildTherapist(t.ctx, clinicId)).id, clinicId };
});
afterAll(() => t.close());

const rowAt = async (chainId: number, seq: number) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.chainId, chainId), eq(auditLog.seq, seq)))
  )[0]!;
const lastSeq = async (chainId: number) =>
  Number(
    (
      (await t.ctx.db.execute(
        sql`select coalesce(max(seq), 0) as m from audit_log where chain_id = ${chainId}`,
      )) as { rows: { m: string }[] }
    ).rows[0]!.m,
  );
const head = async (chainId: number) =>
  (
    (await t.ctx.db.execute(
      sql`select seq::int as seq, hash from audit_chain_heads where chain_id = ${chainId}`,
    )) as { rows: { seq: number; hash: string }[] }
  ).rows[0];

/** Writes `n` rows as `who` and answers the seq of the first in their chain. */
async function writeRows(n: number, who: { id: number; clinicId: number } = actor): Promise<number> {
  for (let i = 0; i < n; i++)
    await writeAudit(
      t.ctx.db,
      auditEntries(who, 'read', { entity: 'program', ids: [i + 1, i + 2] }, null, { view: 'test' }),
    );
  return (await lastSeq(who.clinicId)) - n + 1;
}

describe('the audit chains', () => {
  it('puts a row in its actor’s clinic chain, numbered and linked within it, the head following', async () => {
    const first = await writeRows(3);
    const verdict = await verifyAuditChain(t.ctx.db, 2);
    expect(verdict).toMatchObject({ ok: true });
    const [a, b] = [await rowAt(actor.clinicId, first), await rowAt(actor.clinicId, first + 1)];
    expect(b.prevHash).toBe(a.hash);
    expect(a).toMatchObject({
      chainId: actor.clinicId,
      targetType: 'program',
      targetIds: [1, 2],
      outcome: 'ok',
      details: { view: 'test' },
    });
    if (first === 1) expect(a.prevHash).toBe(genesisHash(actor.clinicId));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await head(actor.clinicId)).toEqual({
      seq: first + 2,
      hash: (await rowAt(actor.clinicId, first + 2)).hash,
    });
  });

  it('chooses the chain by the actor’s clinic, else the subject client’s, else chain 0', async () => {
    const team = await buildCareTeam(t.ctx);
    const tag = `chain-rule-${Date.now()}`;
    /** Row `n` of the test, told apart by its one target id. */
    const write = (n: number, actorId: number | null, subjectUserId: number | null) =>
      writeAudit(t.ctx.db, [
        { actorId, action: 'read', entity: 'client', entityIds: [n], subjectUserId, correlationId: tag },
      ]);
    await write(1, team.therapist.id, null); // a therapist: their clinic
    await write(2, team.client.id, null); // a client: their own clinic
    await write(3, null, team.client.id); // no actor (a sign-in that failed): the subject's clinic
    await write(4, null, null); // nobody's: chain 0
    await write(5, 999_999, null); // an actor gone since: chain 0
    const rows = await t.ctx.db
      .select({ chainId: auditLog.chainId, targetIds: auditLog.targetIds })
      .from(auditLog)
      .where(eq(auditLog.correlationId, tag));
    const chainOf = new Map(rows.map((r) => [r.targetIds[0], r.chainId]));
    expect([1, 2, 3, 4, 5].map((n) => chainOf.get(n))).toEqual([
      team.clinicId,
      team.clinicId,
      team.clinicId,
      0,
      0,
    ]);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });

  it('hashes every kind of value in Node exactly as the database does', async () => {
    const tag = `values-${Date.now()}`;
    await t.ctx.db
      .execute(sql`insert into audit_log (actor_id, action, target_type, target_ids, subject_user_id,
      outcome, correlation_id, details)
      values (${actor.id}, ${'read "quoted" \\ back\nslash\ttab\u0001\u001f é ✓ 😀'}, 'program',
        '{-1,0,9007199254740993}',
        null, 'ok', ${tag}, ${JSON.stringify({
          zeta: [1.5, 1e3, 0.1, -0, 1234567890123, null, true],
          a: { 'ü-key': 'line\nbreak "q"', '': 'empty key', bb: 2.5 },
          b: '\u0007 bell',
        })}::jsonb || '{"n": 1.50, "e": 1e-7, "big": 1e30}'::jsonb),
      (${actor.id}, 'read', 'program', '{}', 5, 'not_found', null, 'null'::jsonb),
      (${actor.id}, 'read', 'program', '{7,NULL}', 5, 'ok', ${tag}, '"a string"'::jsonb)`);
    // The database's own hash of each row, as the trigger made it, against Node's.
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: true });
    const mismatched = (await t.ctx.db.execute(
      sql`select seq from audit_log l where l.hash <> audit_row_hash(l.prev_hash, l)`,
    )) as { rows: unknown[] };
    expect(mismatched.rows).toEqual([]);
  });

  it.each([
    ['details', sql`details = '{"view":"other"}'`],
    ['target_ids', sql`target_ids = '{1,3}'`],
    ['actor_id', sql`actor_id = 2`],
    ['at', sql`at = at + interval '1 microsecond'`],
  ])(
    'names a row whose %s was edited, by chain and seq, and verifies again once it is put back',
    async (_f, change) => {
      const first = await writeRows(3);
      await keepRow(actor.clinicId, first + 1);
      await t.ctx.db.execute(
        sql`update audit_log set ${change} where chain_id = ${actor.clinicId} and seq = ${first + 1}`,
      );
      expect(await verifyAuditChain(t.ctx.db, 2)).toEqual({
        ok: false,
        chainId: actor.clinicId,
        seq: first + 1,
        problem: 'its fields do not match its hash (the row was changed)',
      });
      await restoreRow(actor.clinicId, first + 1);
      expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
    },
  );

  it('names a rehashed row by the broken link after it, and a rehash that fixes that link by the next', async () => {
    const first = await writeRows(3);
    const at = (seq: number) => sql`chain_id = ${actor.clinicId} and seq = ${seq}`;
    await keepRow(actor.clinicId, first + 1);
    await keepRow(actor.clinicId, first + 2);
    await t.ctx.db.execute(sql`update audit_log l set details = '{"view":"forged"}' where ${at(first + 1)}`);
    await t.ctx.db.execute(
      sql`update audit_log l set hash = audit_row_hash(l.prev_hash, l) where ${at(first + 1)}`,
    );
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({
      ok: false,
      chainId: actor.clinicId,
      seq: first + 2,
      problem: 'its prev_hash is not the hash of the row before it',
    });
    // The forger fixes the next row's prev_hash (and rehashes it too): the break moves on, or shows at the head.
    await t.ctx.db.execute(sql`update audit_log l set prev_hash = p.hash from audit_log p
      where l.chain_id = ${actor.clinicId} and l.seq = ${first + 2} and p.chain_id = l.chain_id
        and p.seq = l.seq - 1`);
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({
      ok: false,
      chainId: actor.clinicId,
      seq: first + 2,
      problem: 'its fields do not match its hash (the row was changed)',
    });
    await t.ctx.db.execute(
      sql`update audit_log l set hash = audit_row_hash(l.prev_hash, l) where ${at(first + 2)}`,
    );
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({
      ok: false,
      chainId: actor.clinicId,
      seq: first + 2,
      problem: 'its hash is not the one its chain head holds',
    });
    await restoreRow(actor.clinicId, first + 1);
    await restoreRow(actor.clinicId, first + 2);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });

  it('finds a row deleted in the middle of a chain, and one deleted at its end', async () => {
    const first = await writeRows(3);
    await keepRow(actor.clinicId, first + 1);
    await t.ctx.db.execute(
      sql`delete from audit_log where chain_id = ${actor.clinicId} and seq = ${first + 1}`,
    );
    expect(await verifyAuditChain(t.ctx.db, 2)).toEqual({
      ok: false,
      chainId: actor.clinicId,
      seq: first + 2,
      problem: `rows ${first + 1} to ${first + 1} are missing before it`,
    });
    await restoreRow(actor.clinicId, first + 1);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);

    await keepRow(actor.clinicId, first + 2);
    await t.ctx.db.execute(
      sql`delete from audit_log where chain_id = ${actor.clinicId} and seq = ${first + 2}`,
    );
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({
      ok: false,
      chainId: actor.clinicId,
      seq: first + 2,
      problem: `the chain ends at ${first + 1} but its head is ${first + 2}`,
    });
    await restoreRow(actor.clinicId, first + 2);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });

  it('names a chain moved under another number by its first row', async () => {
    const clinicId = await buildClinic(t.ctx);
    const other = { id: (await buildTherapist(t.ctx, clinicId)).id, clinicId };
    await writeRows(2, other);
    const moved = clinicId + 100_000;
    await t.ctx.db.execute(sql`update audit_log set chain_id = ${moved} where chain_id = ${clinicId}`);
    await t.ctx.db.execute(
      sql`update audit_chain_heads set chain_id = ${moved} where chain_id = ${clinicId}`,
    );
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: false, chainId: moved, seq: 1 });
    await t.ctx.db.execute(sql`update audit_log set chain_id = ${clinicId} where chain_id = ${moved}`);
    await t.ctx.db.execute(
      sql`update audit_chain_heads set chain_id = ${clinicId} where chain_id = ${moved}`,
    );
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });

  it('trusts no function of the database: a hash function replaced to hide an edit is named', async () => {
    const first = await writeRows(2);
    await keepRow(actor.clinicId, first);
    const [original] = (
      (await t.ctx.db.execute(
        sql`select pg_get_functiondef('audit_row_hash(text, audit_log)'::regprocedure) as def`,
      )) as { rows: { def: string }[] }
    ).rows;
    // The forger's function answers the stored hash of any row, so that every recomputation inside the database
    // agrees with the edited row.
    await t.ctx.db.execute(sql`update audit_log set details = '{"view":"forged"}'
      where chain_id = ${actor.clinicId} and seq = ${first}`);
    await t.ctx.db.execute(
      sql.raw(`create or replace function audit_row_hash(prev_hash text, r audit_log)
      returns text language sql stable as $$ select r.hash $$`),
    );
    expect(await verifyAuditChain(t.ctx.db)).toEqual({
      ok: false,
      chainId: null,
      seq: null,
      problem: 'the function audit_row_hash is not the one the migrations install (it was replaced)',
    });
    await t.ctx.db.execute(sql.raw(original!.def));
    // With the function back, Node's own hash still finds the edit.
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({
      ok: false,
      chainId: actor.clinicId,
      seq: first,
    });
    await restoreRow(actor.clinicId, first);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });

  it('names a disabled trigger, an added trigger and an overload', async () => {
    await t.ctx.db.execute(sql`alter table audit_log disable trigger audit_log_chain`);
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({
      ok: false,
      problem: 'the trigger audit_log_chain is disabled',
    });
    await t.ctx.db.execute(sql`alter table audit_log enable trigger audit_log_chain`);
    await t.ctx.db.execute(sql`create trigger audit_log_extra before insert on audit_log
      for each row execute function audit_log_chain()`);
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({
      ok: false,
      problem: 'the trigger audit_log_extra on audit_log is not one the migrations install',
    });
    await t.ctx.db.execute(sql`drop trigger audit_log_extra on audit_log`);
    await t.ctx.db.execute(sql`create function audit_row_text(r audit_log, extra int) returns text
      language sql as $$ select '' $$`);
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({
      ok: false,
      problem: 'the function audit_row_text is defined more than once',
    });
    await t.ctx.db.execute(sql`drop function audit_row_text(audit_log, int)`);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
  });

  it('stays one unbroken chain per clinic under 20 concurrent requests', async () => {
    const { therapist, client, clinicId } = await buildCareTeam(t.ctx);
    const program = await buildProgram(t.ctx, client.id, therapist.id);
    const session = await login(t, client);
    const before = await lastSeq(clinicId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'GET', url: `/api/programs/${program.id}/`, headers: session.headers }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await lastSeq(clinicId)).toBe(before + 20);
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: true });
  });

  it('writes one row in the same statement as the work, naming every id the work produced', async () => {
    const tag = `cte-${Date.now()}`;
    const audit = auditInsertSql(
      { actorId: actor.id, action: 'read', entity: 'program', correlationId: tag },
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
      { chainId: actor.clinicId, actorId: actor.id, targetIds: [3, 5], subjectUserId: 9, details: null },
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
async function keepRow(chainId: number, seq: number) {
  await t.ctx.db.execute(sql`create table if not exists audit_kept (like audit_log)`);
  await t.ctx.db.execute(
    sql`insert into audit_kept select * from audit_log where chain_id = ${chainId} and seq = ${seq}`,
  );
}

/** Puts a kept row back exactly as it was (the chain trigger would renumber it, so it is off for that insert). */
async function restoreRow(chainId: number, seq: number) {
  const at = sql`chain_id = ${chainId} and seq = ${seq}`;
  await t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`delete from audit_log where ${at}`);
    await tx.execute(sql`alter table audit_log disable trigger audit_log_chain`);
    await tx.execute(sql`insert into audit_log select * from audit_kept where ${at}`);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_chain`);
    await tx.execute(sql`delete from audit_kept where ${at}`);
  });
}
