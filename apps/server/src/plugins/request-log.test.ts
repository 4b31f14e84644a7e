import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../app';
import { createTestApp, type TestApp } from '../../test/helper';

// One compact line per request (decision 013): info for errors and slow answers, debug for the rest.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function loggedApp(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write: (chunk, _enc, done) => void (lines.push(JSON.parse(String(chunk))), done()),
  });
  const app = await buildApp(t.ctx, { webDist: null, logger: { ...loggerOptions(level), stream } });
  return { app, lines };
}

const requestLines = (lines: Record<string, unknown>[]) =>
  lines.filter((line) => line.msg === 'request' || line.msg === 'slow request');

describe('request log lines', () => {
  it('at info: one line for an error answer with route, status, duration and correlation id; none for a success', async () => {
    const { app, lines } = await loggedApp('info');
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
      const refused = await app.inject({ method: 'GET', url: '/api/users/42/?search=Philippa' });
      expect(refused.statusCode).toBe(401);
    } finally {
      await app.close();
    }
    expect(lines.map((line) => line.msg)).not.toContain('incoming request');
    expect(lines.map((line) => line.msg)).not.toContain('request completed');
    const logged = requestLines(lines);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/users/:id/',
      url: '/api/users/42/?search=[redacted]',
      status: 401,
      correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(typeof logged[0]!.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('Philippa');
  });

  it('at debug: one line for every request, successes included, carrying the answer’s correlation id', async () => {
    const { app, lines } = await loggedApp('debug');
    let correlationId: unknown;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health/' });
      correlationId = res.headers['x-correlation-id'];
    } finally {
      await app.close();
    }
    expect(requestLines(lines)).toEqual([
      expect.objectContaining({
        level: 20,
        route: '/api/health/',
        status: 200,
        correlation_id: correlationId,
      }),
    ]);
  });
});
