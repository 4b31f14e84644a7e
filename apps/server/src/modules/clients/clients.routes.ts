import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZClientDetails,
  ZClientListItem,
  ZClientListPage,
  ZClientListQuery,
  ZCreateClient,
  ZCreateClientResponse,
  ZEditClient,
  ZEditClientResponse,
} from '@hep/shared/schemas/clients';
import { ZId } from '@hep/shared/schemas/common';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import * as clients from './clients.service';

/** The client calls (docs/product/clients.md); static paths win over `/users/:id/`. */
export const clientsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['clients'];

  // Paged (docs/product/clients.md#paging): `?page=N` and/or `?q=` (with `by`) answer `{ results, count, next }`, 50
  // a page. Without either, the answer stays the plain array of every client in scope, for older callers.
  app.get(
    '/users/clients/',
    {
      schema: {
        tags,
        querystring: ZClientListQuery,
        response: { 200: z.union([ZClientListPage, z.array(ZClientListItem)]) },
      },
      preValidation: guards.therapist,
    },
    async (request) => {
      const { query } = request;
      if (query.page === undefined && query.q === undefined) {
        return clients.listClients(ctx, callerOf(request), requestMeta(request));
      }
      return clients.listClientPage(ctx, callerOf(request), query, requestMeta(request));
    },
  );

  app.post(
    '/users/add/',
    {
      schema: { tags, body: ZCreateClient, response: { 201: ZCreateClientResponse } },
      preValidation: guards.therapist,
      config: { rateLimit: LIMIT.accountWrites },
    },
    async (request, reply) => {
      const created = await clients.createClient(ctx, callerOf(request), request.body, requestMeta(request));
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/users/client_details/',
    {
      schema: { tags, querystring: z.object({ id: ZId }), response: { 200: ZClientDetails } },
      preValidation: guards.therapist,
    },
    async (request) =>
      clients.getClientDetails(ctx, callerOf(request), request.query.id, requestMeta(request)),
  );

  app.put(
    '/users/edit_client/',
    {
      schema: { tags, body: ZEditClient, response: { 200: ZEditClientResponse } },
      preValidation: guards.therapist,
      config: { rateLimit: LIMIT.accountWrites },
    },
    async (request) => clients.editClient(ctx, callerOf(request), request.body, requestMeta(request)),
  );
};
