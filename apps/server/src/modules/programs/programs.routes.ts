import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import {
  ZCreateVersion,
  ZHistoricalQuery,
  ZProgram,
  ZProgramFields,
  ZProgramListItem,
  ZProgramListQuery,
  ZProgramVersion,
  ZSaveProgramResponse,
} from '@hep/shared/schemas/programs';
import type { AppContext } from '../../context';
import { parseFields } from '../../lib/field-errors';
import { formValues } from '../../lib/form-fields';
import { FORM_CONTENT_TYPES, readMultipartForm, registerForms } from '../../lib/multipart-form';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { mediaUploads } from '../media/media.service';
import { exerciseListFiles } from './exercise-drafts';
import { readProgramInput } from './program-input';
import * as save from './program-save.service';
import * as versions from './program-versions.service';
import * as programs from './programs.service';

/**
 * Programs (docs/product/programs-and-exercises.md#saving): saves are multipart (or JSON without files), see
 * docs/decisions/004-program-saved-in-one-request.md.
 */
export const programsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  await registerForms(app);
  const tags = ['programs'];
  const params = z.object({ id: ZId });
  const consumes = FORM_CONTENT_TYPES;
  const writes = { preValidation: guards.therapist, config: { rateLimit: LIMIT.uploads } };
  const ZClientTarget = ZProgramFields.pick({ client_id: true });

  app.get(
    '/programs/',
    {
      schema: { tags, querystring: ZProgramListQuery, response: { 200: z.array(ZProgramListItem) } },
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
      const caller = callerOf(request);
      const input = await readMultipartForm(request, {
        sink: mediaUploads(ctx),
        purposeOf: exerciseListFiles,
        // The client is known before the first file: one outside the caller's scope gets 404 before any upload.
        beforeFiles: async (fields) => {
          const { client_id } = parseFields(ZClientTarget, formValues(fields));
          await save.assertMayCreateProgram(ctx, caller, client_id);
        },
        parse: (form) => readProgramInput(form, 'create'),
      });
      return reply.status(201).send(await save.createProgram(ctx, caller, input, requestMeta(request)));
    },
  );

  app.put(
    '/programs/:id/',
    { schema: { tags, params, consumes, response: { 200: ZSaveProgramResponse } }, ...writes },
    async (request) => {
      const caller = callerOf(request);
      await programs.assertMayWriteProgram(ctx, caller, request.params.id);
      const input = await readMultipartForm(request, {
        sink: mediaUploads(ctx),
        purposeOf: exerciseListFiles,
        parse: (form) => readProgramInput(form, 'update'),
      });
      return save.updateProgram(ctx, caller, request.params.id, input, requestMeta(request));
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
