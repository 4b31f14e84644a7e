import type { FastifyRequest } from 'fastify';
import type { TSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import type { AppContext, Caller } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import type { IdempotentRequest } from '../idempotency/idempotency.service';
import { saveFormOnce } from '../idempotency/idempotency-form.service';
import { mediaUploads } from '../media/media.service';
import { type FeedbackInput, feedbackFiles, readFeedbackInput } from './feedback-form';
import { answerSavedFeedback } from './feedback-repeat';

interface FeedbackSave<S extends number> {
  /** The request's Idempotency-Key, if it sent one. */
  key: string | undefined;
  method: 'POST' | 'PUT';
  /** The path the request hash covers: the route's, whatever trailing slash or query the request had. */
  path: string;
  statusCode: S;
  mode: 'create' | 'update';
  /** The scope check before the first file is stored (POST). */
  beforeFiles?: (fields: Record<string, unknown>) => Promise<void>;
  save: (input: FeedbackInput, once?: IdempotentRequest) => Promise<TSaveFeedbackResponse>;
}

/**
 * POST /feedback/ and PUT /feedback/{id}/ (multipart, or JSON without a file): read and saved; with an
 * Idempotency-Key (docs/product/session.md#idempotency-key, docs/decisions/017-idempotency-keys.md) saved once, a
 * repeat answering the first answer.
 */
export async function saveFeedbackOnce<S extends number>(
  ctx: AppContext,
  request: FastifyRequest,
  caller: Caller,
  feedback: FeedbackSave<S>,
): Promise<{ statusCode: S; body: TSaveFeedbackResponse }> {
  const { key, method, path, statusCode, mode, beforeFiles, save } = feedback;
  const answer = await saveFormOnce(
    ctx,
    request,
    { userId: caller.id, key, method, path, statusCode },
    {
      sink: mediaUploads(ctx),
      purposeOf: feedbackFiles,
      ...(beforeFiles ? { beforeFiles } : {}),
      parse: (form) => readFeedbackInput(form, mode),
    },
    { save, replay: (stored) => answerSavedFeedback(ctx, caller, stored, requestMeta(request)) },
  );
  // A repeat's status is the one the first request was answered with: this route's, as the hash covers the path.
  return answer as { statusCode: S; body: TSaveFeedbackResponse };
}
