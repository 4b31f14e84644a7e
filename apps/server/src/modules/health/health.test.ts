import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health/', () => {
  it('answers ok once the database answers, with and without the trailing slash', async () => {
    for (const url of ['/api/health/', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('echoes a well-formed correlation id and replaces a malformed one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-correlation-id': 'abc-12345678' },
    });
    expect(kept.headers['x-correlation-id']).toBe('abc-12345678');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-correlation-id': 'bad id <script>' },
    });
    expect(replaced.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
