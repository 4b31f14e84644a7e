import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { ERROR_TEXTS } from '@hep/shared/texts/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { Db } from './db/client';
import { signAccessToken } from './modules/auth/access-tokens';
import { createMailer } from './modules/mail/mailer';
import { FIXTURES, multipartBody, readFixture } from '../test/fixtures/media-fixtures';
import { createTestApp, type TestApp } from '../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('errors', () => {
  it('answers an unknown /api route with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here/'],
      ['DELETE', '/api/login/'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: ERROR_TEXTS.notFound, code: 'not_found' });
    }
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.test", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed JSON body.', code: 'bad_request' });
  });

  it('answers a body type it does not read with a JSON 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'application/xml' },
      payload: '<login><email>a@example.test</email></login>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'This content type is not supported.',
      code: 'unsupported_media_type',
    });
  });

  it('answers a form with a file sent to a route that takes no forms with the same 415', async () => {
    for (const url of ['/api/login/', '/api/users/1/']) {
      const res = await t.app.inject({
        method: url === '/api/login/' ? 'POST' : 'PUT',
        url,
        ...multipartBody([{ name: 'file', filename: 'a.jpg', data: readFixture(FIXTURES.jpeg) }]),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        error: 'This content type is not supported.',
        code: 'unsupported_media_type',
      });
    }
  });
});

describe('when the database fails', () => {
  // A real PostgreSQL client pointed at a port where nothing listens: every query fails as in an outage.
  const pool = new pg.Pool({
    connectionString: 'postgres://hep:db-secret-pw@127.0.0.1:1/hep',
    connectionTimeoutMillis: 2000,
  });
  const ctx = {
    config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test', LOG_LEVEL: 'silent' }),
    db: drizzle({ client: pool }) as unknown as Db,
    mailer: createMailer({ db: drizzle({ client: pool }) as unknown as Db, now: () => new Date() }),
    secretKey: new TextEncoder().encode('test-secret-key-that-is-long-enough-0123456789'),
    now: () => new Date(),
  };
  let broken: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    broken = await buildApp(ctx, { webDist: null });
  });
  afterAll(async () => {
    await broken.close();
    await pool.end();
  });

  it('answers 503 database_unavailable with the correlation id, never the database error', async () => {
    const res = await broken.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'x-correlation-id': 'outage-0000001' },
      payload: { email: 'someone@example.test', password: 'whatever password' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['x-correlation-id']).toBe('outage-0000001');
    expect(res.json()).toEqual({
      error: 'The service is briefly unavailable. Please try again in a moment.',
      code: 'database_unavailable',
      correlation_id: 'outage-0000001',
    });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|db-secret-pw|select|at .*\.ts/i);
  });

  it('answers 503 for a signed-in request too, and the health check says so', async () => {
    const access = signAccessToken(
      ctx.secretKey,
      { userId: 1, sessionVersion: 0, sessionId: '00000000-0000-4000-8000-000000000000' },
      new Date(),
    );
    const res = await broken.inject({
      method: 'GET',
      url: '/api/users/1/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'database_unavailable',
      correlation_id: res.headers['x-correlation-id'],
    });

    const health = await broken.inject({ method: 'GET', url: '/api/health/' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({
      error: 'The service is briefly unavailable. Please try again in a moment.',
      code: 'database_unavailable',
      status: 'unavailable',
      correlation_id: health.headers['x-correlation-id'],
    });
  });

  it('still masks an unexpected failure as 500 with the correlation id', async () => {
    const app = await buildApp(ctx, { webDist: null });
    app.get('/api/broken-on-purpose/', async () => {
      throw new Error('secret detail at /srv/app.ts');
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/broken-on-purpose/',
      headers: { 'x-correlation-id': 'fault-0000001' },
    });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: `${ERROR_TEXTS.unexpectedError} (reference fault-0000001)`,
      code: 'internal_error',
      correlation_id: 'fault-0000001',
    });
  });
});

describe('security headers and the API document', () => {
  it("sends an API answer a resource's headers: a policy admitting nothing, no framing, nosniff, no-referrer", async () => {
    // A read, a route that does not exist and a refusal (no session) alike.
    for (const url of ['/api/health/', '/api/nothing-here/', '/api/users/1/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-correlation-id']).toEqual(expect.any(String));
      // What only a page reads is left off JSON.
      for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection'])
        expect(res.headers[pageOnly]).toBeUndefined();
    }
  });

  it("sends a page the same-origin policy and a document's headers", async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'hep-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>x</title>');
    const app = await buildApp(t.ctx, { webDist });
    try {
      const page = await app.inject({ method: 'GET', url: '/clients', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      const policy = page.headers['content-security-policy'];
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-correlation-id']).toEqual(expect.any(String));
    } finally {
      await app.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('serves an OpenAPI document at /api/docs listing the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login/', '/api/token/refresh/', '/api/users/{id}/']),
    );
    expect(doc.paths['/api/login/'].post.requestBody).toBeDefined();
  });
});
