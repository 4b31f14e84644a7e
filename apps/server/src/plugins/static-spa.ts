import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The brotli and gzip copies the web build writes beside each text file (apps/web/vite-plugins/precompress.ts). */
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * Hashed build files never change; the home-screen icons change only with the logo, so a day's caching is safe;
 * everything else (the page, the manifest, the service worker) is checked on every use, so that a new build is
 * picked up at once.
 */
function cacheControlFor(file: string): string {
  if (file.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (file.includes(`${path.sep}icons${path.sep}`)) return 'public, max-age=86400';
  return 'no-cache';
}

/**
 * Serves the built SPA with a history fallback: any non-API GET that accepts HTML gets index.html. Text files are
 * sent as their brotli or gzip copy made at build time when the request accepts one (`preCompressed`, which also
 * sets `Vary: Accept-Encoding` and the original file's content type); the copies are not served under their own
 * names.
 */
export async function registerStaticSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathName) => !COMPRESSED_COPY.test(pathName),
    setHeaders(res, filePath) {
      const file = filePath.replace(COMPRESSED_COPY, '');
      res.header('cache-control', cacheControlFor(file));
      if (file.endsWith('service-worker.js')) res.header('service-worker-allowed', '/');
      // The mime table knows it, but an install prompt depends on it: say so whatever the table says.
      if (file.endsWith('.webmanifest'))
        res.header('content-type', 'application/manifest+json; charset=utf-8');
    },
  });
  return true;
}

export function isSpaRequest(method: string, url: string, accept: string | undefined): boolean {
  return (
    (method === 'GET' || method === 'HEAD') && !url.startsWith('/api') && (accept ?? '').includes('text/html')
  );
}
