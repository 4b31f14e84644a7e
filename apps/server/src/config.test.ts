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
  ])('stops on a bad %s (%j) with one line naming it', (name, value) => {
    const error = errorOf({ [name]: value });
    expect(error.message).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
    expect(error.message).not.toContain('\n');
  });
});
