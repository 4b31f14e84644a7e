import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { TLanguage } from '@hep/shared/languages';
import type { Db } from '../../db/client';
import { isoTimestampSql, preparedStatement } from '../../lib/prepared-sql';
import { auditInsertSql } from '../audit/audit.sql';
import { notifyEventSql } from '../events/events.sql';
import { claimKeyCtes } from '../idempotency/idempotency.sql';
import type { UnreadScope } from './messages.policy';
import { conversationsOfSql } from './messages.sql';

// Messages' rows (docs/product/messages.md): each read and write is one statement with the request's audit row.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface MessageRow {
  id: number;
  client_id: number;
  sender_id: number | null;
  sender_name: string;
  sender_role: string;
  text: string;
  media_id: number | null;
  media_kind: string | null;
  program_id: number | null;
  exercise_id: number | null;
  day: string | null;
  created_at: string;
  deleted: boolean;
}

interface Audited {
  actorId: number;
  correlationId: string;
}

/** A message with its sender as the conversation shows them, from `m` (messages) joined to nothing yet. */
const messageColumns = sql`m.id, m.client_id, m.sender_id,
  coalesce(u.first_name || ' ' || u.last_name, '') as sender_name,
  case when u.id is null then 'unknown' when u.id = m.client_id then 'client' when u.is_therapist then 'therapist'
    when u.is_staff then 'staff' else 'carer' end as sender_role,
  m.text, m.media_id, md.kind as media_kind, m.program_id, m.exercise_id, m.day::text as day,
  ${isoTimestampSql(sql`m.created_at`)} as created_at, m.deleted_at is not null as deleted`;

const messageJoins = sql`left join users u on u.id = m.sender_id left join media md on md.id = m.media_id`;

const param = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * A page of a conversation, newest first (one more than `limit`, to tell whether an older page exists), prepared.
 * `before` is a bound of the index range, not a filter, so that the generic plan of a deep page starts at its first
 * row.
 */
const messagePageStatement = preparedStatement<MessageRow>(
  'messages_page',
  () => sql`with page as (
      select ${messageColumns} from messages m ${messageJoins}
      where m.client_id = ${param('clientId', 'integer')}
        and m.id < coalesce(${param('before', 'integer')}, 2147483647)
      order by m.id desc limit ${param('rows', 'integer')}
    ), audit as (${auditInsertSql(
      {
        actorId: sql.placeholder('actorId'),
        action: 'read',
        entity: 'message',
        correlationId: sql.placeholder('correlationId'),
        subjectUserId: param('clientId', 'integer'),
        readOnlyWork: true,
      },
      { from: sql`page`, id: sql`w.id` },
    )})
    select * from page order by id desc`,
);

export function findMessagePage(
  db: Db,
  input: { clientId: number; before: number | null; limit: number } & Audited,
): Promise<MessageRow[]> {
  return messagePageStatement(db, { ...input, rows: input.limit + 1 });
}

/**
 * The statement of a sent message: the message, its audit row and its live event, answering it as the conversation
 * shows it. With `claim`, its Idempotency-Key is claimed first in the same statement (idempotency.sql.ts), as a
 * keyed feedback save does: the message takes its id from the sequence up front, the stored answer names it, and
 * when the key is taken nothing is inserted and no row comes back (the audit row says `repeat`). One statement
 * instead of a transaction of three: the clinic's audit chain is held for one statement, not three round trips.
 */
function messageInsertSql(claim: boolean): SQL {
  const keyed = claim
    ? sql`new_message as (select nextval(pg_get_serial_sequence('messages', 'id'))::integer as id),
      ${claimKeyCtes(sql`jsonb_build_object('id', (select id from new_message))`)},`
    : sql``;
  const audit = auditInsertSql(
    {
      actorId: sql.placeholder('actor_id'),
      action: 'create',
      entity: 'message',
      correlationId: sql.placeholder('correlation_id'),
    },
    {
      from: sql`m`,
      id: sql`w.id`,
      subject: sql`w.client_id`,
      ...(claim ? { outcome: sql`case when count(w.id) = 0 then 'repeat' else 'ok' end` } : {}),
    },
  );
  return sql`with ${keyed} m as (
      insert into messages (${claim ? sql`id, ` : sql``}client_id, sender_id, text, media_id, program_id,
        exercise_id, day, created_at)
      select ${claim ? sql`(select id from new_message), ` : sql``}${param('client', 'integer')},
        ${param('sender', 'integer')}, ${param('text', 'text')}, ${param('media', 'integer')},
        ${param('program', 'integer')}, ${param('exercise', 'integer')}, ${param('day', 'date')},
        ${param('now', 'timestamptz')}
      ${claim ? sql`where exists (select 1 from idempotency_claim)` : sql``}
      returning *
    ), audit as (${audit}), live as (${notifyEventSql(
      sql`m`,
      sql`w.client_id`,
      sql`jsonb_build_object('type', 'message', 'id', w.id, 'user_id', w.sender_id)`,
    )})
    select ${messageColumns} from m ${messageJoins}
    -- A CTE that writes nothing runs only when read: this reads it, so the notification is sent.
    cross join (select count(*) from live) sent`;
}

