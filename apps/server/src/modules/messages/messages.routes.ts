import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import {
  ZMessage,
  ZMessagePage,
  ZMessagesQuery,
  ZReadMessages,
  ZSendMessage,
  ZUnreadMessages,
} from '@hep/shared/schemas/messages';
import type { AppContext } from '../../context';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { answerOnce } from '../idempotency/idempotency.service';
import * as messages from './messages.service';

/** Messages between a client and their care team (docs/product/messages.md#calls). */
export const messagesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['messages'];
  const clientParams = z.object({ client_id: ZId });
  const writes = { preValidation: guards.user, config: { rateLimit: LIMIT.accountWrites } };

  app.get(
    '/clients/:client_id/messages/',
    {
      schema: { tags, params: clientParams, querystring: ZMessagesQuery, response: { 200: ZMessagePage } },
      preValidation: guards.user,
    },
    async (request) =>
      messages.listMessages(
        ctx,
        callerOf(request),
        request.params.client_id,
        request.query,
        requestMeta(request),
      ),
  );

  app.post(
    '/clients/:client_id/messages/',
    { schema: { tags, params: clientParams, body: ZSendMessage, response: { 201: ZMessage } }, ...writes },
    async (request, reply) => {
      const caller = callerOf(request);
      const clientId = request.params.client_id;
      const meta = requestMeta(request);
      const key = idempotencyKeyOf(request.headers);
      if (!key) {
        const checked = await messages.checkMessage(ctx, caller, clientId, request.body);
        return reply.status(201).send(await messages.sendMessage(ctx, caller, checked, meta));
      }
      const answer = await answerOnce(
        ctx,
        {
          userId: caller.id,
          key,
          method: 'POST',
          path: `/api/clients/${clientId}/messages/`,
          statusCode: 201,
        },
        {
          read: async (hash) => {
            hash.digest(request.body as Record<string, unknown>);
            return messages.checkMessage(ctx, caller, clientId, request.body);
          },
          save: (checked, once) => messages.sendMessage(ctx, caller, checked, meta, once),
          replay: (stored) => messages.answerSentMessage(ctx, caller, stored.response),
        },
      );
      return reply.status(201).send(answer.body);
    },
  );

  app.delete(
    '/messages/:id/',
    { schema: { tags, params: z.object({ id: ZId }) }, ...writes },
    async (request, reply) => {
      await messages.removeMessage(ctx, callerOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/clients/:client_id/messages/read/',
    { schema: { tags, params: clientParams, body: ZReadMessages }, ...writes },
    async (request, reply) => {
      await messages.readMessages(
        ctx,
        callerOf(request),
        request.params.client_id,
        request.body.up_to,
        requestMeta(request),
      );
      return reply.status(204).send();
    },
  );

  app.get(
    '/messages/unread/',
    { schema: { tags, response: { 200: ZUnreadMessages } }, preValidation: guards.user },
    async (request) => messages.countUnread(ctx, callerOf(request)),
  );
};
