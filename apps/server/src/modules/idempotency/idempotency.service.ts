import { MESSAGES } from '@hep/shared/messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { RequestHash } from '../../lib/idempotency-request-hash';
import { claimKey, findLiveKey, saveAnswer } from './idempotency.repository';

// Design 10.5: a save sent with an Idempotency-Key is done once; a repeat (a phone resending what it kept offline)
// answers the first answer. Decision 017.

/** How long a key is kept: a repeat after that is a new request. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Which request a key is for: its user, the key, and the status the route answers when the work is done. */
export interface IdempotencyTarget {
  userId: number;
  key: string;
  method: string;
  /** The route's path with its ids filled in, the same with or without a trailing slash. */
  path: string;
  statusCode: number;
}

/** A keyed request about to be saved: the save's transaction claims the key first (claimIdempotencyKey). */
export interface IdempotentRequest extends Omit<IdempotencyTarget, 'method' | 'path'> {
  requestHash: string;
  now: Date;
}

/** The first answer as stored: its status and what the route needs to answer it again. */
export interface StoredAnswer {
  statusCode: number;
  response: unknown;
}

export interface Answer<B> {
  statusCode: number;
  body: B;
}

/** Thrown inside the save's transaction when another request holds the key: the save rolls back. */
class KeyTaken extends Error {}

const cutoffOf = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS).toISOString();

/**
 * The first statement of a keyed save's transaction. Of two identical requests at the same moment the second
 * waits here for the first to commit, then rolls back its own work (and its stored files) and answers the first's
 * answer. `response` may be given now when already known, else with saveIdempotentAnswer before the commit.
 */
export async function claimIdempotencyKey(tx: Db, request: IdempotentRequest, response: unknown = {}) {
  const [row] = await claimKey(tx, {
    user_id: request.userId,
    key: request.key,
    request_hash: request.requestHash,
    status_code: request.statusCode,
    response: JSON.stringify(response),
    now: request.now.toISOString(),
    cutoff: cutoffOf(request.now),
  });
  if (!row) throw new KeyTaken();
}

/** What a repeat needs to answer like the first (ids, not the answer itself: see decision 017). */
export async function saveIdempotentAnswer(tx: Db, request: IdempotentRequest, response: unknown) {
  await saveAnswer(tx, {
    user_id: request.userId,
    key: request.key,
    status_code: request.statusCode,
    response: JSON.stringify(response),
  });
}

async function findEarlier(ctx: AppContext, target: IdempotencyTarget) {
  const [row] = await findLiveKey(ctx.db, {
    user_id: target.userId,
    key: target.key,
    cutoff: cutoffOf(ctx.now()),
  });
  return row ?? null;
}

export interface OnceSteps<T, B> {
  /** Reads the request as usual (files stored), through `hash`: its parse calls `hash.digest(fields)`. */
  read: (hash: RequestHash) => Promise<T>;
  /** Reads the request only to hash it: its files are not stored. */
  readToHash: (hash: RequestHash) => Promise<void>;
  /** The work, whose transaction starts with claimIdempotencyKey. */
  save: (input: T, request: IdempotentRequest) => Promise<B>;
  /** The answer to a repeat, made afresh from what the first request stored. */
  replay: (stored: StoredAnswer) => Promise<B>;
}

async function repeatOf<T, B>(
  earlier: { request_hash: string; status_code: number; response: unknown },
  requestHash: string,
  steps: OnceSteps<T, B>,
): Promise<Answer<B>> {
  if (earlier.request_hash !== requestHash) {
    throw new AppError(422, 'idempotency_key_reused', MESSAGES.idempotencyKeyReused);
  }
  const stored = { statusCode: earlier.status_code, response: earlier.response };
  return { statusCode: stored.statusCode, body: await steps.replay(stored) };
}

/**
 * Serves a request sent with an Idempotency-Key: a live key of the user with the same request hash answers the
 * stored answer, with another hash 422; else the request is read and saved, and its key claimed in the save's
 * transaction. Only a successful save stores its key, so a failed attempt can be sent again with the same key.
 */
export async function answerOnce<T, B>(
  ctx: AppContext,
  target: IdempotencyTarget,
  steps: OnceSteps<T, B>,
): Promise<Answer<B>> {
  const hash = new RequestHash(target.method, target.path);
  const earlier = await findEarlier(ctx, target);
  if (earlier) {
    await steps.readToHash(hash);
    return repeatOf(earlier, hash.requestHash, steps);
  }
  const input = await steps.read(hash);
  const { method: _method, path: _path, ...keyed } = target;
  try {
    const body = await steps.save(input, { ...keyed, requestHash: hash.requestHash, now: ctx.now() });
    return { statusCode: target.statusCode, body };
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    // The same key was claimed while this request was on its way: the first one's answer is this one's too.
    const winner = await findEarlier(ctx, target);
    if (!winner) throw new Error('idempotency key claimed but not found', { cause: error });
    return repeatOf(winner, hash.requestHash, steps);
  }
}
