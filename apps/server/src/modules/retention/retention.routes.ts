import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { eraseClient } from './retention.service';

/** Erasing a deactivated client at once (staff only: docs/product/retention.md#erasure). */
export const retentionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  app.post(
    '/users/:id/erase/',
    {
      schema: { tags: ['staff'], params: z.object({ id: ZId }) },
      preValidation: guards.staff,
      config: { rateLimit: LIMIT.accountWrites },
    },
    async (request, reply) => {
      await eraseClient(ctx, callerOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );
};
