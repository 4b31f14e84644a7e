import type { FastifyRequest } from 'fastify';
import type { TSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import type { AppContext, Caller } from '../../context';
import { AppError } from '../../lib/app-error';
import type { RequestHash } from '../../lib/idempotency-request-hash';
import { readMultipartForm, type ReceivedForm, type UploadSink } from '../../lib/multipart-form';
import { requestMeta } from '../../lib/request-meta';
import { answerOnce, type IdempotentRequest } from '../idempotency/idempotency.service';
import { mediaUploads, type StoredUpload, type UploadPurpose } from '../media/media.service';
import { type FeedbackInput, feedbackFiles, readFeedbackInput } from './feedback-form';
import { answerSavedFeedback } from './feedback-repeat';

interface KeyedSave<S extends number> {
  key: string;
  method: 'POST' | 'PUT';
  /** The path the request hash covers: the route's, whatever trailing slash or query the request had. */
  path: string;
  statusCode: S;
  mode: 'create' | 'update';
  /** The scope check before the first file is stored (POST). */
  beforeFiles?: (fields: Record<string, unknown>) => Promise<void>;
  save: (input: FeedbackInput, once: IdempotentRequest) => Promise<TSaveFeedbackResponse>;
}

/**
 * The form of a keyed save. A refusal of the target before the files (beforeFiles) waits until the whole request
 * is hashed, its files only hashed, never stored: the request may repeat one saved before the refusal held (the
 * exercise removed since), and answerOnce then answers it the first answer.
 */
function readKeyedForm(
  ctx: AppContext,
  request: FastifyRequest,
  hash: RequestHash,
  keyed: Pick<KeyedSave<number>, 'mode' | 'beforeFiles'>,
): Promise<FeedbackInput> {
  const { mode, beforeFiles } = keyed;
  let refusal: AppError | undefined;
  const stores = hash.hashing(mediaUploads(ctx));
  const hashes = hash.hashingOnly<UploadPurpose>();
  const sink: UploadSink<StoredUpload | null, UploadPurpose> = {
    store: (part, purpose) => (refusal ? hashes.store(part, purpose) : stores.store(part, purpose)),
    discard: (uploads) => stores.discard(uploads.filter((upload) => upload !== null)),
  };
  return readMultipartForm(request, {
    sink,
    purposeOf: feedbackFiles,
    beforeFiles: async (fields) => {
      try {
        await beforeFiles?.(fields);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refusal = error;
      }
    },
    parse: (form) => {
      hash.digest(form.fields);
      if (refusal) throw refusal;
      // Every file was stored: only a refusal turns the sink to hashing.
      return readFeedbackInput(form as ReceivedForm<StoredUpload>, mode);
    },
  });
}

/**
 * POST /feedback/ and PUT /feedback/{id}/ sent with an Idempotency-Key (docs/product/session.md#idempotency-key,
 * docs/decisions/017-idempotency-keys.md): read and saved once; a repeat loses the key's claim, its work and file are
 * rolled back, and it answers the first answer.
 */
export async function saveFeedbackOnce<S extends number>(
  ctx: AppContext,
  request: FastifyRequest,
  caller: Caller,
  keyed: KeyedSave<S>,
): Promise<{ statusCode: S; body: TSaveFeedbackResponse }> {
  const { key, method, path, statusCode, save } = keyed;
  const answer = await answerOnce(
    ctx,
    { userId: caller.id, key, method, path, statusCode },
    {
      read: (hash) => readKeyedForm(ctx, request, hash, keyed),
      save,
      replay: (stored) => answerSavedFeedback(ctx, caller, stored.response, requestMeta(request)),
    },
  );
  // A repeat's status is the one the first request was answered with: this route's, as the hash covers the path.
  return answer as { statusCode: S; body: TSaveFeedbackResponse };
}
