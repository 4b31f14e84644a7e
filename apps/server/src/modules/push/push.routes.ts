import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { AuthGuards } from '../../plugins/auth';

/** Web Push subscriptions and the public application server key. */
export const pushRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  _app,
  _options,
) => {};
