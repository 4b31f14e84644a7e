import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The most message events a resumed stream replays; older ones the page reloads anyway. */
const REPLAY_MAX = 200;

/**
 * The message events a stream missed since `afterId` (its Last-Event-ID): others' messages in the caller's
 * conversations (their own, or their caseload's), oldest first.
 */
export async function findMissedMessages(
  db: Db,
  input: { userId: number; afterId: number; team: { clinicId: number | null } | null },
): Promise<{ id: number; client_id: number; sender_id: number | null }[]> {
  const conversations = input.team
    ? sql`select cp.user_id as id from client_profiles cp
        where cp.clinic_id = ${input.team.clinicId}::integer or cp.created_by_id = ${input.userId}::integer`
    : sql`select ${input.userId}::integer as id`;
  const result = await db.execute(sql`select m.id, m.client_id, m.sender_id from messages m
    where m.client_id in (${conversations}) and m.id > ${input.afterId}
      and m.sender_id is distinct from ${input.userId}::integer
    order by m.id limit ${REPLAY_MAX}`);
  return (result as unknown as { rows: { id: number; client_id: number; sender_id: number | null }[] }).rows;
}
