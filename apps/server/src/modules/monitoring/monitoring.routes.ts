import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { watchConnections } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { EventHub } from '../events/events.service';
import { readOutboxBacklog } from '../mail/mail.service';
import { createMetrics, type Metrics } from './prometheus';
import type { RouteSeries } from './request-durations';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route's requests are left out of `http_request_duration_seconds` (a stream, the scrape itself). */
    requestDuration?: false;
  }
}

/** The label of requests no route matched (a 404, a page of the web app served by the history fallback). */
export const UNMATCHED_ROUTE = 'unmatched';
/** The label of the web app's files, each of which is a route of its own. */
export const STATIC_ROUTE = 'static';

/** Where each route's series holder is kept, on the route's own config: found with the route, per request. */
const kSeries = Symbol('request duration series');

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The metrics of one app (docs/product/operations.md#metrics-and-tracing), registered on the root instance before
 * any route, since only the routes added after a hook get it: every route's label, fixed when the route is added
 * (its template under /api, one label for the web app's files); one onResponse hook that adds the request's
 * duration to its route's series; and `GET /metrics`, for the bearer of METRICS_TOKEN only. Returns the metrics, for
 * the reminder scheduler and the process metrics (run-server.ts).
 */
export function registerMonitoring(
  app: FastifyInstance,
  { ctx, hub, token }: { ctx: AppContext; hub: EventHub; token: string },
): Metrics {
  const metrics = createMetrics({
    connections: watchConnections(ctx.db),
    outboxBacklog: () => readOutboxBacklog(ctx.db),
    liveStreams: () => hub.size(),
    now: ctx.now,
  });
  const durations = metrics.requestDurations;
  const unmatched = durations.route(UNMATCHED_ROUTE);

  app.addHook('onRoute', (route) => {
    if (route.config?.requestDuration === false) return;
    const label = route.url === '/api' || route.url.startsWith('/api/') ? route.url : STATIC_ROUTE;
    route.config = { ...route.config, [kSeries]: durations.route(label) } as typeof route.config;
  });
  app.addHook('onResponse', (request, reply, done) => {
    const config = request.routeOptions.config as { [kSeries]?: RouteSeries; requestDuration?: false };
    if (config.requestDuration !== false)
      durations.observe(
        config[kSeries] ?? unmatched,
        request.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    done();
  });

  const expected = digest(`Bearer ${token}`);
  app.get(
    '/metrics',
    { schema: { hide: true }, config: { requestDuration: false } },
    async (request, reply) => {
      // Compared as digests of equal length, in constant time: how much of a guess was right does not show.
      const given = request.headers.authorization ?? '';
      if (!timingSafeEqual(digest(given.replace(/^bearer /i, 'Bearer ')), expected)) {
        throw new AppError(401, 'unauthenticated', ERROR_TEXTS.unauthenticated, undefined, {
          'www-authenticate': 'Bearer realm="metrics"',
        });
      }
      reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
  return metrics;
}
