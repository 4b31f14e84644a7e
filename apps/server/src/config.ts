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
  /** Starts every key this app writes to Redis, so that several deployments (or test runs) can share one. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits or _ : . -')
    .default('hep:'),
  TRUST_PROXY: ZFlag.default(false),
  SEED_DEMO: ZFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TEST_SERVER_URL: ZUrl(['http:', 'https:']).optional(),
  TEST_SERVER_REFRESH_URL: ZUrl(['http:', 'https:']).optional(),
  TEST_SERVER_REFRESH_TOKEN: z.string().min(1).optional(),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: ZFlag.default(false),
  /** How often each process runs the reminder tick; 0 turns the scheduler off. */
  REMINDER_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** How often each process looks for messages unread for an hour to mail about; 0 turns it off. */
  MESSAGE_DIGEST_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /**
   * How often each process looks whether today's retention run has happened (docs/product/retention.md#the-job);
   * 0 keeps this process out of it.
   */
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /**
   * The daily backup to DATA_DIR/backups (docs/product/backups.md#daily-backups): on by default with the embedded
   * database, off with PostgreSQL (whose backups are usually the provider's); `0` turns it off, `1` on.
   */
  BACKUP_DAILY: ZFlag.optional(),
  /** How long SIGTERM waits for requests in flight before closing their connections (exit follows within 4 s). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(20_000).default(20_000),
  S3_ENDPOINT: ZUrl(['http:', 'https:']).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: ZFlag.default(false),
  /**
   * Opens `GET /metrics` (Prometheus) to requests bearing it (docs/product/operations.md#metrics-and-tracing); unset,
   * the route does not exist.
   */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  /** Where traces go, as OpenTelemetry's OTLP over HTTP (`/v1/traces` is added); unset, nothing is traced. */
  OTEL_EXPORTER_OTLP_ENDPOINT: ZUrl(['http:', 'https:']).optional(),
  /** The traces' `service.name`. */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).default('hep-api'),
  /** How long finished spans wait to be sent together, in milliseconds (OpenTelemetry's own variable). */
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(0).max(60_000).default(5_000),
});

/** Settings that only make sense together; the first missing one is named. */
const PAIRS = [
  ['S3_ENDPOINT', 'S3_BUCKET'],
  ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
] as const;
const S3_ONLY = ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

function missingSetting(value: z.infer<typeof ZEnv>): { name: string; message: string } | null {
  for (const [a, b] of PAIRS) {
    if (value[a] && !value[b]) return { name: b, message: `must be set when ${a} is set` };
    if (value[b] && !value[a]) return { name: a, message: `must be set when ${b} is set` };
  }
  const stray = S3_ONLY.find((name) => value[name] && !value.S3_ENDPOINT);
  return stray ? { name: 'S3_ENDPOINT', message: `must be set when ${stray} is set` } : null;
}

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
  const missing = missingSetting(value);
  if (missing) throw new ConfigError(`Invalid environment variable ${missing.name}: ${missing.message}`);
  return Object.freeze({
    ...value,
    PUBLIC_URL: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
  });
}
