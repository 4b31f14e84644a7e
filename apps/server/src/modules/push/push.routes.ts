import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZOk } from '@hep/shared/schemas/common';
import {
  ZEndpointQuery,
  ZPushCheckResponse,
  ZPushPublicKey,
  ZPushSubscriptionInput,
} from '@hep/shared/schemas/push';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import * as push from './push.service';

/** A subscription is three short strings; anything bigger is not a browser talking. */
const SUBSCRIPTION_BODY_LIMIT = 16 * 1024;

/** Web Push subscriptions and the public application server key. */
export const pushRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['push'];

  app.get(
    '/push-subscriptions/public-key/',
    { schema: { tags, response: { 200: ZPushPublicKey } }, preValidation: guards.user },
    async () => push.getPublicKey(ctx),
  );

  app.post(
    '/push-subscriptions/',
    {
      schema: { tags, body: ZPushSubscriptionInput, response: { 201: ZOk } },
      preValidation: guards.user,
      bodyLimit: SUBSCRIPTION_BODY_LIMIT,
      config: { rateLimit: LIMIT.push },
    },
    async (request, reply) => {
      const result = await push.subscribe(ctx, callerOf(request), request.body, requestMeta(request));
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/push-subscriptions/check/',
    {
      schema: { tags, querystring: ZEndpointQuery, response: { 200: ZPushCheckResponse } },
      preValidation: guards.user,
    },
    async (request) => push.isSubscribed(ctx, callerOf(request), request.query.endpoint),
  );

  app.delete(
    '/push-subscriptions/',
    {
      schema: { tags, querystring: ZEndpointQuery, response: { 200: ZOk } },
      preValidation: guards.user,
      config: { rateLimit: LIMIT.push },
    },
    async (request) => push.unsubscribe(ctx, callerOf(request), request.query.endpoint, requestMeta(request)),
  );
};
