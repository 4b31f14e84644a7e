import type { FastifyRequest } from 'fastify';
import type { TSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import type { AppContext, Caller } from '../../context';
import { readMultipartForm } from '../../lib/multipart-form';
import { requestMeta } from '../../lib/request-meta';
import { answerOnce, type IdempotentRequest } from '../idempotency/idempotency.service';
import { mediaUploads } from '../media/media.service';
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
 * POST /feedback/ and PUT /feedback/{id}/ sent with an Idempotency-Key (design 10.5): read and saved once; a repeat
 * is read only to hash it (its file is not stored) and answers the first answer.
 */
export async function saveFeedbackOnce<S extends number>(
  ctx: AppContext,
  request: FastifyRequest,
  caller: Caller,
  keyed: KeyedSave<S>,
): Promise<{ statusCode: S; body: TSaveFeedbackResponse }> {
  const { key, method, path, statusCode, mode, beforeFiles, save } = keyed;
  const answer = await answerOnce(
    ctx,
    { userId: caller.id, key, method, path, statusCode },
    {
      read: (hash) =>
        readMultipartForm(request, {
          sink: hash.hashing(mediaUploads(ctx)),
          purposeOf: feedbackFiles,
          ...(beforeFiles ? { beforeFiles } : {}),
          parse: (form) => {
            hash.digest(form.fields);
            return readFeedbackInput(form, mode);
          },
        }),
      readToHash: (hash) =>
        readMultipartForm(request, {
          sink: hash.hashingOnly(),
          purposeOf: feedbackFiles,
          parse: (form) => void hash.digest(form.fields),
        }),
      save,
      replay: (stored) => answerSavedFeedback(ctx, caller, stored.response, requestMeta(request)),
    },
  );
  // A repeat's status is the one the first request was answered with: this route's, as the hash covers the path.
  return answer as { statusCode: S; body: TSaveFeedbackResponse };
}
