import path from 'node:path';
import { fileURLToPath } from 'node:url';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { loggableError } from './lib/loggable-error';
import { redactUrl } from './lib/redact-url';
import { requestLoggerFactory } from './lib/request-logger';
import { createAttentionCache } from './modules/attention/attention-cache';
import { attentionRoutes } from './modules/attention/attention.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { clinicsRoutes } from './modules/clinics/clinics.routes';
import { createEventHub } from './modules/events/events.service';
import { eventsRoutes } from './modules/events/events.routes';
import { exercisesRoutes } from './modules/programs/exercises.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { fhirRoutes } from './modules/fhir/fhir.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { healthRoutes } from './modules/health/health.routes';
import { libraryRoutes } from './modules/library/library.routes';
import { logsRoutes } from './modules/logs/logs.routes';
import { measuresRoutes } from './modules/measures/measures.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { carersRoutes } from './modules/carers/carers.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import type { Metrics } from './modules/monitoring/prometheus';
import { clientProgressRoutes } from './modules/progress/client-progress.routes';
import { programAdherenceRoutes } from './modules/progress/program-adherence.routes';
import { programStatusRoutes } from './modules/progress/program-status.routes';
import { programsRoutes } from './modules/programs/programs.routes';
import { pushRoutes } from './modules/push/push.routes';
import { retentionRoutes } from './modules/retention/retention.routes';
import { staffUsersRoutes } from './modules/staff/staff-users.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { testServerRoutes } from './modules/test-server/test-server.routes';
import { usersRoutes } from './modules/users/users.routes';
import { createAuthGuards } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { correlationIdFor } from './plugins/correlation-id';
import { registerErrorHandler } from './plugins/error-handler';
import { onLocalWrite } from './plugins/local-writes';
import { registerRateLimit } from './plugins/rate-limit';
import { registerRequestLog } from './plugins/request-log';
import { registerResponseHeaders } from './plugins/response-headers';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { registerStaticSpa } from './plugins/static-spa';
import { registerTextGuard } from './plugins/text-guard';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus metrics of this app, when METRICS_TOKEN is set (modules/monitoring); null otherwise. */
    metrics: Metrics | null;
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  webDist?: string | null;
  timeouts?: Partial<typeof HTTP_TIMEOUTS>;
  /** Told of every route as it is added (tests read the route list: modules/carers/carers-route-matrix.test.ts). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * No connection is held forever by a client that stops talking (docs/product/operations.md#timeouts-and-shutdown).
 * Generous enough for a 50 MB video sent from a phone on a poor connection: what ends a request is silence, not
 * slowness.
 */
export const HTTP_TIMEOUTS = {
  /** A socket with nothing sent either way for this long is closed (a stalled upload, a half-open connection). */
  idleMs: 60_000,
  /** The whole request, body included, must arrive within this. */
  requestMs: 15 * 60_000,
  /** The request line and headers must arrive within this (slow-header attacks). */
  headersMs: 20_000,
  /** An idle keep-alive connection is closed after this; longer than common load balancers' 60 s. */
  keepAliveMs: 65_000,
};

/** Pino options: never log secrets, tokens or bodies. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        // @fastify/multipart logs busboy's options, the request's headers among them, at trace level.
        '*.headers.authorization',
        '*.headers.cookie',
        '*.password',
        '*.token',
        '*.access',
        '*.refresh',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Fastify's request fields, with tokens, query values and addresses taken out of the URL (lib/redact-url).
      req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
      // Any error logged as `err`, by us or by Fastify: never its SQL parameters, PostgreSQL's `detail` or an
      // address in its message (pino's own serializer copies every property of the error).
      // A value already made loggable (`{ err: loggableError(error) }`) passes as it is.
      err: (err: Error) =>
        (err instanceof Error ? loggableError(err) : err) as { type: string; message: string; stack: string },
    },
  };
}

/** Builds the whole app; never listens (run-server.ts does, tests use inject). */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}) {
  const timeouts = { ...HTTP_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    logger: options.logger ?? false,
    genReqId: correlationIdFor,
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    logController: new LogController({ requestIdLogLabel: 'correlation_id', disableRequestLogging: true }),
    childLoggerFactory: requestLoggerFactory,
    trustProxy: ctx.config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = timeouts.headersMs;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorateRequest('caller', null);
  app.decorateRequest('sessionId', null);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  registerResponseHeaders(app, ctx.config);
  registerRequestLog(app);
  // The live streams of this node, counted by the metrics too.
  const hub = createEventHub(ctx);
  // Before any route, whose label it fixes as the route is added; loaded only when someone may read the metrics.
  const token = ctx.config.METRICS_TOKEN;
  app.decorate(
    'metrics',
    token
      ? (await import('./modules/monitoring/monitoring.routes')).registerMonitoring(app, { ctx, hub, token })
      : null,
  );
  registerTextGuard(app);
  await registerCompression(app);
  await registerRateLimit(app, ctx.config.REDIS_URL, ctx.config.REDIS_KEY_PREFIX);
  await app.register(swagger, {
    openapi: { info: { title: 'Home exercise program API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  const spa =
    options.webDist === null ? false : await registerStaticSpa(app, options.webDist ?? defaultWebDist);
  registerErrorHandler(app, { spa, db: ctx.db });

  const guards = createAuthGuards(ctx, app);
  const attentionCache = createAttentionCache(ctx);
  app.addHook('onClose', () => attentionCache.close());
  onLocalWrite(app, () => attentionCache.forgetAll());
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { ctx, guards });
      await api.register(usersRoutes, { ctx, guards });
      await api.register(clientsRoutes, { ctx, guards });
      await api.register(attentionRoutes, { ctx, guards, cache: attentionCache });
      await api.register(programStatusRoutes, { ctx, guards });
      await api.register(programAdherenceRoutes, { ctx, guards });
      await api.register(clientProgressRoutes, { ctx, guards });
      await api.register(programsRoutes, { ctx, guards });
      await api.register(exercisesRoutes, { ctx, guards });
      await api.register(feedbackRoutes, { ctx, guards });
      await api.register(measuresRoutes, { ctx, guards });
      await api.register(messagesRoutes, { ctx, guards });
      await api.register(carersRoutes, { ctx, guards });
      await api.register(fhirRoutes, { ctx, guards });
      await api.register(exportsRoutes, { ctx, guards });
      await api.register(eventsRoutes, { ctx, guards, hub });
      await api.register(libraryRoutes, { ctx, guards });
      await api.register(templatesRoutes, { ctx, guards });
      await api.register(pushRoutes, { ctx, guards });
      await api.register(passkeysRoutes, { ctx, guards });
      await api.register(logsRoutes);
      await api.register(mediaRoutes, { ctx });
      await api.register(staffUsersRoutes, { ctx, guards });
      await api.register(clinicsRoutes, { ctx, guards });
      await api.register(retentionRoutes, { ctx, guards });
      await api.register(metricsRoutes, { ctx, guards });
      await api.register(testServerRoutes, { ctx, guards });
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
