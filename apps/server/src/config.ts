import { z } from 'zod';

const ZFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const protocolOf = (value: string) => {
  try {
    return new URL(value).protocol;
  } catch {
    return null; // z.url() has already reported it
  }
};
const ZUrl = (protocols: string[]) =>
  z.url().refine((v) => protocols.includes(protocolOf(v) ?? ''), `must start with ${protocols.join(' or ')}`);

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: ZUrl(['postgres:', 'postgresql:']).optional(),
  PUBLIC_URL: ZUrl(['http:', 'https:']).optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: ZUrl(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Home Exercise Program <no-reply@localhost>'),
  REDIS_URL: ZUrl(['redis:', 'rediss:']).optional(),
  TRUST_PROXY: ZFlag.default(false),
  SEED_DEMO: ZFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TEST_SERVER_URL: ZUrl(['http:', 'https:']).optional(),
  TEST_SERVER_REFRESH_URL: ZUrl(['http:', 'https:']).optional(),
  TEST_SERVER_REFRESH_TOKEN: z.string().min(1).optional(),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: ZFlag.default(false),
  /** How often each process runs the reminder tick; 0 turns the scheduler off. */
  REMINDER_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** How long SIGTERM waits for requests in flight before closing their connections (exit follows within 4 s). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(20_000).default(20_000),
  S3_ENDPOINT: ZUrl(['http:', 'https:']).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

export type Config = Readonly<
  Omit<z.infer<typeof ZEnv>, 'PUBLIC_URL'> & {
    PUBLIC_URL: string;
  }
>;

export class ConfigError extends Error {}

/** Reads the environment once. A bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const value = parsed.data;
  if (value.S3_ENDPOINT || value.S3_BUCKET) {
    throw new ConfigError(
      'S3 media storage is not available in this version: unset S3_ENDPOINT and S3_BUCKET (media is kept in DATA_DIR/media).',
    );
  }
  return Object.freeze({
    ...value,
    PUBLIC_URL: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
  });
}
