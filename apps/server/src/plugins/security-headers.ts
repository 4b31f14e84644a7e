import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Everything the browser loads comes from our own origin; no referrer leaves the app. When the app is served over
 * https (PUBLIC_URL), browsers are told to use nothing else for a year, subdomains included (HSTS); over http the
 * header would be ignored at best, and would lock a developer's localhost to https at worst.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: { PUBLIC_URL: string },
): Promise<void> {
  const https = new URL(config.PUBLIC_URL).protocol === 'https:';
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
  });
}
