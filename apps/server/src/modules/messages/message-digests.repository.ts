import { sql } from 'drizzle-orm';
import type { TLanguage } from '@hep/shared/languages';
import type { Db } from '../../db/client';
import { conversationMembersSql } from './messages.repository';

// The message digest's claim (docs/product/messages.md#notifications). Column and table names are those of
// db/schema/messages.ts, message-digests.ts, users.ts and clinics.ts.

/** A message unread this long gets its reader a mail. */
export const DIGEST_AFTER_MS = 60 * 60 * 1000;
/** At most one mail per conversation and reader in this long. */
export const DIGEST_EVERY_MS = 6 * 60 * 60 * 1000;
/**
 * Only the last day's messages are looked at, so that a tick reads a day of messages through an index, not the whole
 * table. A message is mailed about within 7 hours of being sent (an hour, plus at most 6 since the last mail), so a
 * day leaves room for a node that was down for hours.
 */
export const DIGEST_LOOKBACK_MS = 24 * 60 * 60 * 1000;

export interface ClaimedDigest {
  client_id: number;
  user_id: number;
  is_client: boolean;
  is_carer: boolean;
  email: string;
  language: TLanguage;
}

const at = (time: number) => sql`${new Date(time).toISOString()}::timestamptz`;

/**
 * Claims up to `limit` digests due at `now`: a member of a conversation who receives email, with a message of
 * someone else's, not removed, after their read mark, sent more than an hour ago and after their last digest, which
 * is 6 hours old or more (or none), in a clinic that has messages on. The claim is an insert into message_digests
 * that, on conflict, moves `sent_at` on only when the last mail is still 6 hours old: of two ticks at once (two
 * nodes), the second waits for the first's row and then finds it too recent, so only one gets the row back. Run it
 * in the transaction that queues the mails, so a failed tick leaves no claim. `now` is the app's clock.
 */
export async function claimDigests(db: Db, now: Date, limit: number): Promise<ClaimedDigest[]> {
  const time = now.getTime();
  const unreadSince = at(time - DIGEST_AFTER_MS);
  const mailedBefore = at(time - DIGEST_EVERY_MS);
  const lookback = at(time - DIGEST_LOOKBACK_MS);
  const result = await db.execute(sql`with recent as (
      select distinct m.client_id as id from messages m
      where m.created_at > ${lookback} and m.created_at <= ${unreadSince} and m.deleted_at is null
    ), due as (
      select mb.client_id, mb.user_id, mb.is_client, mb.is_carer, mb.email, mb.language
      from (${conversationMembersSql(sql`select id from recent`, now.toISOString().slice(0, 10))}) mb
      left join client_profiles cp on cp.user_id = mb.client_id
      left join clinics cl on cl.id = cp.clinic_id
      left join message_digests dg on dg.client_id = mb.client_id and dg.user_id = mb.user_id
      where mb.receives_email and coalesce(cl.messages_enabled, true)
        and (dg.sent_at is null or dg.sent_at <= ${mailedBefore})
        and exists (select 1 from messages m
          where m.client_id = mb.client_id
            and m.id > coalesce((select r.last_read_id from message_reads r
              where r.client_id = mb.client_id and r.user_id = mb.user_id), 0)
            and m.deleted_at is null and m.sender_id is distinct from mb.user_id
            and m.created_at <= ${unreadSince}
            and m.created_at > greatest(dg.sent_at, ${lookback}))
      order by mb.client_id, mb.user_id
      limit ${limit}
    ), claimed as (
      insert into message_digests (client_id, user_id, sent_at)
      select client_id, user_id, ${at(time)} from due
      on conflict (client_id, user_id) do update set sent_at = excluded.sent_at
        where message_digests.sent_at <= ${mailedBefore}
      returning client_id, user_id
    )
    select due.* from due join claimed using (client_id, user_id) order by due.client_id, due.user_id`);
  return (result as unknown as { rows: ClaimedDigest[] }).rows;
}
