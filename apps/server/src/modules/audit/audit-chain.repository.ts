import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuditRowColumns } from './audit-row-text';

/** A row of a chain: its place, its links and its columns as PostgreSQL prints them (nothing recomputed there). */
export interface ChainRow extends AuditRowColumns {
  chainId: number;
  prevHash: string;
  hash: string;
}

type Rows<T> = { rows: T[] };

/**
 * The next `limit` rows after (`chainId`, `seq`) in primary-key order, every column read as text. `at` is printed in
 * UTC with the ISO style, set for this transaction only, so the text carries the full microseconds whatever the
 * session's settings.
 */
export async function findChainRowsAfter(
  db: Db,
  after: { chainId: number; seq: number },
  limit: number,
): Promise<ChainRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('TimeZone', 'UTC', true), set_config('DateStyle', 'ISO, YMD', true)`,
    );
    const result = (await tx.execute(sql`
      select l.chain_id::text as chain_id, l.seq::text as seq, l.at::text as at, l.actor_id::text as actor_id,
        l.action, l.target_type, l.target_ids::text as target_ids, l.subject_user_id::text as subject_user_id,
        l.outcome, l.correlation_id, l.details::text as details, l.prev_hash, l.hash
      from audit_log l where (l.chain_id, l.seq) > (${after.chainId}, ${after.seq})
      -- The columns, not the text of the same names above.
      order by l.chain_id, l.seq limit ${limit}`)) as Rows<Record<string, string | null>>;
    return result.rows.map((r) => ({
      chainId: Number(r.chain_id),
      seq: r.seq!,
      at: r.at!,
      actorId: r.actor_id ?? null,
      action: r.action!,
      targetType: r.target_type!,
      targetIds: r.target_ids!,
      subjectUserId: r.subject_user_id ?? null,
      outcome: r.outcome!,
      correlationId: r.correlation_id ?? null,
      details: r.details ?? null,
      prevHash: r.prev_hash!,
      hash: r.hash!,
    }));
  });
}

/** Every chain's head: what its last row must be. */
export async function findChainHeads(db: Db): Promise<Map<number, { seq: number; hash: string }>> {
  const result = (await db.execute(
    sql`select chain_id::text as chain_id, seq::text as seq, hash from audit_chain_heads`,
  )) as Rows<{ chain_id: string; seq: string; hash: string }>;
  return new Map(result.rows.map((r) => [Number(r.chain_id), { seq: Number(r.seq), hash: r.hash }]));
}

/** A function of the chain as the database runs it. */
export interface InstalledFunction {
  name: string;
  schema: string;
  args: string;
  returns: string;
  language: string;
  volatility: string;
  securityDefiner: boolean;
  config: string | null;
  body: string;
}

/** Every function named `names` in the schema of audit_log (an overload or a copy shows as a second row). */
export async function findChainFunctions(db: Db, names: string[]): Promise<InstalledFunction[]> {
  const result = (await db.execute(sql`
    select p.proname as name, n.nspname as schema, pg_get_function_identity_arguments(p.oid) as args,
      pg_get_function_result(p.oid) as returns, l.lanname as language,
      case p.provolatile when 's' then 'STABLE' when 'i' then 'IMMUTABLE' else 'VOLATILE' end as volatility,
      p.prosecdef as security_definer, array_to_string(p.proconfig, ',') as config, p.prosrc as body
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
    where p.proname in (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )}) and p.pronamespace = (select relnamespace from pg_class where oid = 'audit_log'::regclass)
    order by p.proname, p.oid`)) as Rows<Record<string, unknown>>;
  return result.rows.map((r) => ({
    name: String(r.name),
    schema: String(r.schema),
    args: String(r.args),
    returns: String(r.returns),
    language: String(r.language),
    volatility: String(r.volatility),
    securityDefiner: r.security_definer === true || r.security_definer === 't',
    config: r.config === null || r.config === undefined ? null : String(r.config),
    body: String(r.body),
  }));
}

/** The user triggers and rules on the chain's tables, and the schema audit_log lives in. */
export async function findChainTriggers(db: Db): Promise<{
  schema: string;
  triggers: { table: string; name: string; enabled: string; definition: string }[];
  rules: string[];
}> {
  const triggers = (await db.execute(sql`
    select c.relname as table, t.tgname as name, t.tgenabled as enabled, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgrelid in ('audit_log'::regclass, 'audit_chain_heads'::regclass) and not t.tgisinternal
    order by c.relname, t.tgname`)) as Rows<{
    table: string;
    name: string;
    enabled: string;
    definition: string;
  }>;
  const rules = (await db.execute(sql`
    select r.rulename as name from pg_rewrite r
    where r.ev_class in ('audit_log'::regclass, 'audit_chain_heads'::regclass)`)) as Rows<{ name: string }>;
  const schema = (await db.execute(sql`
    select n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.oid = 'audit_log'::regclass`)) as Rows<{ schema: string }>;
  return {
    schema: schema.rows[0]!.schema,
    triggers: triggers.rows,
    rules: rules.rows.map((r) => r.name),
  };
}