const insertMessageStatement = preparedStatement<MessageRow>('messages_insert', () =>
  messageInsertSql(false),
);
const insertKeyedMessageStatement = preparedStatement<MessageRow>('messages_insert_keyed', () =>
  messageInsertSql(true),
);

export interface MessageInsert extends Audited {
  clientId: number;
  senderId: number;
  text: string;
  mediaId: number | null;
  programId: number | null;
  exerciseId: number | null;
  day: string | null;
  now: Date;
}

const insertValues = (input: MessageInsert) => ({
  client: input.clientId,
  sender: input.senderId,
  text: input.text,
  media: input.mediaId,
  program: input.programId,
  exercise: input.exerciseId,
  day: input.day,
  now: input.now.toISOString(),
  actor_id: input.actorId,
  correlation_id: input.correlationId,
});

/** Saves a message and the request's audit row; answers it as the conversation shows it. */
export async function insertMessage(db: Db, input: MessageInsert): Promise<MessageRow> {
  const [row] = await insertMessageStatement(db, insertValues(input));
  return row!;
}

/**
 * A keyed send without a file: the key's claim (claimKeyCtes' values in `claim`), the message and its audit row in
 * one statement; null when the key was taken (a repeat).
 */
export async function insertKeyedMessage(
  db: Db,
  input: MessageInsert,
  claim: Record<string, unknown>,
): Promise<MessageRow | null> {
  const [row] = await insertKeyedMessageStatement(db, { ...insertValues(input), ...claim });
  return row ?? null;
}

/** One message, whoever's (the service checks the caller's part in its conversation). */
export async function findMessage(db: Db, id: number): Promise<MessageRow | null> {
  const result = await db.execute(
    sql`select ${messageColumns} from messages m ${messageJoins} where m.id = ${id}`,
  );
  return rowsOf<MessageRow>(result)[0] ?? null;
}

/**
 * Removes a message's text and media, keeping its row ("Message removed"), with the request's audit row. Its media
 * row goes in the same statement: answers the file's storage key, for the caller to remove the file after the commit
 * (null when it had none, or was removed already).
 */
export async function markMessageRemoved(
  db: Db,
  input: { id: number; clientId: number; now: Date } & Audited,
): Promise<string | null> {
  const result = await db.execute(sql`with m as (
      update messages set deleted_at = ${input.now.toISOString()}::timestamptz, text = '', media_id = null
      from (select id, media_id from messages where id = ${input.id}) old
      where messages.id = old.id and messages.deleted_at is null
      returning messages.id, messages.client_id, old.media_id
    ), gone as (
      delete from media md using m where md.id = m.media_id returning md.storage_key
    ), audit as (${auditInsertSql(
      {
        actorId: input.actorId,
        action: 'delete',
        entity: 'message',
        correlationId: input.correlationId,
        subjectUserId: input.clientId,
      },
      { from: sql`m`, id: sql`w.id` },
    )}), live as (${notifyEventSql(
      sql`m`,
      sql`w.client_id`,
      sql`jsonb_build_object('type', 'message', 'id', w.id, 'user_id', ${input.actorId}::integer)`,
    )})
    select (select storage_key from gone) as storage_key, (select count(*) from live) as sent from m`);
  return rowsOf<{ storage_key: string | null }>(result)[0]?.storage_key ?? null;
}

/** The reader has read the conversation up to `upTo` (never moving back), with the request's audit row. */
export async function upsertRead(
  db: Db,
  input: { clientId: number; userId: number; upTo: number; now: Date } & Audited,
) {
  await db.execute(sql`with r as (
      insert into message_reads (client_id, user_id, last_read_id, read_at)
      values (${input.clientId}, ${input.userId}, ${input.upTo}, ${input.now.toISOString()}::timestamptz)
      on conflict (client_id, user_id) do update
        set last_read_id = greatest(message_reads.last_read_id, excluded.last_read_id), read_at = excluded.read_at
      returning client_id, user_id, last_read_id
    ), audit as (${auditInsertSql(
      {
        actorId: input.actorId,
        action: 'update',
        entity: 'message',
        correlationId: input.correlationId,
        subjectUserId: input.clientId,
        details: { change: 'read', up_to: input.upTo },
      },
      { from: sql`r`, id: sql`null::integer` },
    )}), live as (${notifyEventSql(
      sql`r`,
      sql`w.client_id`,
      sql`jsonb_build_object('type', 'read', 'id', w.last_read_id, 'user_id', w.user_id)`,
    )})
    select count(*), (select count(*) from live) as sent from r`);
}

