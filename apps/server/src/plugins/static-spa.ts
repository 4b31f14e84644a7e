import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built SPA with a history fallback: any non-API GET that accepts HTML gets index.html. */
export async function registerStaticSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
      if (filePath.endsWith('service-worker.js')) res.header('service-worker-allowed', '/');
    },
  });
  return true;
}

export function isSpaRequest(method: string, url: string, accept: string | undefined): boolean {
  return (
    (method === 'GET' || method === 'HEAD') && !url.startsWith('/api') && (accept ?? '').includes('text/html')
  );
}
