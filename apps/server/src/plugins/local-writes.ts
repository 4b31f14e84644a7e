import type { FastifyInstance, onSendHookHandler } from 'fastify';

/** Per app, what its one hook calls. */
const forgetters = new WeakMap<object, Array<() => void>>();

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * Calls `forget` when a request that may have changed data succeeds (any method but GET and HEAD, below 400), before
 * its answer leaves: the database's notification of the change reaches this node's caches a moment after the commit,
 * and a request right behind the change must not be served what it replaced (docs/decisions/013-caller-cache.md).
 * Every cache of an app is told by one hook, which only the routes taking a write method carry (each hook a request
 * passes through costs it CPU: docs/decisions/035-a-requests-fixed-cost.md); call this before adding routes.
 */
export function onLocalWrite(app: Pick<FastifyInstance, 'addHook'>, forget: () => void): void {
  let all = forgetters.get(app);
  if (!all) {
    const each: Array<() => void> = (all = []);
    forgetters.set(app, each);
    const tell: onSendHookHandler = (request, reply, payload, done) => {
      if (!isRead(request.method) && reply.statusCode < 400) for (const f of each) f();
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().every(isRead)) return;
      route.onSend = [...[route.onSend ?? []].flat(), tell];
    });
  }
  all.push(forget);
}
