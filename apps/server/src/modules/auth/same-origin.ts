import type { FastifyRequest } from 'fastify';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';

/** The host (with a port only when not the scheme's default) of `host` reached over `protocol`, or null. */
function hostOf(protocol: string, host: string): string | null {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

/**
 * For calls the refresh cookie authenticates (refresh, logout): a browser always says where such a call comes
 * from, so an `Origin` that is not this site (another host, or `null` from a sandboxed frame or file) is refused
 * with 403. No `Origin` at all is a non-browser API client, and is let through (decision 011).
 */
export function assertSameOrigin(request: FastifyRequest, config: Config): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let from: URL | null = null;
  try {
    from = origin === 'null' ? null : new URL(origin);
  } catch {
    from = null;
  }
  const ours = [hostOf(from?.protocol ?? 'http:', request.host), new URL(config.PUBLIC_URL).host];
  if (!from || !/^https?:$/.test(from.protocol) || !ours.includes(from.host)) {
    throw new AppError(403, 'foreign_origin', ERROR_TEXTS.foreignOrigin);
  }
}
