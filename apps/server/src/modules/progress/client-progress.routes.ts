import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdherenceQuery, ZClientProgress } from '@hep/shared/schemas/adherence';
import { ZId } from '@hep/shared/schemas/common';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { getClientProgress } from './client-progress.service';

/**
 * GET /users/clients/{id}/progress/?weeks= (docs/product/feedback-and-progress.md#client-progress): therapists and
 * staff; a client's own account is refused (403).
 */
export const clientProgressRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  app.get(
    '/users/clients/:id/progress/',
    {
      schema: {
        tags: ['clients'],
        params: z.object({ id: ZId }),
        querystring: ZAdherenceQuery,
        response: { 200: ZClientProgress },
      },
      preValidation: guards.therapist,
    },
    async (request) =>
      getClientProgress(ctx, callerOf(request), request.params.id, request.query.weeks, requestMeta(request)),
  );
};