/**
 * The caller's unread messages by conversation: others' messages, not removed, after what they last read. A client
 * counts their own conversation; a therapist their caseload's (the clients list's scope); a carer those of the
 * clients they hold a live `full` link to; each read through messages_client_id_idx per client.
 */
export async function findUnread(
  db: Db,
  input: { userId: number; scope: UnreadScope },
): Promise<{ client_id: number; count: number }[]> {
  const result = await db.execute(sql`select c.id as client_id, n.count
    from (${conversationsOfSql(input.scope)}) c
    cross join lateral (
      select count(*)::int as count from messages m
      where m.client_id = c.id and m.deleted_at is null and m.sender_id is distinct from ${input.userId}::integer
        and m.id > coalesce((select r.last_read_id from message_reads r
          where r.client_id = c.id and r.user_id = ${input.userId}::integer), 0)
    ) n
    where n.count > 0
    order by c.id`);
  return rowsOf<{ client_id: number; count: number }>(result);
}

/**
 * The members of each conversation whose client is in `clients` (a query with an `id` column), as
 * messages.policy.ts inConversation decides: the client, the therapists of the client's clinic, the therapist who
 * created the client and the carers with a live `full` link (its last day compared with `today`, a UTC date); only
 * active accounts, never staff, and nobody while the client's account is inactive. One row per member (`client_id`,
 * `user_id`, `is_client`, `is_carer`) with what notifying them needs.
 */
export const conversationMembersSql = (clients: SQL, today: string | SQLWrapper) => sql`
  select c.id as client_id, u.id as user_id, u.id = c.id as is_client, u.is_carer, u.language, u.email,
    u.receives_email, u.receives_notifications
  from (${clients}) c
  join users cu on cu.id = c.id and cu.is_active and not cu.is_staff and not cu.is_therapist and not cu.is_carer
  left join client_profiles cp on cp.user_id = c.id
  cross join lateral (
    select c.id as id
    union select tp.user_id from therapist_profiles tp where tp.clinic_id = cp.clinic_id
    union select cp.created_by_id where cp.created_by_id is not null
    union select cl.carer_id from carer_links cl where cl.client_id = c.id and cl.access = 'full'
      and cl.ended_at is null and (cl.expires_on is null or cl.expires_on >= ${today}::date)
  ) mb
  join users u on u.id = mb.id and u.is_active and not u.is_staff
    and (u.id = c.id or u.is_therapist or u.is_carer)`;

export interface PushRecipientRow {
  user_id: number;
  is_client: boolean;
  is_carer: boolean;
  language: TLanguage;
}

const pushRecipients = preparedStatement<PushRecipientRow>(
  'messages_push_recipients',
  () => sql`select mb.user_id, mb.is_client, mb.is_carer, mb.language
    from (${conversationMembersSql(sql`select ${sql.placeholder('client_id')}::integer as id`, sql.placeholder('today'))}) mb
    where mb.receives_notifications and mb.user_id is distinct from ${sql.placeholder('sender_id')}::integer
    order by mb.user_id`,
);

/** Who is told of a new message by push: the conversation's other members who receive notifications. */
export const findPushRecipients = (
  db: Db,
  input: { clientId: number; senderId: number | null; today: string },
): Promise<PushRecipientRow[]> =>
  pushRecipients(db, { client_id: input.clientId, sender_id: input.senderId, today: input.today });

const clinicMessagesEnabled = preparedStatement<{ messages_enabled: boolean }>(
  'clinic_messages_enabled',
  () => sql`select messages_enabled from clinics where id = ${sql.placeholder('clinic_id')}::integer`,
);

/** Whether the clinic lets its clients and therapists message (no clinic: yes). */
export async function messagesEnabled(db: Db, clinicId: number | null): Promise<boolean> {
  if (clinicId === null) return true;
  const [row] = await clinicMessagesEnabled(db, { clinic_id: clinicId });
  return row?.messages_enabled ?? true;
}

/** Whether the program is the client's and, when given, the exercise one of that program's. */
export async function tieBelongs(
  db: Db,
  input: { clientId: number; programId: number; exerciseId: number | null },
): Promise<boolean> {
  const result = await db.execute(sql`select 1 from programs p
    where p.id = ${input.programId} and p.client_id = ${input.clientId}
      and (${input.exerciseId}::integer is null
        or exists (select 1 from exercises e where e.id = ${input.exerciseId}::integer and e.program_id = p.id))`);
  return rowsOf(result).length > 0;
}
