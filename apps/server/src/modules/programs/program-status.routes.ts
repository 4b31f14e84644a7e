import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { AuthGuards } from '../../plugins/auth';

/** Day statuses: /programs/status/ and /programs/{id}/status/. */
export const programStatusRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  _app,
  _options,
) => {};
