import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UnreadScope } from '../messages/messages.policy';
import { conversationsOfSql } from '../messages/messages.sql';

/** The most message events a resumed stream replays; older ones the page reloads anyway. */
const REPLAY_MAX = 200;

/**
 * The message events a stream missed since `afterId` (its Last-Event-ID): others' messages in the caller's
 * conversations (`scope`: messages.sql.ts), oldest first.
 */
export async function findMissedMessages(
  db: Db,
  input: { userId: number; afterId: number; scope: UnreadScope },
): Promise<{ id: number; client_id: number; sender_id: number | null }[]> {
  const result = await db.execute(sql`select m.id, m.client_id, m.sender_id from messages m
    where m.client_id in (${conversationsOfSql(input.scope)}) and m.id > ${input.afterId}
      and m.sender_id is distinct from ${input.userId}::integer
    order by m.id limit ${REPLAY_MAX}`);
  return (result as unknown as { rows: { id: number; client_id: number; sender_id: number | null }[] }).rows;
}
