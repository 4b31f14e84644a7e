import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * API answers that are never compressed, whatever their size:
 * - media (`/api/media/...`): photos and videos are compressed already, and are served in byte ranges;
 * - the auth answers (login, token refresh, logout, password and email changes, reset and activation links,
 *   check-email): login and refresh carry the access and refresh tokens next to what the caller sent (BREACH:
 *   an attacker who can add text to a compressed answer and see its size can guess a secret in it), and the
 *   others are a line or two that compression would not shrink.
 */
const UNCOMPRESSED_API =
  /^\/api\/(media|login|token|logout|reset-password|reset-password-confirm|confirm-email|check-email)(\/|$)|^\/api\/users\/me\/password(\/|$)/;

export function isUncompressedRoute(url: string): boolean {
  // Static files are compressed at build time (plugins/static-spa.ts serves the .br and .gz files).
  return !url.startsWith('/api/') || UNCOMPRESSED_API.test(url);
}

/**
 * API JSON over 1 KB is sent with brotli or gzip when the request accepts one
 * (docs/product/operations.md#performance-targets). Request bodies are never decompressed: a small gzip body could
 * unpack into gigabytes.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook (added below), so that these routes are left alone.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && isUncompressedRoute(route.url)) route.compress = false;
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
}
