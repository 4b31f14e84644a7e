import type { AppContext } from '../../context';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { RequestHash } from '../../lib/idempotency-request-hash';
import { claimKey, findLiveKey, saveAnswer } from './idempotency.repository';

// docs/product/session.md#idempotency-key: a save sent with an Idempotency-Key is done once; a repeat (a phone
// resending what it kept offline) answers the first answer. Decision 017.

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
  const [row] = await claimKey(tx, { ...keyClaimValues(request), response: JSON.stringify(response) });
  if (!row) throw new KeyTaken();
}

/** The values of claimKeyCtes' placeholders (idempotency.sql.ts) for a statement that claims its key itself. */
export const keyClaimValues = (request: IdempotentRequest) => ({
  user_id: request.userId,
  key: request.key,
  request_hash: request.requestHash,
  status_code: request.statusCode,
  now: request.now.toISOString(),
  cutoff: cutoffOf(request.now),
});

/** What a statement that claims its key itself (claimKeyCtes) throws when it found the key taken: a repeat. */
export const keyTaken = (): Error => new KeyTaken();

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

/** The request's hash, or null when the request was refused before all of it was read. */
function hashOf(hash: RequestHash): string | null {
  try {
    return hash.requestHash;
  } catch {
    return null;
  }
}

export interface OnceSteps<T, B> {
  /**
   * Reads the request as usual (files stored), through `hash`: its parse calls `hash.digest(fields)` before it
   * checks anything, so that a refused request is hashed too.
   */
  read: (hash: RequestHash) => Promise<T>;
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
    throw new AppError(422, 'idempotency_key_reused', ERROR_TEXTS.idempotencyKeyReused);
  }
  const stored = { statusCode: earlier.status_code, response: earlier.response };
  return { statusCode: stored.statusCode, body: await steps.replay(stored) };
}

/**
 * Serves a request sent with an Idempotency-Key: read and saved as usual, its key claimed by the first statement of
 * the save's transaction, so a first request costs the claim and nothing more. Only when the claim loses (a repeat,
 * or the same key on its way at the same moment) is the stored answer read: the same request hash answers it
 * again, another 422; the loser's work and files are rolled back. A request refused (4xx) once fully read may be a
 * repeat of one saved before the refusal held (the day is no longer prescribed, the exercise was removed): a live
 * key answers it the same way. Only a successful save stores its key, so a failed attempt can be sent again.
 */
export async function answerOnce<T, B>(
  ctx: AppContext,
  target: IdempotencyTarget,
  steps: OnceSteps<T, B>,
): Promise<Answer<B>> {
  const hash = new RequestHash(target.method, target.path);
  const { method: _method, path: _path, ...keyed } = target;
  try {
    const input = await steps.read(hash);
    const body = await steps.save(input, { ...keyed, requestHash: hash.requestHash, now: ctx.now() });
    return { statusCode: target.statusCode, body };
  } catch (error) {
    const requestHash = hashOf(hash);
    if (error instanceof KeyTaken) {
      const winner = await findEarlier(ctx, target);
      if (!winner || requestHash === null) {
        throw new Error('idempotency key claimed but not found', { cause: error });
      }
      return repeatOf(winner, requestHash, steps);
    }
    const refused = error instanceof AppError && error.statusCode < 500;
    const earlier = refused && requestHash !== null ? await findEarlier(ctx, target) : null;
    if (earlier) return repeatOf(earlier, requestHash!, steps);
    throw error;
  }
}

/**
 * A JSON save that may carry an Idempotency-Key (`key`): without one it is checked and saved as usual; with one,
 * through answerOnce, the request hash covering `body`, so that a repeat answers the first answer (decision 017).
 */
export async function saveJsonOnce<C, B>(
  ctx: AppContext,
  target: Omit<IdempotencyTarget, 'key' | 'method'> & { key: string | undefined },
  body: Record<string, unknown>,
  steps: {
    /** Everything the request can be refused for, before the key is claimed. */
    check: () => Promise<C>;
    save: (checked: C, once?: IdempotentRequest) => Promise<B>;
    /** The answer to a repeat, from what the first save stored. */
    replay: (stored: unknown) => Promise<B>;
  },
): Promise<B> {
  const { key, ...rest } = target;
  if (!key) return steps.save(await steps.check());
  const answer = await answerOnce(
    ctx,
    { ...rest, key, method: 'POST' },
    {
      read: async (hash) => {
        hash.digest(body);
        return steps.check();
      },
      save: steps.save,
      replay: (stored) => steps.replay(stored.response),
    },
  );
  return answer.body;
}
