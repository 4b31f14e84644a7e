import { sql } from 'drizzle-orm';
import { preparedStatement } from '../../lib/prepared-sql';
import { claimKeyCtes } from './idempotency.sql';

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

/** Claims the key for this request as the first statement of the save's transaction (idempotency.sql.ts). */
export const claimKey = preparedStatement<{ claimed: boolean }>('idempotency_key_claim', () => {
  return sql`with ${claimKeyCtes(param('response', 'jsonb'))} select claimed from idempotency_claim`;
});

/** The answer of a claimed key, once the work it stands for is done (in the same transaction). */
export const saveAnswer = preparedStatement<never>('idempotency_key_answer', () => {
  return sql`update idempotency_keys set status_code = ${param('status_code', 'smallint')},
      response = ${param('response', 'jsonb')}
    where user_id = ${param('user_id', 'integer')} and key = ${param('key', 'text')}`;
});
