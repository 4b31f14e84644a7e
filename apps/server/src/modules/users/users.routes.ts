import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import { ZPatchUser, ZUpdateUser, ZUpdateUserResponse, ZUserDetail } from '@hep/shared/schemas/users';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import * as users from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const params = z.object({ id: ZId });
  const tags = ['users'];

  app.get(
    '/users/:id/',
    { schema: { tags, params, response: { 200: ZUserDetail } }, preValidation: guards.user },
    async (request) => users.getUser(ctx, callerOf(request), request.params.id, requestMeta(request)),
  );

  app.put(
    '/users/:id/',
    {
      schema: { tags, params, body: ZUpdateUser, response: { 200: ZUpdateUserResponse } },
      preValidation: guards.user,
      config: { rateLimit: LIMIT.accountWrites },
    },
    async (request) =>
      users.updateUser(ctx, callerOf(request), request.params.id, request.body, requestMeta(request)),
  );

  app.patch(
    '/users/:id/',
    {
      schema: { tags, params, body: ZPatchUser, response: { 200: ZUserDetail } },
      preValidation: guards.user,
    },
    async (request) =>
      users.patchUser(ctx, callerOf(request), request.params.id, request.body, requestMeta(request)),
  );
};
