import { type SQL, sql } from 'drizzle-orm';

// The idempotency_keys table (db/schema/idempotency-keys.ts) as SQL another module's statement can include, so that
// a keyed save claims its key in the same statement as its work (docs/decisions/017-idempotency-keys.md).

const param = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * Two CTEs, `idempotency_purged` and `idempotency_claim`, that claim the key: a new row, or one replacing an
 * expired row. `idempotency_claim` holds one row when the key was claimed and none when a live row holds it; if
 * another transaction is inserting the key right now, the statement waits for that one to end, so of two racing
 * requests exactly one claims it. The user's other expired keys are purged on the way (index-backed by the primary
 * key's user_id), so the table only holds a day of each user's saves; the claimed key itself is left to the ON
 * CONFLICT, as one statement may not both delete and update a row. Placeholders: user_id, key, request_hash,
 * status_code, now, cutoff; `response` is the stored answer (jsonb), which may use the statement's other CTEs.
 */
export function claimKeyCtes(response: SQL): SQL {
  const user = param('user_id', 'integer');
  const key = param('key', 'text');
  const cutoff = param('cutoff', 'timestamptz');
  return sql`idempotency_purged as (
      delete from idempotency_keys where user_id = ${user} and created_at < ${cutoff} and key <> ${key}
    ), idempotency_claim as (
      insert into idempotency_keys as k (user_id, key, request_hash, status_code, response, created_at)
      select ${user}, ${key}, ${param('request_hash', 'text')}, ${param('status_code', 'smallint')}, ${response},
        ${param('now', 'timestamptz')}
      on conflict (user_id, key) do update set request_hash = excluded.request_hash,
        status_code = excluded.status_code, response = excluded.response, created_at = excluded.created_at
        where k.created_at < ${cutoff}
      returning true as claimed
    )`;
}
