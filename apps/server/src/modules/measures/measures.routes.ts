import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import {
  ZAssignMeasure,
  ZDueMeasureList,
  ZInstrumentList,
  ZMeasureAssignment,
  ZMeasureAssignmentList,
  ZMeasureResponse,
  ZMeasureResponseResult,
  ZMeasureScoreList,
} from '@hep/shared/schemas/measures';
import type { AppContext } from '../../context';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { saveJsonOnce } from '../idempotency/idempotency.service';
import * as measures from './measures.service';

/** Outcome measures (docs/product/outcome-measures.md#calls). */
export const measuresRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['measures'];
  const writes = { preValidation: guards.user, config: { rateLimit: LIMIT.accountWrites } };

  app.get(
    '/measures/instruments/',
    { schema: { tags, response: { 200: ZInstrumentList } }, preValidation: guards.user },
    async (request) => measures.listInstruments(callerOf(request)),
  );

  app.get(
    '/clients/:client_id/measures/',
    {
      schema: { tags, params: z.object({ client_id: ZId }), response: { 200: ZMeasureAssignmentList } },
      preValidation: guards.user,
    },
    async (request) =>
      measures.listClientMeasures(ctx, callerOf(request), request.params.client_id, requestMeta(request)),
  );

  app.post(
    '/clients/:client_id/measures/',
    {
      schema: {
        tags,
        params: z.object({ client_id: ZId }),
        body: ZAssignMeasure,
        response: { 201: ZMeasureAssignment },
      },
      ...writes,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await measures.assignMeasure(
            ctx,
            callerOf(request),
            request.params.client_id,
            request.body,
            requestMeta(request),
          ),
        ),
  );

  app.delete(
    '/measures/assignments/:id/',
    { schema: { tags, params: z.object({ id: ZId }) }, ...writes },
    async (request, reply) => {
      await measures.stopMeasure(ctx, callerOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/measures/due/',
    {
      schema: {
        tags,
        querystring: z.object({ client_id: ZId.optional() }),
        response: { 200: ZDueMeasureList },
      },
      preValidation: guards.user,
    },
    async (request) =>
      measures.listDueMeasures(ctx, callerOf(request), request.query.client_id, requestMeta(request)),
  );

  app.post(
    '/measures/assignments/:id/responses/',
    {
      schema: {
        tags,
        params: z.object({ id: ZId }),
        body: ZMeasureResponse,
        response: { 201: ZMeasureResponseResult },
      },
      ...writes,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const meta = requestMeta(request);
      const answer = await saveJsonOnce(
        ctx,
        {
          userId: caller.id,
          key: idempotencyKeyOf(request.headers),
          path: `/api/measures/assignments/${id}/responses/`,
          statusCode: 201,
        },
        request.body,
        {
          check: () => measures.checkResponse(ctx, caller, id, request.body),
          save: (checked, once) => measures.saveResponse(ctx, caller, checked, meta, once),
          replay: (stored) => measures.answerSavedResponse(ctx, caller, stored),
        },
      );
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/clients/:client_id/measures/:instrument/scores/',
    {
      schema: {
        tags,
        params: z.object({ client_id: ZId, instrument: z.string().max(40) }),
        response: { 200: ZMeasureScoreList },
      },
      preValidation: guards.user,
    },
    async (request) =>
      measures.listScores(
        ctx,
        callerOf(request),
        request.params.client_id,
        request.params.instrument,
        requestMeta(request),
      ),
  );
};
