import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { RequestHash } from '../../lib/idempotency-request-hash';
import {
  type PurposeOf,
  readMultipartForm,
  type ReceivedForm,
  type UploadSink,
} from '../../lib/multipart-form';
import {
  type Answer,
  answerOnce,
  type IdempotencyTarget,
  type IdempotentRequest,
} from './idempotency.service';

// A form save (multipart with files, or JSON) that may carry an Idempotency-Key: feedback's and messages'
// (docs/product/session.md#idempotency-key, docs/decisions/017-idempotency-keys.md).

/** How the route reads its form: as readMultipartForm takes it. */
export interface FormReading<U, P, T> {
  sink: UploadSink<U, P>;
  purposeOf: PurposeOf<P>;
  /** The scope check before the first file is stored. */
  beforeFiles?: (fields: Record<string, unknown>) => Promise<void>;
  parse: (form: ReceivedForm<U>) => T | Promise<T>;
}

export interface FormSave<T, B> {
  /** The work; with a key (`once`), its transaction starts with claimIdempotencyKey. */
  save: (input: T, once?: IdempotentRequest) => Promise<B>;
  /** The answer to a repeat, made afresh from what the first save stored. */
  replay: (stored: unknown) => Promise<B>;
}

/**
 * The form of a keyed save, hashed as it is read (its files' bytes too). A refusal of the target before the files
 * (beforeFiles) waits until the whole request is hashed, its files only hashed, never stored: the request may repeat
 * one saved before the refusal held (the exercise removed since), and answerOnce then answers it the first answer.
 */
function readKeyedForm<U, P, T>(
  request: FastifyRequest,
  hash: RequestHash,
  reading: FormReading<U, P, T>,
): Promise<T> {
  let refusal: AppError | undefined;
  const stores = hash.hashing(reading.sink);
  const hashes = hash.hashingOnly<P>();
  const sink: UploadSink<U | null, P> = {
    store: (part, purpose) => (refusal ? hashes.store(part, purpose) : stores.store(part, purpose)),
    discard: (uploads) => stores.discard(uploads.filter((upload): upload is U => upload !== null)),
  };
  return readMultipartForm(request, {
    sink,
    purposeOf: reading.purposeOf,
    beforeFiles: async (fields) => {
      try {
        await reading.beforeFiles?.(fields);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refusal = error;
      }
    },
    parse: (form) => {
      hash.digest(form.fields);
      if (refusal) throw refusal;
      // Every file was stored: only a refusal turns the sink to hashing.
      return reading.parse(form as ReceivedForm<U>);
    },
  });
}

/**
 * Reads and saves a form. Without a key (`target.key` undefined) it is read and saved as usual; with one, through
 * answerOnce: saved once, and a repeat loses the key's claim, its work and files are rolled back, and it answers the
 * first answer (a repeat's status is the first one's: this route's, as the hash covers the path).
 */
export async function saveFormOnce<U, P, T, B>(
  ctx: AppContext,
  request: FastifyRequest,
  target: Omit<IdempotencyTarget, 'key'> & { key: string | undefined },
  reading: FormReading<U, P, T>,
  steps: FormSave<T, B>,
): Promise<Answer<B>> {
  const { key, ...rest } = target;
  if (!key) {
    const input = await readMultipartForm(request, reading);
    return { statusCode: target.statusCode, body: await steps.save(input) };
  }
  return answerOnce(
    ctx,
    { ...rest, key },
    {
      read: (hash) => readKeyedForm(request, hash, reading),
      save: steps.save,
      replay: (stored) => steps.replay(stored.response),
    },
  );
}
