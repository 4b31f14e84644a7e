import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on loopback, standing in for FCM or Mozilla's autopush: it records every request as it arrived
 * and answers 201 Created, or what `respond` says for that endpoint path, after `delayMs` (a slow push service).
 */
export async function startTestPushService(options: { delayMs?: number } = {}) {
  const received: ReceivedPush[] = [];
  const responses = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = responses.get(path) ?? 201;
      setTimeout(() => response.end(), options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** A fresh endpoint on this service (each browser profile gets its own). */
    newEndpoint: () => `${origin}/push/${randomUUID()}`,
    /** Requests that arrived for one endpoint. */
    receivedFor: (endpoint: string) => received.filter((r) => r.path === new URL(endpoint).pathname),
    /** Answer this status to every later request for the endpoint (410: the browser unsubscribed). */
    respond: (endpoint: string, status: number) => void responses.set(new URL(endpoint).pathname, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestPushService = Awaited<ReturnType<typeof startTestPushService>>;
