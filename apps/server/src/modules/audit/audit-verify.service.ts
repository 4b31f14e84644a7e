import type { Db } from '../../db/client';
import { CHAIN_FUNCTIONS, chainTriggerDef } from './audit-chain.sql';
import {
  type ChainRow,
  findChainFunctions,
  findChainHeads,
  findChainRowsAfter,
  findChainTriggers,
} from './audit-chain.repository';
import { auditRowHash, genesisHash } from './audit-row-text';

export type ChainVerdict =
  | { ok: true; rows: number; chains: number }
  | { ok: false; chainId: number; seq: number; problem: string }
  /** The chain's functions or trigger are not the ones the migrations install: no row can be trusted. */
  | { ok: false; chainId: null; seq: null; problem: string };

/**
 * What the database runs to chain rows must be what the migrations install (audit-chain.sql.ts): a function
 * replaced by one that answers the stored hash, a trigger turned off or joined by another, would let rows be forged
 * from now on. Answers the first difference, or null.
 */
export async function checkChainDefinitions(db: Db): Promise<string | null> {
  const installed = await findChainFunctions(
    db,
    CHAIN_FUNCTIONS.map((f) => f.name),
  );
  for (const expected of CHAIN_FUNCTIONS) {
    const found = installed.filter((f) => f.name === expected.name);
    if (found.length !== 1)
      return `the function ${expected.name} is ${found.length === 0 ? 'missing' : 'defined more than once'}`;
    const f = found[0]!;
    const same =
      f.args === expected.args &&
      f.returns === expected.returns &&
      f.language === expected.language &&
      f.volatility === expected.volatility &&
      !f.securityDefiner &&
      f.config === null &&
      f.body === expected.body;
    if (!same) return `the function ${expected.name} is not the one the migrations install (it was replaced)`;
  }
  const { schema, triggers, rules } = await findChainTriggers(db);
  const chain = triggers.find((t) => t.table === 'audit_log' && t.name === 'audit_log_chain');
  if (!chain) return 'the trigger audit_log_chain is missing';
  if (chain.definition !== chainTriggerDef(schema))
    return 'the trigger audit_log_chain is not the one the migrations install';
  if (chain.enabled !== 'O') return 'the trigger audit_log_chain is disabled';
  const other = triggers.find((t) => t !== chain);
  if (other) return `the trigger ${other.name} on ${other.table} is not one the migrations install`;
  if (rules.length > 0) return `the rule ${rules[0]} on the audit tables is not one the migrations install`;
  return null;
}

/**
 * Checks the chain definitions, then walks every chain in (chain, seq) order, a batch at a time (memory stays flat for
 * any length), computing each hash in Node from the row's columns: each row must follow the one before it in its
 * chain (seq + 1), carry its hash as prev_hash (the chain's genesis hash for row 1), and hash to what it stores; each
 * chain must reach its head. The heads are read first, so rows written while this runs are checked too and never
 * mistaken for a gap. The first row that fails is named by chain and seq.
 */
export async function verifyAuditChain(db: Db, batchSize = 5_000): Promise<ChainVerdict> {
  const definitions = await checkChainDefinitions(db);
  if (definitions) return { ok: false, chainId: null, seq: null, problem: definitions };

  const heads = await findChainHeads(db);
  const seen = new Set<number>();
  let rows = 0;
  let last = null as { chainId: number; seq: number; hash: string } | null;
  const broken = (chainId: number, seq: number, problem: string): ChainVerdict => ({
    ok: false,
    chainId,
    seq,
    problem,
  });
  /** A chain walked to its end must reach the head read before the walk. */
  const endOf = (chain: { chainId: number; seq: number }) => {
    const head = heads.get(chain.chainId);
    if (head && chain.seq < head.seq)
      return broken(
        chain.chainId,
        chain.seq + 1,
        `the chain ends at ${chain.seq} but its head is ${head.seq}`,
      );
    return null;
  };

  let after = { chainId: -1, seq: 0 };
  for (;;) {
    const batch: ChainRow[] = await findChainRowsAfter(db, after, batchSize);
    for (const row of batch) {
      const seq = Number(row.seq);
      if (last?.chainId !== row.chainId) {
        if (last) {
          const end = endOf(last);
          if (end) return end;
        }
        seen.add(row.chainId);
        if (!heads.has(row.chainId)) {
          // A chain begun since the heads were read has its head now; one with none at all was tampered with.
          const now = await findChainHeads(db);
          if (!now.has(row.chainId)) return broken(row.chainId, seq, 'its chain has no head');
        }
        last = { chainId: row.chainId, seq: 0, hash: genesisHash(row.chainId) };
      }
      if (seq !== last.seq + 1)
        return broken(row.chainId, seq, `rows ${last.seq + 1} to ${seq - 1} are missing before it`);
      if (row.prevHash !== last.hash)
        return broken(row.chainId, seq, 'its prev_hash is not the hash of the row before it');
      if (auditRowHash(row.prevHash, row) !== row.hash)
        return broken(row.chainId, seq, 'its fields do not match its hash (the row was changed)');
      const head = heads.get(row.chainId);
      if (head && head.seq === seq && head.hash !== row.hash)
        return broken(row.chainId, seq, 'its hash is not the one its chain head holds');
      last = { chainId: row.chainId, seq, hash: row.hash };
      rows += 1;
    }
    if (batch.length < batchSize) break;
    after = { chainId: last!.chainId, seq: last!.seq };
  }
  if (last) {
    const end = endOf(last);
    if (end) return end;
  }
  for (const [chainId, head] of heads)
    if (!seen.has(chainId) && head.seq > 0)
      return broken(chainId, 1, `the chain has no rows but its head is ${head.seq}`);
  return { ok: true, rows, chains: seen.size };
}

/** The line the CLI prints for a verdict. */
export function verdictLine(verdict: ChainVerdict): string {
  if (verdict.ok)
    return `Audit log verified: ${verdict.rows} rows in ${verdict.chains} chain${verdict.chains === 1 ? '' : 's'}`;
  if (verdict.chainId === null) return `Audit log cannot be trusted: ${verdict.problem}.`;
  return `Audit log broken in chain ${verdict.chainId} at row ${verdict.seq}: ${verdict.problem}.`;
}
