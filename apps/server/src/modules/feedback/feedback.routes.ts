import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import {
  ZCompletedQuery,
  ZCompletedResponse,
  ZFeedback,
  ZFeedbackListQuery,
  ZPreviousFeedbackQuery,
  ZPreviousFeedbackResponse,
  ZProgramFeedbackQuery,
  ZSaveFeedbackResponse,
} from '@hep/shared/schemas/feedback';
import type { AppContext } from '../../context';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { FORM_CONTENT_TYPES, registerForms } from '../../lib/multipart-form';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { readFeedbackTarget } from './feedback-form';
import { saveFeedbackOnce } from './feedback-once';
import { listPreviousReports } from './feedback-previous.service';
import * as submit from './feedback-submit.service';
import * as feedback from './feedback.service';

/**
 * Client feedback: /feedback/, /feedback/completed/, /feedback/previous/, /program-feedback/
 * (docs/product/feedback-and-progress.md#feedback-rules).
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  await registerForms(app);
  const tags = ['feedback'];
  const params = z.object({ id: ZId });
  const consumes = FORM_CONTENT_TYPES;
  // A therapist or staff member gets 403 before any upload is read, let alone stored.
  const clientsOnly = async (request: FastifyRequest) => feedback.assertMayGiveFeedback(callerOf(request));
  const writes = { preValidation: [guards.user, clientsOnly], config: { rateLimit: LIMIT.uploads } };

  app.get(
    '/feedback/',
    {
      schema: { tags, querystring: ZFeedbackListQuery, response: { 200: z.array(ZFeedback) } },
      preValidation: guards.user,
    },
    async (request) => feedback.listFeedback(ctx, callerOf(request), request.query, requestMeta(request)),
  );

  app.get(
    '/feedback/completed/',
    {
      schema: { tags, querystring: ZCompletedQuery, response: { 200: ZCompletedResponse } },
      preValidation: guards.user,
    },
    async (request) =>
      feedback.listCompletedExercises(ctx, callerOf(request), request.query, requestMeta(request)),
  );

  app.get(
    '/feedback/previous/',
    {
      schema: { tags, querystring: ZPreviousFeedbackQuery, response: { 200: ZPreviousFeedbackResponse } },
      preValidation: guards.user,
    },
    async (request) => listPreviousReports(ctx, callerOf(request), request.query, requestMeta(request)),
  );

  app.get(
    '/program-feedback/',
    {
      schema: { tags, querystring: ZProgramFeedbackQuery, response: { 200: z.array(ZFeedback) } },
      preValidation: guards.user,
    },
    async (request) =>
      feedback.listProgramDayFeedback(ctx, callerOf(request), request.query, requestMeta(request)),
  );

  app.post(
    '/feedback/',
    { schema: { tags, consumes, response: { 201: ZSaveFeedbackResponse } }, ...writes },
    async (request, reply) => {
      const caller = callerOf(request);
      let checked: Awaited<ReturnType<typeof submit.assertMayGiveFeedbackOn>> | undefined;
      const answer = await saveFeedbackOnce(ctx, request, caller, {
        key: idempotencyKeyOf(request.headers),
        method: 'POST',
        path: '/api/feedback/',
        statusCode: 201,
        mode: 'create',
        // The exercise is known before the file: one the client may not report on gets 404 before any upload.
        beforeFiles: async (fields) => {
          checked = await submit.assertMayGiveFeedbackOn(ctx, caller, readFeedbackTarget(fields));
        },
        save: (input, once) => submit.createFeedback(ctx, caller, input, requestMeta(request), once, checked),
      });
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.put(
    '/feedback/:id/',
    { schema: { tags, params, consumes, response: { 200: ZSaveFeedbackResponse } }, ...writes },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      await submit.assertMayEditFeedback(ctx, caller, id);
      const answer = await saveFeedbackOnce(ctx, request, caller, {
        key: idempotencyKeyOf(request.headers),
        method: 'PUT',
        path: `/api/feedback/${id}/`,
        statusCode: 200,
        mode: 'update',
        save: (input, once) => submit.updateFeedback(ctx, caller, id, input, requestMeta(request), once),
      });
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
};
