import type { FastifyInstance } from 'fastify';
import { redactUrl } from '../lib/redact-url';

/** A request slower than this is logged as a warning. */
export const SLOW_REQUEST_MS = 1_000;

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/**
 * One line per request, written when the answer has gone, in place of Fastify's two ("incoming request" and
 * "request completed", turned off in app.ts): method, route pattern, the URL as redactUrl allows it, status and
 * duration; the correlation id comes with the request's logger. At info only when the answer is an error (4xx and
 * 5xx) or slow; a quick success is a debug line, which costs next to nothing while the level is info (decision 013
 * has the measurements).
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const slow = ms >= SLOW_REQUEST_MS;
    const level = slow ? 'warn' : reply.statusCode >= 400 ? 'info' : 'debug';
    // Not even the line's object is made for a level that is off.
    if (LEVELS[level]! < (LEVELS[request.log.level] ?? Infinity)) return done();
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms,
    };
    request.log[level](line, slow ? 'slow request' : 'request');
    done();
  });
}
