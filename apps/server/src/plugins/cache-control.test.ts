import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import { buildApp } from '../app';
import { buildCareTeam, login } from '../../test/factories';
import { buildFeedbackSetup, feedbackFields, submitFeedback } from '../../test/feedback-factories';
import { FIXTURES, tempDataDir } from '../../test/fixtures/media-fixtures';
import { createTestApp, nextIp, type TestApp } from '../../test/helper';
import { fixtureFile } from '../../test/program-factories';

let t: TestApp;
const dataDir = tempDataDir();
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Cache-Control', () => {
  it('is no-store on API answers: reads, writes, errors, with or without a session', async () => {
    const { therapist, client } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/health/' }),
      await t.app.inject({ method: 'GET', url: `/api/users/${client.id}/`, headers: session.headers }),
      await t.app.inject({ method: 'GET', url: '/api/users/clients/', headers: session.headers }),
      await t.app.inject({ method: 'GET', url: '/api/users/clients/' }),
      await t.app.inject({ method: 'GET', url: '/api/nothing-here/' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email: therapist.email, password: therapist.password },
        remoteAddress: nextIp(),
      }),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('leaves the signed media URLs their own private caching', async () => {
    const { program, clientSession } = await buildFeedbackSetup(t);
    const saved = await submitFeedback(t, clientSession, feedbackFields(t.ctx, program.exerciseIds[0]!), [
      fixtureFile('media', FIXTURES.jpeg, 'image/jpeg'),
    ]);
    expect(saved.statusCode).toBe(201);
    expect(saved.headers['cache-control']).toBe('no-store');
    const url = ZSaveFeedbackResponse.parse(saved.json()).feedback.image_url!;
    const media = await t.app.inject({ method: 'GET', url, remoteAddress: nextIp() });
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('leaves static files and the page shell their own caching', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'hep-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
    const app = await buildApp(t.ctx, { webDist });
    try {
      const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await app.inject({ method: 'GET', url: '/clients', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    } finally {
      await app.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent for a year, subdomains included, when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://hep.example' });
    try {
      for (const url of ['/api/health/', '/api/nothing-here/']) {
        const res = await https.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await https.close();
    }
  });

  it('is not sent when PUBLIC_URL is http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('access tokens', () => {
  it('are refused without an expiry, even when signed with the real key (401)', async () => {
    const { therapist } = await buildCareTeam(t.ctx);
    const session = await login(t, therapist);
    const { exp, ...claims } = decodeJwt(session.access);
    expect(exp).toEqual(expect.any(Number));
    const resign = (payload: typeof claims) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(t.ctx.secretKey);
    const me = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/users/${therapist.id}/`,
        headers: { authorization: `Bearer ${token}` },
      });

    // The same claims with their expiry are accepted: only the missing `exp` is refused.
    expect((await me(await resign({ ...claims, exp }))).statusCode).toBe(200);
    const res = await me(await resign(claims));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    const { iat: _iat, ...noIat } = claims;
    expect((await me(await resign({ ...noIat, exp }))).statusCode).toBe(401);
  });
});
