import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '@hep/shared/schemas/common';
import type { AppContext } from '../../context';
import { requestMeta } from '../../lib/request-meta';
import { notFound } from '../../lib/app-error';
import { LIMIT } from '../../plugins/rate-limit';
import { serveMedia } from './media.service';

/** Signed media URLs (media-urls.ts): no bearer token, so that <img> and <video> can load them. */
export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const params = z.object({ id: ZId });
  const querystring = z.object({
    exp: z.coerce.number().int().positive(),
    u: z.coerce.number().int().positive().optional(),
    sig: z.string().min(1).max(100),
  });

  app.get(
    '/media/:id/',
    {
      schema: { tags: ['media'], params, querystring },
      config: { rateLimit: LIMIT.mediaRead },
      // A malformed link says no more than a bad signature does.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) throw notFound();
      const ifRange = request.headers['if-range'];
      const served = await serveMedia(
        ctx,
        {
          id: request.params.id,
          query: request.query,
          range: request.headers.range,
          ifRange: typeof ifRange === 'string' ? ifRange : undefined,
          headOnly: request.method === 'HEAD',
        },
        requestMeta(request),
      );
      reply.status(served.status).headers(served.headers);
      return served.body === null ? reply.send() : reply.send(served.body);
    },
  );
};
