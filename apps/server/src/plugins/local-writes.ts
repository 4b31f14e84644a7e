import type { FastifyInstance } from 'fastify';

/**
 * Calls `forget` when a request that may have changed data succeeds (any method but GET and HEAD, below 400), before
 * its answer leaves: the database's notification of the change reaches this node's caches a moment after the commit,
 * and a request right behind the change must not be served what it replaced (docs/decisions/013-caller-cache.md).
 */
export function onLocalWrite(app: Pick<FastifyInstance, 'addHook'>, forget: () => void): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) forget();
    done(null, payload);
  });
}
