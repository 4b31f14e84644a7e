import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { databaseUnavailable } from '../../lib/database-unavailable';
import { pingDatabase } from '../../db/client';

/** For load balancers and operators: 200 once the database answers, 503 `database_unavailable` while it does not. */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health/',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async (request) => {
      try {
        await pingDatabase(ctx.db);
      } catch (error) {
        request.log.warn(
          { code: (error as { code?: unknown }).code },
          'health check: database not answering',
        );
        throw databaseUnavailable({ status: 'unavailable', correlation_id: request.id });
      }
      return { status: 'ok' as const };
    },
  );
};
