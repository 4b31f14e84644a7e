import rateLimit from '@fastify/rate-limit';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../lib/app-error';

/**
 * Per-route limits (config.rateLimit); counters in Redis when REDIS_URL is set so all nodes share them, under
 * REDIS_KEY_PREFIX so that deployments (or test runs) sharing one Redis never count each other's requests.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  redisUrl: string | undefined,
  keyPrefix: string,
): Promise<void> {
  // ioredis is loaded only when there is a Redis to talk to (docs/decisions/014-embedded-memory.md).
  const redis = redisUrl
    ? new (await import('ioredis')).Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${keyPrefix}rate-limit:` } : {}),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(ERROR_TEXTS.tooManyAttempts, Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

/**
 * Named limits so routes say what they mean. Per address: a whole clinic can share one public address, so the
 * login limit is generous; accounts are protected by the per-email failure count (LIMITS.loginFailuresPerEmail).
 */
export const LIMIT = {
  login: { max: 100, timeWindow: '15 minutes' },
  checkEmail: { max: 30, timeWindow: '1 minute' },
  resetRequest: { max: 5, timeWindow: '15 minutes' },
  resetConfirm: { max: 20, timeWindow: '15 minutes' },
  refresh: { max: 60, timeWindow: '1 minute' },
  logs: { max: 60, timeWindow: '1 minute' },
  /** Saves that may carry uploads (programs, exercises, feedback). */
  uploads: { max: 60, timeWindow: '1 minute' },
  /** Signed media URLs: a video seeks with many Range requests. */
  mediaRead: { max: 600, timeWindow: '1 minute' },
  /** Creating and editing clients, therapists and clinics. */
  accountWrites: { max: 60, timeWindow: '1 minute' },
  csvImport: { max: 10, timeWindow: '15 minutes' },
  testServer: { max: 20, timeWindow: '1 minute' },
  /** Saving and removing push subscriptions (each browser does this rarely). */
  push: { max: 30, timeWindow: '1 minute' },
} as const;
