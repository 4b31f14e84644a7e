import { sql } from 'drizzle-orm';
import { preparedStatement } from '../../lib/prepared-sql';

// The idempotency_keys table (db/schema/idempotency-keys.ts): one row per user and key, its first answer.

const param = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

export interface IdempotencyKeyRow {
  request_hash: string;
  status_code: number;
  response: unknown;
}

/** The user's key if it is still live (created at or after `cutoff`): read only when a claim lost or a save failed. */
export const findLiveKey = preparedStatement<IdempotencyKeyRow>('idempotency_key_find', () => {
  return sql`select request_hash, status_code, response from idempotency_keys
    where user_id = ${param('user_id', 'integer')} and key = ${param('key', 'text')}
      and created_at >= ${param('cutoff', 'timestamptz')}`;
});

/**
 * Claims the key for this request: a new row, or one that replaces an expired row. No row comes back when a live
 * row holds the key; if another transaction is inserting it right now, this waits for that one to end, so of two
 * racing requests exactly one claims it. The same statement purges the user's other expired keys (index-backed by
 * the primary key's user_id), so the table only holds a day of each user's saves; the claimed key itself is left
 * to the ON CONFLICT, as one statement may not both delete and update a row.
 */
export const claimKey = preparedStatement<{ claimed: boolean }>('idempotency_key_claim', () => {
  const user = param('user_id', 'integer');
  const key = param('key', 'text');
  const cutoff = param('cutoff', 'timestamptz');
  return sql`with purged as (
      delete from idempotency_keys where user_id = ${user} and created_at < ${cutoff} and key <> ${key}
    )
    insert into idempotency_keys as k (user_id, key, request_hash, status_code, response, created_at)
    values (${user}, ${key}, ${param('request_hash', 'text')},
      ${param('status_code', 'smallint')}, ${param('response', 'jsonb')}, ${param('now', 'timestamptz')})
    on conflict (user_id, key) do update set request_hash = excluded.request_hash,
      status_code = excluded.status_code, response = excluded.response, created_at = excluded.created_at
      where k.created_at < ${cutoff}
    returning true as claimed`;
});

/** The answer of a claimed key, once the work it stands for is done (in the same transaction). */
export const saveAnswer = preparedStatement<never>('idempotency_key_answer', () => {
  return sql`update idempotency_keys set status_code = ${param('status_code', 'smallint')},
      response = ${param('response', 'jsonb')}
    where user_id = ${param('user_id', 'integer')} and key = ${param('key', 'text')}`;
});
