import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdherence, ZAdherenceQuery } from '@hep/shared/schemas/adherence';
import { ZId } from '@hep/shared/schemas/common';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { getProgramAdherence } from './program-adherence.service';

/** GET /programs/{id}/adherence/?weeks= (docs/product/feedback-and-progress.md#adherence). */
export const programAdherenceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  app.get(
    '/programs/:id/adherence/',
    {
      schema: {
        tags: ['programs'],
        params: z.object({ id: ZId }),
        querystring: ZAdherenceQuery,
        response: { 200: ZAdherence },
      },
      preValidation: guards.user,
    },
    async (request) =>
      getProgramAdherence(
        ctx,
        callerOf(request),
        request.params.id,
        request.query.weeks,
        requestMeta(request),
      ),
  );
};
