import { createServer } from 'node:http';
import { listenOnLoopback } from './loopback';

/** A push message the loopback push service received (read back with GET {pushService.url}/received). */
export interface PushDelivery {
  path: string;
  ttl: string | null;
  encoding: string | null;
  /** `vapid t=<jwt>, k=<public key>` as web-push sends it. */
  authorization: string | null;
  /** The encrypted body, base64. */
  body: string;
}

/**
 * A stand-in for a browser vendor's push service on 127.0.0.1 (the server accepts loopback endpoints only with
 * PUSH_ALLOW_PRIVATE_ENDPOINTS=1). Every POST is recorded and answered 201 Created, as a push service does;
 * an endpoint whose path starts with /gone/ answers 410 Gone, as for a subscription the browser dropped.
 */
export async function startPushService() {
  const deliveries: PushDelivery[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        deliveries.push({
          path,
          ttl: req.headers.ttl?.toString() ?? null,
          encoding: req.headers['content-encoding'] ?? null,
          authorization: req.headers.authorization ?? null,
          body: Buffer.concat(chunks).toString('base64'),
        });
        res.writeHead(path.startsWith('/gone/') ? 410 : 201).end();
      });
      return;
    }
    if (req.method === 'GET' && req.url === '/received') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(deliveries));
      return;
    }
    res.writeHead(404).end();
  });
  return listenOnLoopback(server);
}
