import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../../test/helper';

// A built web app as apps/web's build leaves it: text files with .br and .gz copies beside them (a file that
// compression does not shrink has none).
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const PAGE = `<!doctype html><html><head><title>x</title></head><body>${'<p>page</p>'.repeat(100)}</body></html>`;
const WORKER = `self.addEventListener('push', () => {});\n${'// reminders\n'.repeat(100)}`;
const TINY = 'x';
const MANIFEST = JSON.stringify({ name: 'Home Exercise Program', start_url: '/programs', icons: [] });
const ICON = Buffer.from('89504e470d0a1a0a', 'hex');

let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
const webDist = mkdtempSync(path.join(tmpdir(), 'hep-web-'));

function writeWithCopies(file: string, content: string) {
  writeFileSync(path.join(webDist, file), content);
  writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(content));
  writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(content));
}

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeWithCopies('index.html', PAGE);
  writeWithCopies('assets/app-1234.js', SCRIPT);
  writeWithCopies('service-worker.js', WORKER);
  writeFileSync(path.join(webDist, 'assets', 'tiny-1234.txt'), TINY);
  writeFileSync(path.join(webDist, 'manifest.webmanifest'), MANIFEST);
  mkdirSync(path.join(webDist, 'icons'));
  writeFileSync(path.join(webDist, 'icons', 'icon-192.png'), ICON);
  t = await createTestApp();
  app = await buildApp(t.ctx, { webDist });
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('static files compressed at build time', () => {
  it('are sent as brotli when the browser takes it, with the type, caching and Vary of the file itself', async () => {
    const res = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent as gzip to a browser that takes only gzip', async () => {
    const res = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent as they are when the request takes no encoding, still saying that the answer varies', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get('/assets/app-1234.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('fall back to the file itself when it has no compressed copy', async () => {
    const res = await get('/assets/tiny-1234.txt', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(TINY);
  });

  it('serve the page shell for any app address compressed, and never cached without a check', async () => {
    const res = await get('/programs?date=2026-01-12', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);

    const plain = await get('/clients', { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE);
  });

  it('keep the service worker its scope header when compressed', async () => {
    const res = await get('/service-worker.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('are not served under the names of their compressed copies', async () => {
    for (const url of ['/assets/app-1234.js.br', '/assets/app-1234.js.gz', '/index.html.br']) {
      expect((await get(url, { 'accept-encoding': 'br' })).statusCode).toBe(404);
    }
  });

  it('serve the web app manifest as a manifest, checked on every use so that a new build shows at once', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual(JSON.parse(MANIFEST));
  });

  it('serve the home-screen icons as images kept for a day', async () => {
    const res = await get('/icons/icon-192.png', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.equals(ICON)).toBe(true);
  });
});
