import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCarerAccessLog,
  ZCarerClient,
  ZCarerClientList,
  ZCarerClientParams,
  ZCarerLink,
  ZCarerLinkList,
  ZCarerLinkParams,
  ZCarerLinkPreferences,
  ZInviteCarer,
  ZUpdateCarerLink,
} from '@hep/shared/schemas/carers';
import { ZId } from '@hep/shared/schemas/common';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import * as carers from './carers.service';

/** Carers: invite, list, change and end links; a carer's clients; a client's access log (docs/product/carers.md). */
export const carersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['carers'];
  const clientParams = z.object({ client_id: ZId });
  const writes = { preValidation: guards.user, config: { rateLimit: LIMIT.accountWrites } };

  app.post(
    '/clients/:client_id/carers/',
    { schema: { tags, params: clientParams, body: ZInviteCarer, response: { 201: ZCarerLink } }, ...writes },
    async (request, reply) => {
      const link = await carers.inviteCarer(
        ctx,
        callerOf(request),
        request.params.client_id,
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send(link);
    },
  );

  app.get(
    '/clients/:client_id/carers/',
    { schema: { tags, params: clientParams, response: { 200: ZCarerLinkList } }, preValidation: guards.user },
    async (request) =>
      carers.listCarers(ctx, callerOf(request), request.params.client_id, requestMeta(request)),
  );

  app.put(
    '/carers/links/:id/',
    {
      schema: { tags, params: ZCarerLinkParams, body: ZUpdateCarerLink, response: { 200: ZCarerLink } },
      ...writes,
    },
    async (request) =>
      carers.changeLink(ctx, callerOf(request), request.params.id, request.body, requestMeta(request)),
  );

  app.delete(
    '/carers/links/:id/',
    { schema: { tags, params: ZCarerLinkParams }, ...writes },
    async (request, reply) => {
      await carers.removeLink(ctx, callerOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/carers/me/clients/',
    { schema: { tags, response: { 200: ZCarerClientList } }, preValidation: guards.user },
    async (request) => carers.listMyClients(ctx, callerOf(request), requestMeta(request)),
  );

  app.put(
    '/carers/me/clients/:link_id/',
    {
      schema: {
        tags,
        params: ZCarerClientParams,
        body: ZCarerLinkPreferences,
        response: { 200: ZCarerClient },
      },
      ...writes,
    },
    async (request) =>
      carers.setMyLinkPreferences(
        ctx,
        callerOf(request),
        request.params.link_id,
        request.body,
        requestMeta(request),
      ),
  );

  app.get(
    '/users/me/carer-access/',
    { schema: { tags, response: { 200: ZCarerAccessLog } }, preValidation: guards.user },
    async (request) => carers.listCarerAccess(ctx, callerOf(request), requestMeta(request)),
  );
};
