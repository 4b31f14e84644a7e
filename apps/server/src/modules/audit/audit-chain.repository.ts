import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface ChainRow {
  seq: number;
  prevHash: string;
  hash: string;
  /** The hash recomputed now from the row's stored fields and its stored prev_hash. */
  recomputed: string;
}

/** The next `limit` rows after `afterSeq`, in seq order, each with its hash recomputed by the database. */
export async function findChainRowsAfter(db: Db, afterSeq: number, limit: number): Promise<ChainRow[]> {
  const result = (await db.execute(sql`
    select l.seq::text as seq, l.prev_hash, l.hash, audit_row_hash(l.prev_hash, l) as recomputed
    from audit_log l where l.seq > ${afterSeq} order by l.seq limit ${limit}`)) as {
    rows: Record<string, string>[];
  };
  return result.rows.map((r) => ({
    seq: Number(r.seq),
    prevHash: r.prev_hash!,
    hash: r.hash!,
    recomputed: r.recomputed!,
  }));
}

/** The chain's head: what the last row must be. */
export async function findChainHead(db: Db): Promise<{ seq: number; hash: string }> {
  const result = (await db.execute(sql`select seq::text as seq, hash from audit_chain_head where id`)) as {
    rows: { seq: string; hash: string }[];
  };
  const row = result.rows[0]!;
  return { seq: Number(row.seq), hash: row.hash };
}
