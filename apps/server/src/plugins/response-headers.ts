import type { FastifyInstance } from 'fastify';
import { apiSecurityHeaders, securityHeaders } from './security-headers';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
/** The signed media URLs (modules/media) decide their own caching, their refusals included. */
const isMedia = (url: string) => url.startsWith('/api/media/') || url.startsWith('/api/media?');

/**
 * The headers every answer starts with, set by one hook as the request arrives (one hook for all of them: each hook
 * a request passes through costs it CPU):
 * - the security headers (plugins/security-headers.ts): a page's on pages and static files, the API's on API answers;
 * - the request's correlation id (plugins/correlation-id.ts), which the caller can quote;
 * - `Cache-Control: no-store` on API answers: they carry people's records, and no browser, proxy or shared cache may
 *   keep them (docs/product/security-and-privacy.md#headers). Not on the signed media URLs, which say `private` with
 *   their own lifetime, nor on static files (not under /api), which have theirs; a route that sets its own
 *   Cache-Control replaces this one.
 */
export function registerResponseHeaders(app: FastifyInstance, config: { PUBLIC_URL: string }): void {
  const page = securityHeaders(config.PUBLIC_URL);
  const resource = apiSecurityHeaders(page);
  const api = { ...resource, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(isApi(url) ? (isMedia(url) ? resource : api) : page);
    reply.header('x-correlation-id', request.id);
    done();
  });
}
