import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import {
  ZMessage,
  ZMessagePage,
  ZMessagesQuery,
  ZReadMessages,
  ZUnreadMessages,
} from '@hep/shared/schemas/messages';
import type { AppContext } from '../../context';
import { idempotencyKeyOf } from '../../lib/idempotency-key';
import { FORM_CONTENT_TYPES, registerForms } from '../../lib/multipart-form';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { saveFormOnce } from '../idempotency/idempotency-form.service';
import { mediaUploads } from '../media/media.service';
import { messageFiles, readMessageInput } from './messages-form';
import * as messages from './messages.service';

/** Messages between a client and their care team (docs/product/messages.md#calls). */
export const messagesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  await registerForms(app);
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
    {
      schema: { tags, params: clientParams, consumes: FORM_CONTENT_TYPES, response: { 201: ZMessage } },
      preValidation: guards.user,
      config: { rateLimit: LIMIT.uploads },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const clientId = request.params.client_id;
      const meta = requestMeta(request);
      const multipart = request.isMultipart();
      const answer = await saveFormOnce(
        ctx,
        request,
        {
          userId: caller.id,
          key: idempotencyKeyOf(request.headers),
          method: 'POST',
          path: `/api/clients/${clientId}/messages/`,
          statusCode: 201,
        },
        {
          sink: mediaUploads(ctx),
          purposeOf: messageFiles,
          // Someone outside the conversation gets 404 (403 for staff or messages off) before any file is stored.
          beforeFiles: () => messages.assertMayMessage(ctx, caller, clientId),
          parse: (form) => readMessageInput(form, multipart),
        },
        {
          save: (input, once) => messages.sendMessage(ctx, caller, clientId, input, meta, once),
          replay: (stored) => messages.answerSentMessage(ctx, caller, stored),
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
