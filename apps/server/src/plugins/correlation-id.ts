import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const WELL_FORMED = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's genReqId: the caller's X-Correlation-ID when well formed, else a new one. */
export function correlationIdFor(req: IncomingMessage): string {
  const sent = req.headers['x-correlation-id'];
  return typeof sent === 'string' && WELL_FORMED.test(sent) ? sent : randomUUID();
}
