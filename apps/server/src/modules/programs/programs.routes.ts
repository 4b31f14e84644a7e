import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import {
  ZCreateVersion,
  ZHistoricalQuery,
  ZProgram,
  ZProgramListQuery,
  ZProgramVersion,
  ZSaveProgramResponse,
} from '@hep/shared/schemas/programs';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { exerciseListFiles, readSaveForm } from './program-form';
import * as save from './program-save.service';
import * as versions from './program-versions.service';
import * as programs from './programs.service';

/** Spec section 7 "Programs": saves are multipart (or JSON without files), see docs/decisions/004. */
export const programsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['programs'];
  const params = z.object({ id: ZId });
  const consumes = ['multipart/form-data', 'application/json'];
  const writes = { preValidation: guards.therapist, config: { rateLimit: LIMIT.uploads } };

  app.get(
    '/programs/',
    {
      schema: { tags, querystring: ZProgramListQuery, response: { 200: z.array(ZProgram) } },
      preValidation: guards.user,
    },
    async (request) => programs.listPrograms(ctx, callerOf(request), request.query, requestMeta(request)),
  );

  app.get(
    '/programs/:id/',
    { schema: { tags, params, response: { 200: ZProgram } }, preValidation: guards.user },
    async (request) => programs.getProgram(ctx, callerOf(request), request.params.id, requestMeta(request)),
  );

  app.get(
    '/programs/:id/historical/',
    {
      schema: { tags, params, querystring: ZHistoricalQuery, response: { 200: ZProgram } },
      preValidation: guards.user,
    },
    async (request) =>
      versions.getHistoricalProgram(
        ctx,
        callerOf(request),
        request.params.id,
        new Date(request.query.datetime),
        requestMeta(request),
      ),
  );

  app.post(
    '/programs/',
    { schema: { tags, consumes, response: { 201: ZSaveProgramResponse } }, ...writes },
    async (request, reply) => {
      const form = await readSaveForm(ctx, request, exerciseListFiles);
      const saved = await save.createProgram(ctx, callerOf(request), form, requestMeta(request));
      return reply.status(201).send(saved);
    },
  );

  app.put(
    '/programs/:id/',
    { schema: { tags, params, consumes, response: { 200: ZSaveProgramResponse } }, ...writes },
    async (request) => {
      const form = await readSaveForm(ctx, request, exerciseListFiles);
      return save.updateProgram(ctx, callerOf(request), request.params.id, form, requestMeta(request));
    },
  );

  app.delete('/programs/:id/', { schema: { tags, params }, ...writes }, async (request, reply) => {
    await programs.deleteProgram(ctx, callerOf(request), request.params.id, requestMeta(request));
    return reply.status(204).send();
  });

  app.post(
    '/program-versions/create_version/',
    { schema: { tags, body: ZCreateVersion, response: { 201: ZProgramVersion } }, ...writes },
    async (request, reply) => {
      const created = await versions.createVersion(
        ctx,
        callerOf(request),
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send(created);
    },
  );
};
