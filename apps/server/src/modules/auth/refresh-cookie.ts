import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '@hep/shared/limits';
import type { Config } from '../../config';

const REFRESH_COOKIE = 'hep_refresh';

/**
 * Cookies for the routes of the calling route module, and for no others: only the sign-in routes (auth, passkeys)
 * read or set one, and the plugin adds a hook before and after every request of its scope
 * (docs/decisions/035-a-requests-fixed-cost.md).
 */
export async function registerRefreshCookie(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
}

const options = (config: Config) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: config.PUBLIC_URL.startsWith('https:'),
  path: '/api/',
});

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, { ...options(config), maxAge: LIMITS.refreshTokenTtlSeconds });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(REFRESH_COOKIE, options(config));
}

export const refreshCookieOf = (request: FastifyRequest): string | undefined =>
  request.cookies[REFRESH_COOKIE];
