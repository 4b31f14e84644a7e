import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tempDataDir } from '../fixtures/media-fixtures';
import { databaseUrlFor } from '../global-setup';
import { startServerProcess, type ServerProcess } from '../server-process';

/**
 * docs/product/operations.md#metrics-and-tracing: the server as `npm start` runs it (its bundle), on PostgreSQL, with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at a small OTLP/HTTP receiver on loopback. One authenticated request is one
 * trace: the HTTP server span, Fastify's span for the route and the span of each `pg` query it made.
 */

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
}
interface ReceivedSpan extends OtlpSpan {
  scope: string;
  service: string | undefined;
}

/** OTLP's span kinds as numbers (SPAN_KIND_SERVER, SPAN_KIND_CLIENT). */
const SERVER = 2;
const CLIENT = 3;

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue ?? value?.boolValue;
};

/** Collects every POST /v1/traces body as JSON (gzip or not), as a collector's OTLP/HTTP receiver would. */
function startReceiver() {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const text = body.toString('utf8');
      bodies.push(text);
      const message = JSON.parse(text) as {
        resourceSpans?: {
          resource?: { attributes?: OtlpAttribute[] };
          scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[];
        }[];
      };
      for (const resourceSpans of message.resourceSpans ?? []) {
        const service = resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value
          .stringValue;
        for (const scopeSpans of resourceSpans.scopeSpans ?? [])
          for (const span of scopeSpans.spans ?? [])
            spans.push({ ...span, scope: scopeSpans.scope?.name ?? '', service });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    spans,
    bodies,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const name = `hep_t_tracing_${process.pid}_${Date.now()}`;
const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
const dataDir = tempDataDir();
const receiver = startReceiver();
const METRICS_TOKEN = `metrics-${randomUUID()}`;
let server: ServerProcess;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const endpoint = await receiver.listen();
  server = await startServerProcess({
    DATABASE_URL: databaseUrlFor(process.env.TEST_DATABASE_URL!, name),
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_SERVICE_NAME: 'hep-tracing-test',
    // Spans go out a tenth of a second after they end, not five seconds.
    OTEL_BSP_SCHEDULE_DELAY: '100',
    METRICS_TOKEN,
  });
}, 120_000);
afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await server?.exited;
  await receiver.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The spans of one trace, once the receiver has them all (the server sends them in batches). */
async function traceWith(
  match: (span: ReceivedSpan) => boolean,
  complete: (spans: ReceivedSpan[]) => boolean,
) {
  let trace: ReceivedSpan[] = [];
  await expect
    .poll(
      () => {
        const root = receiver.spans.find(match);
        trace = root ? receiver.spans.filter((span) => span.traceId === root.traceId) : [];
        return complete(trace);
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
  return trace;
}

describe('tracing through OpenTelemetry (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('sends an authenticated request as one trace: the HTTP server span, the Fastify route span and its pg queries', async () => {
    const login = await fetch(`${server.url}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(server.login('therapist')),
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };
    // A search for a name: the name must reach no span.
    const res = await fetch(`${server.url}/api/users/clients/?q=Zebulon&page=1`, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(res.status).toBe(200);

    const isClientsRequest = (span: ReceivedSpan) =>
      span.kind === SERVER &&
      span.scope === '@opentelemetry/instrumentation-http' &&
      attribute(span, 'url.path') === '/api/users/clients/';
    const trace = await traceWith(
      isClientsRequest,
      (spans) =>
        spans.some((span) => span.scope === '@fastify/otel') &&
        spans.some((span) => span.scope === '@opentelemetry/instrumentation-pg' && span.kind === CLIENT),
    );

    const http = trace.find(isClientsRequest)!;
    expect(http.parentSpanId ?? '').toBe('');
    expect(http.service).toBe('hep-tracing-test');
    expect(attribute(http, 'http.request.method')).toBe('GET');
    expect(attribute(http, 'http.response.status_code')).toBe(200);
    expect(attribute(http, 'http.route')).toBe('/api/users/clients/');
    // The query as the logs would show it: the searched name redacted, the page number kept.
    expect(attribute(http, 'url.query')).toBe('q=[redacted]&page=1');

    const route = trace.find((span) => span.scope === '@fastify/otel' && span.name === 'request')!;
    expect(route.parentSpanId).toBe(http.spanId);
    expect(attribute(route, 'http.route')).toBe('/api/users/clients/');
    expect(attribute(route, 'url.path')).toBe('/api/users/clients/');
    expect(attribute(route, 'url.query')).toBe('q=[redacted]&page=1');

    const queries = trace.filter(
      (span) => span.scope === '@opentelemetry/instrumentation-pg' && span.kind === CLIENT,
    );
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries)
      expect(attribute(query, 'db.system.name') ?? attribute(query, 'db.system')).toBe('postgresql');
    // Each query hangs under the request's spans, within this trace.
    const ids = new Set(trace.map((span) => span.spanId));
    for (const query of queries) expect(ids.has(query.parentSpanId!)).toBe(true);
    // The pool's checkouts too: pg-pool is loaded by pg, so these show that the whole of pg was loaded after tracing
    // started (a bundle importing pg on its first line gets the query spans, through a late patch, but not these).
    expect(queries.some((span) => span.name === 'pg-pool.connect')).toBe(true);

    expect(receiver.bodies.join('\n')).not.toContain('Zebulon');
    expect(receiver.bodies.join('\n')).not.toContain(access);
  });

  it('leaves the metrics scrape out of the traces', async () => {
    const res = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    // The process that listens adds Node's own figures to the app's.
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/users\/clients\/",status="200"\} 1$/m,
    );
    // A request after it, traced: by then the scrape would have been sent too.
    await fetch(`${server.url}/api/health/`);
    await traceWith(
      (span) => span.kind === SERVER && attribute(span, 'url.path') === '/api/health/',
      (spans) => spans.length > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      receiver.spans.filter((span) => String(attribute(span, 'url.path') ?? '').startsWith('/metrics')),
    ).toEqual([]);
  });
});
