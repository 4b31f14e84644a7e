import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMetrics } from '@hep/shared/schemas/staff';
import type { AppContext } from '../../context';
import type { AuthGuards } from '../../plugins/auth';
import { getMetrics } from './metrics.service';

/** The System Metrics Dashboard (staff only). Aggregates only: no client's record is read. */
export const metricsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  app.get(
    '/metrics/',
    { schema: { tags: ['metrics'], response: { 200: ZMetrics } }, preValidation: guards.staff },
    async () => getMetrics(ctx),
  );
};
