// bench/messages.ts's two calls as the API runs them: recorded once through their service functions, replayed by
// the bare route.
import { randomBytes, randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext, Caller } from '../apps/server/src/context';
import { RequestHash } from '../apps/server/src/lib/idempotency-request-hash';
import { unfinishedWorkDone } from '../apps/server/src/lib/unfinished-work';
import {
  IDEMPOTENCY_KEY_LIFETIME_MS,
  type IdempotentRequest,
} from '../apps/server/src/modules/idempotency/idempotency.service';
import { createMailer } from '../apps/server/src/modules/mail/mailer';
import { readMessageInput } from '../apps/server/src/modules/messages/messages-form';
import {
  assertMayMessage,
  listMessages,
  sendMessage,
} from '../apps/server/src/modules/messages/messages.service';
import { findSessionUser } from '../apps/server/src/modules/users/users.service';
import { BENCH_CONVERSATION as C } from './messages-seed';
import {
  assertSwappable,
  type RecordedStatement,
  recordStatements,
  replay,
  type Swaps,
} from './recorded-statements';

export const PAGE = 50;
export const TEXT = 'Is it normal that my knee clicks on the third set of heel raises?';
export const SEND_PATH = `/api/clients/${C.clientId}/messages/`;
export const LIST_PATH = `${SEND_PATH}?limit=${PAGE}`;

export type Row = Record<string, unknown>;

/** The API's statements for each call, and how a request's own values take the recorded ones' places. */
export interface Recording {
  list: RecordedStatement[];
  listSwaps: () => Swaps;
  /** The send's statements up to its answer: the scope checks, then the transaction (BEGIN to COMMIT). */
  send: RecordedStatement[];
  /** After the answer: the push to the rest of the conversation (message-notice.ts), not awaited by the API. */
  afterSend: RecordedStatement[];
  sendSwaps: (request: { key: string; text: string }) => Swaps;
  /** Whether a send's statement saved the message: its answer's id then goes into the stored idempotent answer. */
  savedMessage: (statement: RecordedStatement) => boolean;
  /** The stored answer as recorded, which a replay swaps for its own message's. */
  storedAnswer: string;
}

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };

/**
 * Runs the two calls once through their service functions, as the routes call them, as a therapist of the client's
 * care team, on `pool` with its statements recorded (each call really runs: a page read and audited, a message
 * saved).
 */
export async function recordCalls(pool: pg.Pool): Promise<Recording> {
  const recordedAt = new Date();
  const db = drizzle({ client: pool });
  const ctx: AppContext = {
    config: loadConfig({ NODE_ENV: 'production' }),
    db,
    mailer: createMailer({ db, now: () => recordedAt }),
    secretKey: randomBytes(32),
    now: () => recordedAt,
  };
  // As the auth plugin makes it from the caller cache's row (plugins/auth.ts).
  const user = await findSessionUser(ctx, C.therapistId);
  if (!user) throw new Error(`no user ${C.therapistId}`);
  const caller: Caller = { ...user, clinicId: user.clinicId ?? null };

  const listMeta = { correlationId: randomUUID(), log: quiet };
  const list = await recordStatements(pool, () =>
    listMessages(ctx, caller, C.clientId, { limit: PAGE }, listMeta),
  );
  if (list.result.results.length !== PAGE || list.result.next === null)
    throw new Error(`the recorded page has ${list.result.results.length} messages and no older page`);
  assertSwappable(list.statements, [listMeta.correlationId], 'list');

  // As the route (messages.routes.ts, saveFormOnce): the scope check before any file, then the keyed save.
  const sendMeta = { correlationId: randomUUID(), log: quiet };
  const fields = { text: TEXT };
  const once: IdempotentRequest = {
    userId: caller.id,
    key: randomUUID(),
    statusCode: 201,
    requestHash: new RequestHash('POST', SEND_PATH).digest(fields),
    now: ctx.now(),
  };
  const sent = await recordStatements(pool, async () => {
    await assertMayMessage(ctx, caller, C.clientId);
    const input = readMessageInput({ fields, files: [] }, false);
    const message = await sendMessage(ctx, caller, C.clientId, input, sendMeta, once);
    await unfinishedWorkDone();
    return message;
  });
  const commit = sent.statements.findLastIndex((s) => s.via === 'client');
  if (commit < 0) throw new Error('the recorded send ran no transaction');
  const savedId = sent.result.id;
  const storedAnswer = JSON.stringify({ id: savedId });
  const cutoffOf = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS).toISOString();
  const sendSwaps = (request: { key: string; text: string }): Swaps => {
    const now = new Date();
    return new Map<unknown, unknown>([
      [sendMeta.correlationId, randomUUID()],
      [once.key, request.key],
      [TEXT, request.text],
      [recordedAt.toISOString(), now.toISOString()],
      [cutoffOf(recordedAt), cutoffOf(now)],
    ]);
  };
  assertSwappable(sent.statements, [...sendSwaps({ key: '', text: '' }).keys(), storedAnswer], 'send');
  return {
    list: list.statements,
    listSwaps: () => new Map([[listMeta.correlationId, randomUUID()]]),
    send: sent.statements.slice(0, commit + 1),
    afterSend: sent.statements.slice(commit + 1),
    sendSwaps,
    savedMessage: (statement) => statement.rows[0]?.id === savedId,
    storedAnswer,
  };
}

/** A send replayed: its statements up to the answer, then (not awaited, as the API) the push's. */
export async function replaySend(pool: pg.Pool, calls: Recording, request: { key: string; text: string }) {
  const swaps = calls.sendSwaps(request);
  let saved: Row | undefined;
  await replay(pool, calls.send, swaps, (statement, result) => {
    if (!calls.savedMessage(statement)) return;
    saved = result.rows[0] as Row;
    swaps.set(calls.storedAnswer, JSON.stringify({ id: saved.id }));
  });
  void replay(pool, calls.afterSend, swaps).catch((error: unknown) =>
    console.error('bare push lookup', error),
  );
  return saved;
}
