import { createRequire } from 'node:module';
import type { IncomingMessage, RequestOptions } from 'node:http';
import type { Config } from './config';
import { redactUrl } from './lib/redact-url';

/**
 * OpenTelemetry tracing (docs/decisions/034-metrics-and-tracing.md), on only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set: every package is imported here, when it starts, so that a server without it loads none of them. Spans of
 * incoming and outgoing HTTP, of Fastify's routes and of `pg`'s queries go to the endpoint as OTLP over HTTP (JSON),
 * in batches. http and pg are instrumented by patching their modules as they are required: server.ts starts this
 * before it loads the rest of the server, and the bundle loads `pg` from node_modules with `require`
 * (scripts/build-server.mjs), so the patched module is the one the app uses.
 */

let stop: (() => Promise<void>) | null = null;

/** The request line's path and query, as the logs may show them (lib/redact-url): no token, address or name. */
function redactedUrlAttributes(url: string | undefined): Record<string, string> {
  const redacted = redactUrl(url ?? '/')!;
  const queryAt = redacted.indexOf('?');
  return queryAt === -1
    ? { 'url.path': redacted }
    : { 'url.path': redacted.slice(0, queryAt), 'url.query': redacted.slice(queryAt + 1) };
}

/** An outgoing request's URL is kept to its origin: a push endpoint's path is itself a capability. */
function originOf(options: RequestOptions): string {
  const protocol = options.protocol ?? 'http:';
  if (!options.hostname && options.host) return `${protocol}//${options.host}`; // `host` may carry the port
  return `${protocol}//${options.hostname ?? 'localhost'}${options.port ? `:${options.port}` : ''}`;
}

/** The scrape of the metrics is not worth a trace every 15 seconds. */
const isScrape = (url: string | undefined) => url === '/metrics' || url?.startsWith('/metrics?') === true;

export async function startTracing(
  config: Pick<Config, 'OTEL_SERVICE_NAME' | 'OTEL_BSP_SCHEDULE_DELAY'>,
): Promise<void> {
  if (stop) return;
  const [
    { context, propagation, trace },
    { AsyncLocalStorageContextManager },
    { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator },
    { BatchSpanProcessor, TracerProvider },
    { OTLPTraceExporter },
    { defaultResource, resourceFromAttributes },
    { registerInstrumentations },
    { HttpInstrumentation },
    { PgInstrumentation },
    { FastifyOtelInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
  ]);

  const provider = new TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': config.OTEL_SERVICE_NAME })),
    spanProcessors: [
      // The endpoint, and any OTEL_EXPORTER_OTLP_HEADERS, are read from the environment by the exporter.
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: config.OTEL_BSP_SCHEDULE_DELAY,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  trace.setGlobalTracerProvider(provider);

  const fastify = new FastifyOtelInstrumentation({
    // Added to every Fastify instance as it is created: the app's routes need no code of their own.
    registerOnInitialization: true,
    // A span for the request and one for its handler; one per hook of each request would bury the queries.
    instrumentHooks: false,
    ignorePaths: ({ url }) => isScrape(url),
    requestHook: (span, request) => span.setAttributes(redactedUrlAttributes(request.url)),
  });
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => isScrape(request.url),
        // Laid over the attributes the instrumentation reads from the request.
        startIncomingSpanHook: (request: IncomingMessage) => redactedUrlAttributes(request.url),
        startOutgoingSpanHook: (options: RequestOptions) => ({ 'url.full': originOf(options) }),
      }),
      // The statement's text with its placeholders, never its values (enhancedDatabaseReporting stays off); only
      // inside a traced request, so that the schedulers' polling does not start a trace every few seconds.
      new PgInstrumentation({ requireParentSpan: true }),
      // Built on an older @opentelemetry/instrumentation than the two above: the same interface, another type.
      fastify as unknown as InstanceType<typeof PgInstrumentation>,
    ],
  });
  // Patched as they are required: required here, after the instrumentations, so that whatever loads them next gets
  // the patched module (a module already loaded is patched at its next require too).
  const require = createRequire(import.meta.url);
  require('node:http');
  require('node:https');
  require('pg');

  stop = async () => {
    unregister();
    await provider.shutdown();
  };
}

/** Sends the spans not yet sent and stops tracing (at shutdown, before the process exits). */
export async function stopTracing(): Promise<void> {
  const stopping = stop;
  stop = null;
  await stopping?.();
}
