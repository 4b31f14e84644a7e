import { rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import { buildCareTeam, buildClient, login } from '../../test/factories';
import { buildFeedbackSetup, feedbackFields, submitFeedback } from '../../test/feedback-factories';
import { FIXTURES, tempDataDir } from '../../test/fixtures/media-fixtures';
import { createTestApp, nextIp, type TestApp } from '../../test/helper';
import { fixtureFile } from '../../test/program-factories';
import { isUncompressedRoute, registerCompression } from './compression';

let t: TestApp;
const dataDir = tempDataDir();
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('API compression', () => {
  it('sends a JSON list over 1 KB as brotli or gzip, as the request takes, and as it is otherwise', async () => {
    const { clinicId, therapist } = await buildCareTeam(t.ctx);
    for (let i = 0; i < 15; i++) await buildClient(t.ctx, clinicId, therapist.id);
    const session = await login(t, therapist);
    const list = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/users/clients/',
        headers: { ...session.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });

    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await list('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('never compresses the answers that carry tokens (login, token refresh)', async () => {
    const { client } = await buildCareTeam(t.ctx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: client.email, password: client.password },
      headers: { 'accept-encoding': 'br, gzip' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    const { refresh } = res.json<{ refresh: string }>();

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh },
      headers: { 'accept-encoding': 'br, gzip' },
      remoteAddress: nextIp(),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['content-encoding']).toBeUndefined();
    expect(refreshed.json()).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
  });

  it('skips those routes whatever their size (they answer under 1 KB today)', async () => {
    // The same registration on a bare app, where each of these routes answers 4 KB of JSON.
    const bare = Fastify();
    await registerCompression(bare);
    const big = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `item ${i}` })) };
    const urls = ['/api/login/', '/api/token/refresh/', '/api/media/:id/', '/api/users/clients/'];
    for (const url of urls) bare.get(url, async () => big);
    try {
      const encodingOf = async (url: string) =>
        (await bare.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })).headers[
          'content-encoding'
        ];
      expect(await encodingOf('/api/login/')).toBeUndefined();
      expect(await encodingOf('/api/token/refresh/')).toBeUndefined();
      expect(await encodingOf('/api/media/7/')).toBeUndefined();
      expect(await encodingOf('/api/users/clients/')).toBe('br');
    } finally {
      await bare.close();
    }
  });

  it('leaves media alone: whole files and byte ranges come as stored', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const saved = await submitFeedback(t, clientSession, feedbackFields(t.ctx, program.exerciseIds[0]!), [
      fixtureFile('media', FIXTURES.jpeg, 'image/jpeg'),
    ]);
    expect(saved.statusCode).toBe(201);
    const url = ZSaveFeedbackResponse.parse(saved.json()).feedback.image_url!;

    const whole = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.length).toBeGreaterThan(1024);

    const part = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 100));
  });

  it('is off for media, the auth answers and static files, and on for the rest of the API', () => {
    for (const url of [
      '/api/media/:id/',
      '/api/login/',
      '/api/token/refresh/',
      '/api/logout/',
      '/api/logout/all/',
      '/api/users/me/password/',
      '/api/reset-password/',
      '/api/reset-password/validate/',
      '/api/reset-password-confirm/',
      '/api/confirm-email/',
      '/api/check-email/',
      '/assets/app-1234.js',
      '/index.html',
    ])
      expect(isUncompressedRoute(url), url).toBe(true);
    for (const url of [
      '/api/users/clients/',
      '/api/users/:id/',
      '/api/programs/',
      '/api/feedback/',
      '/api/docs',
    ])
      expect(isUncompressedRoute(url), url).toBe(false);
  });
});
