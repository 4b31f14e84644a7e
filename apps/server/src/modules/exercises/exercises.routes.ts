import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import { ZExercise } from '@hep/shared/schemas/programs';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { exerciseListFiles, readSaveForm, singleExerciseFiles } from '../programs/program-form';
import * as exercises from './exercises.service';

/** Spec section 7: the separate exercise calls, multipart like the program save. */
export const exercisesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  const tags = ['exercises'];
  const params = z.object({ id: ZId });
  const consumes = ['multipart/form-data', 'application/json'];
  const writes = { preValidation: guards.therapist, config: { rateLimit: LIMIT.uploads } };

  app.post(
    '/exercises/batch_create/',
    { schema: { tags, consumes, response: { 201: z.array(ZExercise) } }, ...writes },
    async (request, reply) => {
      const form = await readSaveForm(ctx, request, exerciseListFiles);
      const saved = await exercises.batchCreateExercises(ctx, callerOf(request), form, requestMeta(request));
      return reply.status(201).send(saved);
    },
  );

  app.post(
    '/exercises/',
    { schema: { tags, consumes, response: { 201: ZExercise } }, ...writes },
    async (request, reply) => {
      const form = await readSaveForm(ctx, request, singleExerciseFiles);
      const created = await exercises.createExercise(ctx, callerOf(request), form, requestMeta(request));
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
      const form = await readSaveForm(ctx, request, singleExerciseFiles);
      return exercises.updateExercise(ctx, callerOf(request), request.params.id, form, requestMeta(request));
    },
  );

  app.delete('/exercises/:id/', { schema: { tags, params }, ...writes }, async (request, reply) => {
    await exercises.deleteExercise(ctx, callerOf(request), request.params.id, requestMeta(request));
    return reply.status(204).send();
  });
};
