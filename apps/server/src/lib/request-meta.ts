import type { FastifyBaseLogger } from 'fastify';

/** What a service knows of the request it serves: its correlation id (for the audit log) and its logger. */
export interface RequestMeta {
  correlationId: string;
  /** warn and info too: work a request starts after its answer (a push) reports through it. */
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}

/** The meta of a Fastify request, as the routes hand it to services. */
export const requestMeta = (request: { id: string; log: RequestMeta['log'] }): RequestMeta => ({
  correlationId: request.id,
  log: request.log,
});
