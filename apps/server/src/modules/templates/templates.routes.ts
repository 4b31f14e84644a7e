import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import {
  ZSaveTemplate,
  ZTemplate,
  ZTemplateFromProgram,
  ZTemplateSummary,
} from '@hep/shared/schemas/templates';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { createTemplateFromProgram } from './template-from-program.service';
import * as templates from './templates.service';

/**
 * Program templates (docs/product/library-and-templates.md#templates): therapists and staff, scoped like the clinic
 * library. JSON only.
 */
export const templatesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['templates'];
  const params = z.object({ id: ZId });
  const reads = { preValidation: guards.therapist };
  // The same limit as program saves: a template save is one.
  const writes = { preValidation: guards.therapist, config: { rateLimit: LIMIT.uploads } };

  app.get(
    '/templates/',
    { schema: { tags, response: { 200: z.array(ZTemplateSummary) } }, ...reads },
    async (request) => templates.listTemplates(ctx, callerOf(request), requestMeta(request)),
  );

  app.post(
    '/templates/',
    { schema: { tags, body: ZSaveTemplate, response: { 201: ZTemplate } }, ...writes },
    async (request, reply) => {
      const created = await templates.createTemplate(
        ctx,
        callerOf(request),
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/templates/from-program/',
    { schema: { tags, body: ZTemplateFromProgram, response: { 201: ZTemplate } }, ...writes },
    async (request, reply) => {
      const created = await createTemplateFromProgram(
        ctx,
        callerOf(request),
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/templates/:id/',
    { schema: { tags, params, response: { 200: ZTemplate } }, ...reads },
    async (request) => templates.getTemplate(ctx, callerOf(request), request.params.id, requestMeta(request)),
  );

  app.put(
    '/templates/:id/',
    { schema: { tags, params, body: ZSaveTemplate, response: { 200: ZTemplate } }, ...writes },
    async (request) =>
      templates.updateTemplate(ctx, callerOf(request), request.params.id, request.body, requestMeta(request)),
  );

  app.delete('/templates/:id/', { schema: { tags, params }, ...writes }, async (request, reply) => {
    await templates.deleteTemplate(ctx, callerOf(request), request.params.id, requestMeta(request));
    return reply.status(204).send();
  });
};
