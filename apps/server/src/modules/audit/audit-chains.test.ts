import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, PGLITE_EXTENSIONS } from '../../db/client';
import { buildCareTeam, buildClinic, buildTherapist, login } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildProgram } from '../../../test/program-factories';
import { auditEntries, writeAudit } from './audit.service';
import { CHAIN_FUNCTIONS, functionDdl, TRIGGER_DDL } from './audit-chain.sql';
import { verifyAuditChain } from './audit-verify.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Rows<T> = { rows: T[] };

/** Each chain's seqs of the rows tagged `tag`, and its head. */
async function chainsOf(tag: string) {
  const result = (await t.ctx.db.execute(sql`
    select l.chain_id, array_agg(l.seq::int order by l.seq) as seqs, h.seq::int as head
    from audit_log l join audit_chain_heads h using (chain_id)
    where l.correlation_id = ${tag} group by l.chain_id, h.seq order by l.chain_id`)) as Rows<{
    chain_id: number;
    seqs: number[];
    head: number;
  }>;
  return result.rows;
}

const therapistOf = async () => {
  const clinicId = await buildClinic(t.ctx);
  return { id: (await buildTherapist(t.ctx, clinicId)).id, clinicId };
};

describe('the chain definitions', () => {
  it('are installed by the migration exactly as audit verify expects them', () => {
    const migration = readFileSync(path.join(migrationsFolder, '0023_audit_chains.sql'), 'utf8');
    for (const f of CHAIN_FUNCTIONS) expect(migration).toContain(functionDdl(f));
    expect(migration).toContain(TRIGGER_DDL);
  });
});

describe('concurrent writers', () => {
  it('keep every clinic’s chain gap-free and whole, rolled-back inserts included', async () => {
    const writers = [await therapistOf(), await therapistOf(), await therapistOf()];
    const tag = `concurrent-${Date.now()}`;
    const write = (who: { id: number }, i: number) =>
      i % 7 === 3
        ? // A request whose work fails after its audit row: the row and its place in the chain go with it.
          t.ctx.db
            .transaction(async (tx) => {
              await writeAudit(
                tx,
                auditEntries(who, 'update', { entity: 'program', ids: [i] }, { correlationId: tag }),
              );
              throw new Error('rolled back');
            })
            .catch(() => 'rolled back')
        : writeAudit(
            t.ctx.db,
            auditEntries(who, 'read', { entity: 'program', ids: [i] }, { correlationId: tag }),
          );
    await Promise.all(writers.flatMap((who) => Array.from({ length: 30 }, (_, i) => write(who, i))));
    const chains = await chainsOf(tag);
    expect(chains.map((c) => c.chain_id)).toEqual(writers.map((w) => w.clinicId));
    for (const chain of chains) {
      // 30 writes of which 4 rolled back (i = 3, 10, 17, 24): 26 rows, numbered 1 to 26.
      expect(chain.seqs).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
      expect(chain.head).toBe(26);
    }
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: true });
  });

  it('serve two clinics’ audited requests at once, each chain whole', async () => {
    const teams = [await buildCareTeam(t.ctx), await buildCareTeam(t.ctx)];
    const calls = await Promise.all(
      teams.map(async (team) => ({
        team,
        program: await buildProgram(t.ctx, team.client.id, team.therapist.id),
        session: await login(t, team.client),
      })),
    );
    const before = await Promise.all(teams.map((team) => headSeq(team.clinicId)));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const call = calls[i % 2]!;
        return t.app.inject({
          method: 'GET',
          url: `/api/programs/${call.program.id}/`,
          headers: call.session.headers,
        });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
    expect(await Promise.all(teams.map((team) => headSeq(team.clinicId)))).toEqual(before.map((b) => b + 20));
    expect(await verifyAuditChain(t.ctx.db)).toMatchObject({ ok: true });
  });
});

const headSeq = async (chainId: number) =>
  (
    (await t.ctx.db.execute(
      sql`select coalesce((select seq::int from audit_chain_heads where chain_id = ${chainId}), 0) as seq`,
    )) as Rows<{ seq: number }>
  ).rows[0]!.seq;

describe('the upgrade to one chain per clinic', () => {
  it('keeps every existing row, unchanged, as chain 0, which still verifies and goes on', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'audit-upgrade-'));
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    try {
      // The migrations of the release before this one (up to 0022), as their own folder.
      cpSync(migrationsFolder, dir, { recursive: true });
      const journalFile = path.join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const cut = journal.entries.findIndex((e) => e.tag === '0023_audit_chains');
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: dir });
      await db.execute(sql`insert into audit_log (actor_id, action, target_type, target_ids, details)
        values (1, 'read', 'program', '{1,2}', '{"view": "week"}'), (null, 'login', 'user', '{}', null),
          (2, 'update', 'program', '{3}', '{"fields": ["name"]}')`);
      const before = (
        (await db.execute(sql`select seq::int as seq, hash from audit_log order by seq`)) as Rows<{
          seq: number;
          hash: string;
        }>
      ).rows;

      await migrate(db, { migrationsFolder });
      const after = (
        (await db.execute(
          sql`select chain_id, seq::int as seq, hash from audit_log order by chain_id, seq`,
        )) as Rows<{ chain_id: number; seq: number; hash: string }>
      ).rows;
      expect(after).toEqual(before.map((r) => ({ chain_id: 0, ...r })));
      expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: 3, chains: 1 });
      // A new row with no clinic carries chain 0 on from the last old row.
      await writeAudit(db, auditEntries(null, 'login', { entity: 'user', ids: [] }, null));
      const next = (
        (await db.execute(
          sql`select chain_id, seq::int as seq, prev_hash from audit_log order by chain_id, seq desc limit 1`,
        )) as Rows<{ chain_id: number; seq: number; prev_hash: string }>
      ).rows[0];
      expect(next).toEqual({ chain_id: 0, seq: 4, prev_hash: before[2]!.hash });
      expect(await verifyAuditChain(db)).toEqual({ ok: true, rows: 4, chains: 1 });
    } finally {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
