import type { FastifyInstance } from 'fastify';

/** Per app, what its one hook calls. */
const forgetters = new WeakMap<object, Array<() => void>>();

/**
 * Calls `forget` when a request that may have changed data succeeds (any method but GET and HEAD, below 400), before
 * its answer leaves: the database's notification of the change reaches this node's caches a moment after the commit,
 * and a request right behind the change must not be served what it replaced (docs/decisions/013-caller-cache.md).
 * Every cache of an app is told by one hook.
 */
export function onLocalWrite(app: Pick<FastifyInstance, 'addHook'>, forget: () => void): void {
  let all = forgetters.get(app);
  if (!all) {
    const each: Array<() => void> = (all = []);
    forgetters.set(app, each);
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400)
        for (const f of each) f();
      done(null, payload);
    });
  }
  all.push(forget);
}
