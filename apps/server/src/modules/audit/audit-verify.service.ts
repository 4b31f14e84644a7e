import type { Db } from '../../db/client';
import { findChainHead, findChainRowsAfter } from './audit-chain.repository';

/** The prev_hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

export type ChainVerdict =
  { ok: true; rows: number; headHash: string } | { ok: false; seq: number; problem: string };

/**
 * Walks the whole audit chain in seq order, a batch at a time (memory stays flat for any length): each row must
 * follow the one before it (seq + 1), carry its hash as prev_hash, and hash to what it stores; the last row must be
 * the head. The first row that fails is named: an edited row fails its own hash, a deleted one breaks the next link.
 */
export async function verifyAuditChain(db: Db, batchSize = 5_000): Promise<ChainVerdict> {
  let last = { seq: 0, hash: GENESIS_HASH };
  for (;;) {
    const rows = await findChainRowsAfter(db, last.seq, batchSize);
    for (const row of rows) {
      if (row.seq !== last.seq + 1)
        return {
          ok: false,
          seq: row.seq,
          problem: `rows ${last.seq + 1} to ${row.seq - 1} are missing before it`,
        };
      if (row.prevHash !== last.hash)
        return { ok: false, seq: row.seq, problem: 'its prev_hash is not the hash of the row before it' };
      if (row.recomputed !== row.hash)
        return { ok: false, seq: row.seq, problem: 'its fields do not match its hash (the row was changed)' };
      last = { seq: row.seq, hash: row.hash };
    }
    if (rows.length < batchSize) break;
  }
  const head = await findChainHead(db);
  if (head.seq !== last.seq || head.hash !== last.hash)
    return {
      ok: false,
      seq: last.seq + 1,
      problem: `the chain ends at ${last.seq} but its head is ${head.seq}`,
    };
  return { ok: true, rows: last.seq, headHash: last.hash };
}

/** The line the CLI prints for a verdict. */
export const verdictLine = (verdict: ChainVerdict) =>
  verdict.ok
    ? `Audit log verified: ${verdict.rows} rows`
    : `Audit log broken at row ${verdict.seq}: ${verdict.problem}.`;
