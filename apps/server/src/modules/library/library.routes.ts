import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import {
  ZFromExercise,
  ZLibraryExercise,
  ZLibraryPage,
  ZLibraryQuery,
  ZLibraryTag,
} from '@hep/shared/schemas/library';
import type { AppContext } from '../../context';
import { FORM_CONTENT_TYPES, readMultipartForm, registerForms } from '../../lib/multipart-form';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import { LIMIT } from '../../plugins/rate-limit';
import { mediaUploads } from '../media/media.service';
import {
  libraryFiles,
  namedMediaIds,
  readLibraryExerciseChange,
  readNewLibraryExercise,
} from './library-input';
import * as library from './library.service';

/**
 * The exercise library (docs/product/library-and-templates.md#exercise-library): therapists and staff; multipart
 * saves like the program exercise calls.
 */
export const libraryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  await registerForms(app);
  const tags = ['library'];
  const params = z.object({ id: ZId });
  const consumes = FORM_CONTENT_TYPES;
  const reads = { preValidation: guards.therapist };
  const writes = { preValidation: guards.therapist, config: { rateLimit: LIMIT.uploads } };
  const sink = mediaUploads(ctx);

  app.get(
    '/library/exercises/',
    { schema: { tags, querystring: ZLibraryQuery, response: { 200: ZLibraryPage } }, ...reads },
    async (request) => library.listLibrary(ctx, callerOf(request), request.query, requestMeta(request)),
  );

  app.post(
    '/library/exercises/',
    { schema: { tags, consumes, response: { 201: ZLibraryExercise } }, ...writes },
    async (request, reply) => {
      const caller = callerOf(request);
      const input = await readMultipartForm(request, {
        sink,
        purposeOf: libraryFiles,
        // Media named before the files is checked before any byte is stored; the save checks it again.
        beforeFiles: (fields) => library.assertUsableLibraryMedia(ctx, caller, namedMediaIds(fields)),
        parse: readNewLibraryExercise,
      });
      const created = await library.createLibraryExercise(ctx, caller, input, requestMeta(request));
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/library/exercises/from-exercise/',
    { schema: { tags, body: ZFromExercise, response: { 201: ZLibraryExercise } }, ...writes },
    async (request, reply) => {
      const saved = await library.saveExerciseToLibrary(
        ctx,
        callerOf(request),
        request.body.exercise_id,
        requestMeta(request),
      );
      return reply.status(201).send(saved);
    },
  );

  app.get(
    '/library/exercises/:id/',
    { schema: { tags, params, response: { 200: ZLibraryExercise } }, ...reads },
    async (request) =>
      library.getLibraryExercise(ctx, callerOf(request), request.params.id, requestMeta(request)),
  );

  app.put(
    '/library/exercises/:id/',
    { schema: { tags, params, consumes, response: { 200: ZLibraryExercise } }, ...writes },
    async (request) => {
      const caller = callerOf(request);
      const { id } = request.params;
      await library.assertMayWriteLibraryExercise(ctx, caller, id);
      const input = await readMultipartForm(request, {
        sink,
        purposeOf: libraryFiles,
        beforeFiles: (fields) => library.assertUsableLibraryMedia(ctx, caller, namedMediaIds(fields)),
        parse: readLibraryExerciseChange,
      });
      return library.updateLibraryExercise(ctx, caller, id, input, requestMeta(request));
    },
  );

  app.delete('/library/exercises/:id/', { schema: { tags, params }, ...writes }, async (request, reply) => {
    await library.deleteLibraryExercise(ctx, callerOf(request), request.params.id, requestMeta(request));
    return reply.status(204).send();
  });

  app.get(
    '/library/tags/',
    { schema: { tags, response: { 200: z.array(ZLibraryTag) } }, ...reads },
    async (request) => library.listLibraryTags(ctx, callerOf(request), requestMeta(request)),
  );
};
