import type { FastifyInstance } from 'fastify';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
/** The signed media URLs (modules/media) decide their own caching, their refusals included. */
const isMedia = (url: string) => url.startsWith('/api/media/') || url.startsWith('/api/media?');

/**
 * API answers carry people's records: no browser, proxy or shared cache may keep them
 * (docs/product/security-and-privacy.md#headers). Not the signed media URLs, which say `private` with their own
 * lifetime, nor static files (not under /api), which have theirs; a route that set its own Cache-Control keeps it.
 */
export function registerCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url;
    if (isApi(url) && !isMedia(url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}
