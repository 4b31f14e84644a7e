import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTestServerRefreshResponse, ZTestServerStatus } from '@hep/shared/schemas/staff';
import type { AppContext } from '../../context';
import type { AuthGuards } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { getTestServerStatus, refreshTestDatabase } from './test-server.service';

/** Configure Test Server (staff only): both calls reach out to other hosts, so both are rate limited. */
export const testServerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['test-server'];

  app.get(
    '/test-server/status/',
    {
      schema: { tags, response: { 200: ZTestServerStatus } },
      preValidation: guards.staff,
      config: { rateLimit: LIMIT.testServer },
    },
    async () => getTestServerStatus(ctx),
  );

  app.post(
    '/test-server/refresh/',
    {
      schema: { tags, response: { 200: ZTestServerRefreshResponse } },
      preValidation: guards.staff,
      config: { rateLimit: LIMIT.testServer },
    },
    async (request) => refreshTestDatabase(ctx, request.log),
  );
};
