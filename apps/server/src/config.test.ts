import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted a bad value');
}

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
      TRUST_PROXY: false,
      SEED_DEMO: true,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_FROM).toContain('@');
  });

  it('treats an empty variable as unset and derives PUBLIC_URL from PORT', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: '' });
    expect(config).toMatchObject({ PORT: 8080, PUBLIC_URL: 'http://localhost:8080' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads valid values and drops a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      PORT: '0',
      DATABASE_URL: 'postgresql://app:pw@db.internal:5432/hep',
      SMTP_URL: 'smtps://user:pw@mail.example.com:465',
      PUBLIC_URL: 'https://hep.example.com/',
      TRUST_PROXY: '1',
      SEED_DEMO: '0',
    });
    expect(config).toMatchObject({
      PORT: 0,
      DATABASE_URL: 'postgresql://app:pw@db.internal:5432/hep',
      SMTP_URL: 'smtps://user:pw@mail.example.com:465',
      PUBLIC_URL: 'https://hep.example.com',
      TRUST_PROXY: true,
      SEED_DEMO: false,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://db.internal/hep'],
    ['DATABASE_URL', 'not a url'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['PUBLIC_URL', 'ftp://hep.example.com'],
    ['SECRET_KEY', 'short'],
    ['TRUST_PROXY', 'yes'],
    ['LOG_LEVEL', 'verbose'],
    ['S3_ENDPOINT', 'ftp://s3.example.test'],
    ['S3_FORCE_PATH_STYLE', 'maybe'],
    ['REDIS_KEY_PREFIX', 'has spaces'],
    ['METRICS_TOKEN', 'too-short'],
    ['METRICS_TOKEN', 'has a space in the middle'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'grpc://collector:4317'],
    ['OTEL_BSP_SCHEDULE_DELAY', 'soon'],
  ])('stops on a bad %s (%j) with one line naming it', (name, value) => {
    const error = errorOf({ [name]: value });
    expect(error.message).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
    expect(error.message).not.toContain('\n');
  });

  it('leaves metrics and tracing off unless their variables are set', () => {
    const config = loadConfig({});
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(config).toMatchObject({ OTEL_SERVICE_NAME: 'hep-api', OTEL_BSP_SCHEDULE_DELAY: 5000 });
    expect(
      loadConfig({
        METRICS_TOKEN: 'a-long-enough-metrics-token',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        OTEL_SERVICE_NAME: 'hep-clinic-a',
        OTEL_BSP_SCHEDULE_DELAY: '1000',
      }),
    ).toMatchObject({
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      OTEL_SERVICE_NAME: 'hep-clinic-a',
      OTEL_BSP_SCHEDULE_DELAY: 1000,
    });
  });

  it('reads S3 media storage settings (path style off unless asked) and a Redis key prefix', () => {
    expect(loadConfig({})).toMatchObject({ S3_FORCE_PATH_STYLE: false, REDIS_KEY_PREFIX: 'hep:' });
    expect(loadConfig({}).S3_ENDPOINT).toBeUndefined();
    const config = loadConfig({
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_BUCKET: 'hep-media',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      REDIS_KEY_PREFIX: 'hep-staging:',
    });
    expect(config).toMatchObject({
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_BUCKET: 'hep-media',
      S3_FORCE_PATH_STYLE: true,
      REDIS_KEY_PREFIX: 'hep-staging:',
    });
    // Without keys, the SDK's own chain (an instance role, AWS_* variables) provides them.
    expect(
      loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'm' }).S3_ACCESS_KEY_ID,
    ).toBeUndefined();
  });

  it.each([
    [{ S3_ENDPOINT: 'https://s3.example.test' }, 'S3_BUCKET', 'must be set when S3_ENDPOINT is set'],
    [{ S3_BUCKET: 'hep-media' }, 'S3_ENDPOINT', 'must be set when S3_BUCKET is set'],
    [
      { S3_ENDPOINT: 'https://s3.example.test', S3_BUCKET: 'm', S3_ACCESS_KEY_ID: 'id' },
      'S3_SECRET_ACCESS_KEY',
      'must be set when S3_ACCESS_KEY_ID is set',
    ],
    [
      { S3_ENDPOINT: 'https://s3.example.test', S3_BUCKET: 'm', S3_SECRET_ACCESS_KEY: 'key' },
      'S3_ACCESS_KEY_ID',
      'must be set when S3_SECRET_ACCESS_KEY is set',
    ],
    [{ S3_REGION: 'eu-central-1' }, 'S3_ENDPOINT', 'must be set when S3_REGION is set'],
  ])('stops on incomplete S3 settings %j with one line naming %s', (env, name, message) => {
    const error = errorOf(env as Record<string, string>);
    expect(error.message).toBe(`Invalid environment variable ${name}: ${message}`);
  });
});
