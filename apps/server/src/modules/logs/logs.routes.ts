import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLogRecord } from '@hep/shared/schemas/auth';
import { redactUrl } from '../../lib/redact-url';
import { LIMIT } from '../../plugins/rate-limit';

/** Client-side errors and route denials; open to signed-out pages, so limited in rate and size. */
export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/logs/',
    { schema: { tags: ['logs'], body: ZLogRecord }, bodyLimit: 16 * 1024, config: { rateLimit: LIMIT.logs } },
    async (request, reply) => {
      const {
        level,
        message,
        url,
        method,
        status,
        error,
        correlation_id: clientCorrelationId,
      } = request.body;
      const log = request.log.child({ source: 'web', clientCorrelationId });
      const fields = { url: redactUrl(url), method, status, error };
      if (level === 'error') log.error(fields, message);
      else if (level === 'warn') log.warn(fields, message);
      else log.info(fields, message);
      return reply.status(204).send();
    },
  );
};
