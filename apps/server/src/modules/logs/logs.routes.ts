import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLogRecord } from '@hep/shared/schemas/auth';
import { redactText, redactUrl } from '../../lib/redact-url';
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
      // Whatever the browser wrote may hold an address, a name in a URL or a password link: what goes to the log
      // is redacted like the server's own lines (lib/redact-url).
      const log = request.log.child({ source: 'web', clientCorrelationId: redactText(clientCorrelationId) });
      const fields = { url: redactUrl(url), method: redactText(method), status, error: redactText(error) };
      const text = redactText(message);
      if (level === 'error') log.error(fields, text);
      else if (level === 'warn') log.warn(fields, text);
      else log.info(fields, text);
      return reply.status(204).send();
    },
  );
};
