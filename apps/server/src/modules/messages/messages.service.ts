import {
  MESSAGE_REMOVE_WINDOW_MS,
  MESSAGE_TEXTS,
  type TMessage,
  type TMessagePage,
  type TUnreadMessages,
} from '@hep/shared/schemas/messages';
import type { AppContext, Caller } from '../../context';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/request-meta';
import { inTransaction } from '../../lib/transaction';
import { loadClientInScope } from '../clients/clients.access';
import {
  claimIdempotencyKey,
  type IdempotentRequest,
  keyClaimValues,
  keyTaken,
  saveIdempotentAnswer,
} from '../idempotency/idempotency.service';
import { discardStoredFiles, recordMedia, signedMediaUrl, withStoredUploads } from '../media/media.service';
import { userScopeFactsOf } from '../users/users.policy';
import { announceMessage } from './message-notice';
import type { MessageInput } from './messages-form';
import { inConversation, unreadScopeOf } from './messages.policy';
import {
  findMessage,
  findMessagePage,
  findUnread,
  insertKeyedMessage,
  insertMessage,
  markMessageRemoved,
  type MessageRow,
  messagesEnabled,
  tieBelongs,
  upsertRead,
} from './messages.repository';

/** A message as its reader gets it: media by a signed URL made for them. */
function toMessage(ctx: AppContext, row: MessageRow, viewerId: number): TMessage {
  const url = row.media_id === null ? null : signedMediaUrl(ctx, row.media_id, viewerId);
  return {
    id: row.id,
    sender: { id: row.sender_id, name: row.sender_name, role: row.sender_role },
    text: row.text,
    image_url: row.media_kind === 'image' ? url : null,
    video_url: row.media_kind === 'video' ? url : null,
    program_id: row.program_id,
    exercise_id: row.exercise_id,
    day: row.day,
    created_at: row.created_at,
    deleted: row.deleted,
  };
}

/**
 * The client's conversation, for someone in it (docs/product/messages.md#who): anyone outside the client's record
 * gets 404; staff, who may see the record, 403; a clinic with messages off 403 (`messages_off`).
 */
async function loadConversation(ctx: AppContext, caller: Caller, clientId: number) {
  const client = await loadClientInScope(ctx, caller, clientId, 'view');
  const facts = userScopeFactsOf(client);
  if (!inConversation(caller, facts, client.carerAccess)) {
    if (caller.isStaff) throw forbidden(MESSAGE_TEXTS.staff);
    // A carer with a live link of less than full access: the record is theirs to see, its messages are not.
    if (caller.isCarer) throw forbidden(MESSAGE_TEXTS.carer);
    throw notFound();
  }
  if (!(await messagesEnabled(ctx.db, client.clientClinicId)))
    throw new AppError(403, 'messages_off', MESSAGE_TEXTS.off);
  return client;
}

