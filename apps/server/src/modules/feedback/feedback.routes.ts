import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { AuthGuards } from '../../plugins/auth';

/** Client feedback: /feedback/, /feedback/completed/, /program-feedback/. */
export const feedbackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  _app,
  _options,
) => {};
