import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import { ZCreateExerciseFields, ZExercise } from '@hep/shared/schemas/programs';
import type { AppContext } from '../../context';
import { parseFields } from '../../lib/field-errors';
import { formValues } from '../../lib/form-fields';
import {
  FORM_CONTENT_TYPES,
  type PurposeOf,
  readMultipartForm,
  type ReceivedForm,
  registerForms,
} from '../../lib/multipart-form';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { mediaUploads, type StoredUpload, type UploadPurpose } from '../media/media.service';
import { exerciseListFiles, singleExerciseFiles } from './exercise-drafts';
import { readExerciseBatch, readExerciseChange, readNewExercise } from './exercise-input';
import * as exercises from './exercises.service';
import { assertMayWriteProgram } from './programs.service';

/**
 * docs/product/programs-and-exercises.md#exercises: the separate exercise calls (a program's sub-resource), multipart
 * like the program save.
 */
export const exercisesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  await registerForms(app);
  const tags = ['exercises'];
  const params = z.object({ id: ZId });
  const consumes = FORM_CONTENT_TYPES;
  const writes = { preValidation: guards.therapist, config: { rateLimit: LIMIT.uploads } };
  const ZProgramTarget = ZCreateExerciseFields.pick({ program_id: true });
  const sink = mediaUploads(ctx);

  /** Reads a form that names its program: one outside the caller's scope gets 404 before any file is stored. */
  const readProgramForm = <T>(
    request: FastifyRequest,
    purposeOf: PurposeOf<UploadPurpose>,
    parse: (form: ReceivedForm<StoredUpload>) => T,
  ) =>
    readMultipartForm(request, {
      sink,
      purposeOf,
      beforeFiles: async (fields) => {
        const { program_id } = parseFields(ZProgramTarget, formValues(fields));
        await assertMayWriteProgram(ctx, callerOf(request), program_id);
      },
      parse,
    });

  app.post(
    '/exercises/batch_create/',
    { schema: { tags, consumes, response: { 201: z.array(ZExercise) } }, ...writes },
    async (request, reply) => {
      const input = await readProgramForm(request, exerciseListFiles, readExerciseBatch);
      const saved = await exercises.batchCreateExercises(ctx, callerOf(request), input, requestMeta(request));
      return reply.status(201).send(saved);
    },
  );

  app.post(
    '/exercises/',
    { schema: { tags, consumes, response: { 201: ZExercise } }, ...writes },
    async (request, reply) => {
      const input = await readProgramForm(request, singleExerciseFiles, readNewExercise);
      const created = await exercises.createExercise(ctx, callerOf(request), input, requestMeta(request));
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/exercises/:id/',
    { schema: { tags, params, response: { 200: ZExercise } }, preValidation: guards.user },
    async (request) => exercises.getExercise(ctx, callerOf(request), request.params.id, requestMeta(request)),
  );

  app.put(
    '/exercises/:id/',
    { schema: { tags, params, consumes, response: { 200: ZExercise } }, ...writes },
    async (request) => {
      const caller = callerOf(request);
      await exercises.assertMayWriteExercise(ctx, caller, request.params.id);
      const input = await readMultipartForm(request, {
        sink,
        purposeOf: singleExerciseFiles,
        parse: readExerciseChange,
      });
      return exercises.updateExercise(ctx, caller, request.params.id, input, requestMeta(request));
    },
  );

  app.delete('/exercises/:id/', { schema: { tags, params }, ...writes }, async (request, reply) => {
    await exercises.deleteExercise(ctx, callerOf(request), request.params.id, requestMeta(request));
    return reply.status(204).send();
  });
};
