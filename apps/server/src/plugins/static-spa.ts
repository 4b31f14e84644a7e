import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The brotli and gzip copies the web build writes beside each text file (apps/web/vite-plugins/precompress.ts). */
const COMPRESSED_COPY = /\.(br|gz)$/;

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
      if (file.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
      if (file.endsWith('service-worker.js')) res.header('service-worker-allowed', '/');
    },
  });
  return true;
}

export function isSpaRequest(method: string, url: string, accept: string | undefined): boolean {
  return (
    (method === 'GET' || method === 'HEAD') && !url.startsWith('/api') && (accept ?? '').includes('text/html')
  );
}
