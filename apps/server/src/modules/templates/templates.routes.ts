import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { AuthGuards } from '../../plugins/auth';

/** Program templates (design 10.4). */
export const templatesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async () => {};
