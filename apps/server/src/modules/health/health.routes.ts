import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { pingDatabase } from '../../db/client';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health/',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => {
      try {
        await pingDatabase(ctx.db);
      } catch {
        throw new AppError(503, 'unavailable', 'The database is not answering.');
      }
      return { status: 'ok' as const };
    },
  );
};
