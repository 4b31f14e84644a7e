import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { type AuthGuards, callerOf } from '../../plugins/auth';
import * as exports from './exports.service';

export const exportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guards: AuthGuards }> = async (
  app,
  { ctx, guards },
) => {
  // docs/product/records.md#download-my-data: a zip, streamed as it is written.
  app.get(
    '/users/me/export/',
    {
      schema: { tags: ['users'], produces: ['application/zip'] },
      preValidation: guards.user,
      // Photos and videos are compressed already, and the JSON in the zip is deflated.
      compress: false,
    },
    async (request, reply) => {
      const download = await exports.startDataExport(ctx, callerOf(request), requestMeta(request));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${download.filename}"`)
        .send(download.body);
    },
  );
};
