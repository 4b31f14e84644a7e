import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAttentionList,
  ZReviewAttention,
  ZReviewAttentionResponse,
  ZUnreviewAttentionQuery,
} from '@hep/shared/schemas/attention';
import { ZId } from '@hep/shared/schemas/common';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import type { AttentionCache } from './attention-cache';
import * as attention from './attention.service';

/**
 * Needs attention (docs/product/feedback-and-progress.md#needs-attention): therapists and staff; a client's own
 * account is refused (403).
 */
export const attentionRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  guards: AuthGuards;
  cache: AttentionCache;
}> = async (app, { ctx, guards, cache }) => {
  const tags = ['attention'];

  app.get(
    '/attention/',
    { schema: { tags, response: { 200: ZAttentionList } }, preValidation: guards.therapist },
    async (request) => attention.listAttention(ctx, cache, callerOf(request), requestMeta(request)),
  );

  app.post(
    '/attention/:client_id/reviewed/',
    {
      schema: {
        tags,
        params: z.object({ client_id: ZId }),
        body: ZReviewAttention,
        response: { 200: ZReviewAttentionResponse },
      },
      preValidation: guards.therapist,
      config: { rateLimit: LIMIT.accountWrites },
    },
    async (request) =>
      attention.reviewAttention(
        ctx,
        callerOf(request),
        request.params.client_id,
        request.body,
        requestMeta(request),
      ),
  );

  app.delete(
    '/attention/:client_id/reviewed/',
    {
      schema: { tags, params: z.object({ client_id: ZId }), querystring: ZUnreviewAttentionQuery },
      preValidation: guards.therapist,
      config: { rateLimit: LIMIT.accountWrites },
    },
    async (request, reply) => {
      await attention.unreviewAttention(
        ctx,
        callerOf(request),
        request.params.client_id,
        request.query.codes,
        requestMeta(request),
      );
      return reply.status(204).send();
    },
  );
};
