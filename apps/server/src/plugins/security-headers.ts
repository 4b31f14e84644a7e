import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Everything the browser loads comes from our own origin; no referrer leaves the app. When the app is served over
 * https (PUBLIC_URL), browsers are told to use nothing else for a year, subdomains included (HSTS); over http the
 * header would be ignored at best, and would lock a developer's localhost to https at worst.
 */
function helmetOptions(https: boolean): HelmetOptions {
  return {
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
  };
}

/**
 * The headers helmet sets, worked out once: they are the same for every answer, and the Fastify plugin rebuilt
 * helmet's middleware, parsing the policy again, on every request (4% of a small request's CPU).
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(helmetOptions(new URL(publicUrl).protocol === 'https:'))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * An API answer's security headers, from a page's (`securityHeaders`, for its HSTS): JSON is never a page, so it
 * carries what protects a fetched resource (no sniffing, no framing, no cross-origin reads, no referrer, HSTS over
 * https) and a policy that admits nothing, not a page's policy and the headers that only a document reads (COOP,
 * Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies,
 * X-XSS-Protection). Every API call then carries about 430 bytes of headers less, over HTTP/1.1 where headers are not
 * compressed (docs/decisions/035-a-requests-fixed-cost.md).
 */
export function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  const hsts = page['Strict-Transport-Security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}
