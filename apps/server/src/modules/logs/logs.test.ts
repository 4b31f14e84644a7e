import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import { buildApp, loggerOptions } from '../../app';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const record = {
  timestamp: '2025-03-01T10:00:00.000Z',
  level: 'error',
  message: 'Failed to load feedback.',
  correlation_id: 'web-12345678',
  application: 'hep-web',
  url: '/api/feedback/?exercise=4',
  method: 'GET',
  status: 500,
  error: 'TypeError: x is undefined',
};

const postLog = (payload: object, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/logs/', payload, remoteAddress: ip });

describe('POST /api/logs/', () => {
  it('takes a log record from a signed-out page and answers 204', async () => {
    for (const url of ['/api/logs/', '/api/logs']) {
      const res = await t.app.inject({ method: 'POST', url, payload: record, remoteAddress: nextIp() });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect((await postLog({ level: 'info', message: 'route denied' })).statusCode).toBe(204);
  });

  it('refuses an unknown level or a missing message with 400 naming the field', async () => {
    const badLevel = await postLog({ ...record, level: 'panic' });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json()).toMatchObject({
      code: 'validation_error',
      fields: { level: expect.any(String) },
    });

    const noMessage = await postLog({ level: 'warn' });
    expect(noMessage.statusCode).toBe(400);
    expect(noMessage.json()).toMatchObject({
      code: 'validation_error',
      fields: { message: expect.any(String) },
    });
  });

  it('refuses a body over 16 KB with 413', async () => {
    const res = await postLog({
      ...record,
      message: 'x'.repeat(3000),
      error: 'y'.repeat(3000),
      url: 'z'.repeat(2000),
      pad: 'p'.repeat(9000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The request is too large.', code: 'payload_too_large' });
  });

  it('answers 429 with Retry-After after 60 records a minute from one address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 60; i += 1) expect((await postLog(record, ip)).statusCode).toBe(204);
    const res = await postLog(record, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: ERROR_TEXTS.tooManyAttempts, code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postLog(record)).statusCode).toBe(204);
  });
});

describe('server logs', () => {
  it('never hold the token of a password link, from a request URL or from a client record', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    // Quick successes are logged at debug (plugins/request-log.ts): every request's line is seen here.
    const app = await buildApp(t.ctx, { webDist: null, logger: { ...loggerOptions('debug'), stream } });
    try {
      await app.inject({ method: 'GET', url: '/api/reset-password/validate/?uid=MTI&token=secret-token-1' });
      const record = {
        level: 'error',
        message: 'Routing error',
        url: 'http://app.test/reset-password/MTI/secret-token-2',
      };
      expect((await app.inject({ method: 'POST', url: '/api/logs/', payload: record })).statusCode).toBe(204);
    } finally {
      await app.close();
    }
    const output = lines.join('');
    expect(output).toContain('/api/reset-password/validate/?uid=[redacted]&token=[redacted]');
    expect(output).toContain('http://app.test/reset-password/[redacted]');
    expect(output).not.toContain('secret-token');
  });
});
