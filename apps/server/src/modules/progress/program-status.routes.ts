import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import { ZBatchStatus, ZProgramStatusQuery, ZRangeQuery, ZStatusMap } from '@hep/shared/schemas/status';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import * as status from './program-status.service';

/** Day statuses: /programs/status/ and /programs/{id}/status/ (docs/product/api-conventions.md#settled-responses). */
export const programStatusRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['programs'];

  app.get(
    '/programs/status/',
    {
      schema: { tags, querystring: ZRangeQuery, response: { 200: ZBatchStatus } },
      preValidation: guards.user,
    },
    async (request) =>
      status.getBatchStatus(
        ctx,
        callerOf(request),
        { start: request.query.start_date, end: request.query.end_date },
        requestMeta(request),
      ),
  );

  app.get(
    '/programs/:id/status/',
    {
      schema: {
        tags,
        params: z.object({ id: ZId }),
        querystring: ZProgramStatusQuery,
        response: { 200: ZStatusMap },
      },
      preValidation: guards.user,
    },
    async (request) =>
      status.getProgramStatus(ctx, callerOf(request), request.params.id, request.query, requestMeta(request)),
  );
};