/** GET /clients/{client_id}/messages/: a page, newest first, older pages by `before`. */
export async function listMessages(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  query: { before?: number | undefined; limit: number },
  meta: RequestMeta,
): Promise<TMessagePage> {
  await loadConversation(ctx, caller, clientId);
  const rows = await findMessagePage(ctx.db, {
    clientId,
    before: query.before ?? null,
    limit: query.limit,
    actorId: caller.id,
    correlationId: meta.correlationId,
  });
  const page = rows.slice(0, query.limit);
  return {
    results: page.map((row) => toMessage(ctx, row, caller.id)),
    next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** POST /clients/{client_id}/messages/ is for someone in the conversation (404/403): checked before a file is stored. */
export async function assertMayMessage(ctx: AppContext, caller: Caller, clientId: number): Promise<void> {
  await loadConversation(ctx, caller, clientId);
}

/** The day's exercise a message is tied to: one of the client's programs and, when given, one of its exercises. */
async function checkTie(ctx: AppContext, clientId: number, input: MessageInput) {
  const { program_id: programId, exercise_id: exerciseId } = input;
  if (exerciseId !== null && programId === null)
    throw badRequest(MESSAGE_TEXTS.tie, { program_id: MESSAGE_TEXTS.tie });
  if (programId !== null && !(await tieBelongs(ctx.db, { clientId, programId, exerciseId })))
    throw badRequest(MESSAGE_TEXTS.tie, {
      [exerciseId === null ? 'program_id' : 'exercise_id']: MESSAGE_TEXTS.tie,
    });
}

/**
 * POST /clients/{client_id}/messages/: saves a message, with its photo or video (already stored, removed again when
 * the save fails) as a media row in the same transaction; with an Idempotency-Key (`once`) the key is claimed first
 * in that transaction. Once committed, the rest of the conversation is told by push (message-notice.ts).
 */
export async function sendMessage(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  input: MessageInput,
  meta: RequestMeta,
  once?: IdempotentRequest,
): Promise<TMessage> {
  const { upload } = input;
  const row = await withStoredUploads(ctx, upload ? [upload] : [], async () => {
    // Checked before the file, but an upload can take minutes: the clinic may have turned messages off meanwhile.
    if (upload) await loadConversation(ctx, caller, clientId);
    await checkTie(ctx, clientId, input);
    const values = {
      clientId,
      senderId: caller.id,
      text: input.text,
      programId: input.program_id,
      exerciseId: input.exercise_id,
      day: input.day,
      now: ctx.now(),
      actorId: caller.id,
      correlationId: meta.correlationId,
    };
    // Keyed without a file: the key's claim, the message and its audit row are one statement.
    if (once && !upload) {
      const saved = await insertKeyedMessage(ctx.db, { ...values, mediaId: null }, keyClaimValues(once));
      if (!saved) throw keyTaken();
      return saved;
    }
    const save = async (db: typeof ctx.db) => {
      if (once) await claimIdempotencyKey(db, once);
      // No program: the conversation, not a program, owns it (a program's deletion must not take it).
      const mediaId = upload ? await recordMedia(db, upload, { programId: null, ownerId: caller.id }) : null;
      const saved = await insertMessage(db, { ...values, mediaId });
      if (once) await saveIdempotentAnswer(db, once, { id: saved.id });
      return saved;
    };
    return upload ? await inTransaction(ctx.db, save) : await save(ctx.db);
  });
  announceMessage(ctx, { id: row.id, clientId, senderId: caller.id }, meta.log);
  return toMessage(ctx, row, caller.id);
}

/** A keyed repeat of a send: the message the first one saved. */
export async function answerSentMessage(ctx: AppContext, caller: Caller, stored: unknown): Promise<TMessage> {
  const row = await findMessage(ctx.db, (stored as { id: number }).id);
  if (!row) throw notFound();
  return toMessage(ctx, row, caller.id);
}

/**
 * DELETE /messages/{id}/: its sender, within 5 minutes; the message stays as "Message removed", without its text,
 * photo or video.
 */
export async function removeMessage(ctx: AppContext, caller: Caller, id: number, meta: RequestMeta) {
  const row = await findMessage(ctx.db, id);
  if (!row) throw notFound();
  await loadConversation(ctx, caller, row.client_id);
  if (row.sender_id !== caller.id) throw forbidden(MESSAGE_TEXTS.notYours);
  if (ctx.now().getTime() - Date.parse(row.created_at) > MESSAGE_REMOVE_WINDOW_MS)
    throw conflict(MESSAGE_TEXTS.tooLate);
  const storageKey = await markMessageRemoved(ctx.db, {
    id,
    clientId: row.client_id,
    now: ctx.now(),
    actorId: caller.id,
    correlationId: meta.correlationId,
  });
  // Its photo or video goes with it: the row is gone with the statement, the file once it has committed.
  if (storageKey) await discardStoredFiles(ctx, [storageKey]);
}

/** POST /clients/{client_id}/messages/read/: the caller has read the conversation up to `upTo`. */
export async function readMessages(
  ctx: AppContext,
  caller: Caller,
  clientId: number,
  upTo: number,
  meta: RequestMeta,
) {
  await loadConversation(ctx, caller, clientId);
  await upsertRead(ctx.db, {
    clientId,
    userId: caller.id,
    upTo,
    now: ctx.now(),
    actorId: caller.id,
    correlationId: meta.correlationId,
  });
}

/** GET /messages/unread/: the caller's unread messages (a client's own conversation, a therapist's caseload). */
export async function countUnread(ctx: AppContext, caller: Caller): Promise<TUnreadMessages> {
  const scope = unreadScopeOf(caller, ctx.now());
  if (!scope) throw forbidden(MESSAGE_TEXTS.staff);
  const byClient = await findUnread(ctx.db, { userId: caller.id, scope });
  return { total: byClient.reduce((sum, c) => sum + c.count, 0), by_client: byClient };
}
