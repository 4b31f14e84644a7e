import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import {
  ZCompletedQuery,
  ZCompletedResponse,
  ZFeedback,
  ZFeedbackListQuery,
  ZProgramFeedbackQuery,
  ZSaveFeedbackResponse,
} from '@hep/shared/schemas/feedback';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { readFeedbackForm } from './feedback-form';
import * as feedback from './feedback.service';

/** Client feedback: /feedback/, /feedback/completed/, /program-feedback/ (spec section 7). */
export const feedbackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['feedback'];
  const params = z.object({ id: ZId });
  const consumes = ['multipart/form-data', 'application/json'];
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
      const form = await readFeedbackForm(ctx, request);
      const saved = await feedback.createFeedback(ctx, callerOf(request), form, requestMeta(request));
      return reply.status(201).send(saved);
    },
  );

  app.put(
    '/feedback/:id/',
    { schema: { tags, params, consumes, response: { 200: ZSaveFeedbackResponse } }, ...writes },
    async (request) => {
      const form = await readFeedbackForm(ctx, request);
      return feedback.updateFeedback(ctx, callerOf(request), request.params.id, form, requestMeta(request));
    },
  );
};
