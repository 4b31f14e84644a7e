import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { AuthGuards } from '../../plugins/auth';

/** The exercise library (design 10.3). */
export const libraryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async () => {};
