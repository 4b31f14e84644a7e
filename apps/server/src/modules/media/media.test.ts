import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { and, arrayContains, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log';
import { programs } from '../../db/schema/programs';
import { FIXTURES, multipartBody, readFixture, tempDataDir } from '../../../test/fixtures/media-fixtures';
import { buildCareTeam } from '../../../test/factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { type StoredUpload, storeUpload } from './media-upload';
import { signedMediaUrl } from './media-urls';
import { insertMedia } from './media.repository';
import { registerForms } from '../../lib/multipart-form';

let t: TestApp;
let dataDir: string;
let clientId: number;
let therapistId: number;
let videoId: number;
let video: Buffer;
let imageId: number;

/** Stores a fixture the way the programs module does (storeUpload, then a row), returning the media id. */
async function storeFixture(
  name: string,
  purpose: 'exercise-image' | 'exercise-video',
  programId: number | null,
) {
  const body = multipartBody([{ name: 'file', filename: name, data: readFixture(name) }]);
  const res = await t.app.inject({ method: 'POST', url: `/test-store/${purpose}`, ...body });
  const upload = res.json<StoredUpload>();
  const id = await insertMedia(t.ctx.db, { ...upload, programId, ownerId: therapistId });
  const bytes = readFileSync(path.join(dataDir, 'media', upload.storageKey.slice(0, 2), upload.storageKey));
  return { id, bytes };
}

const audits = (mediaId: number) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'media'), arrayContains(auditLog.targetIds, [mediaId])))
    .orderBy(auditLog.seq);

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });

beforeAll(async () => {
  dataDir = tempDataDir();
  t = await createTestApp({ DATA_DIR: dataDir });
  await t.app.register(async (app) => {
    await registerForms(app);
    app.post<{ Params: { purpose: 'exercise-image' | 'exercise-video' } }>(
      '/test-store/:purpose',
      async (request) => storeUpload(t.ctx, (await request.file())!, request.params.purpose),
    );
  });
  const team = await buildCareTeam(t.ctx);
  clientId = team.client.id;
  therapistId = team.therapist.id;
  const [program] = await t.ctx.db
    .insert(programs)
    .values({ clientId, therapistId, name: 'Balance', daysOfWeek: ['MON'] })
    .returning({ id: programs.id });
  ({ id: videoId, bytes: video } = await storeFixture(FIXTURES.mp4, 'exercise-video', program!.id));
  ({ id: imageId } = await storeFixture(FIXTURES.jpeg, 'exercise-image', program!.id));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('signed media URLs', () => {
  it('look like /api/media/{id}/?exp=…&sig=… and expire an hour (up to 65 minutes) from now', () => {
    const url = new URL(signedMediaUrl(t.ctx, videoId), 'http://app.test');
    expect(url.pathname).toBe(`/api/media/${videoId}/`);
    const exp = Number(url.searchParams.get('exp'));
    const now = t.ctx.now().getTime() / 1000;
    expect(exp - now).toBeGreaterThanOrEqual(3600);
    expect(exp - now).toBeLessThanOrEqual(3900);
    expect(url.searchParams.get('sig')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('live a whole hour when made part-way through a second that ends a step', () => {
    t.clock.set(new Date(Math.ceil(t.ctx.now().getTime() / 300_000) * 300_000 + 500));
    const url = new URL(signedMediaUrl(t.ctx, videoId), 'http://app.test');
    const exp = Number(url.searchParams.get('exp'));
    expect(exp - t.ctx.now().getTime() / 1000).toBeGreaterThanOrEqual(3600);
  });

  it('stay the same for a few minutes, so the browser can cache the picture', () => {
    const first = signedMediaUrl(t.ctx, imageId);
    t.clock.set(new Date(Math.ceil(t.ctx.now().getTime() / 300_000) * 300_000 + 1000));
    const a = signedMediaUrl(t.ctx, imageId);
    t.clock.advance(60_000);
    expect(signedMediaUrl(t.ctx, imageId)).toBe(a);
    expect(first).toMatch(/^\/api\/media\//);
  });
});

describe('GET /api/media/{id}/', () => {
  it('serves the whole file without a token, with private caching and no sniffing', async () => {
    const res = await get(signedMediaUrl(t.ctx, videoId));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(video)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(video.length),
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
    });
    // Opened on its own, a file may run and load nothing (an SVG is a document).
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  });

  it('serves an image with its own type', async () => {
    const res = await get(signedMediaUrl(t.ctx, imageId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const url = signedMediaUrl(t.ctx, videoId);
    const middle = await get(url, { range: 'bytes=100-199' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(middle.headers['content-length']).toBe('100');
    expect(middle.rawPayload.equals(video.subarray(100, 200))).toBe(true);

    const open = await get(url, { range: `bytes=${video.length - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(video.subarray(-10))).toBe(true);

    const suffix = await get(url, { range: 'bytes=-16' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(
      `bytes ${video.length - 16}-${video.length - 1}/${video.length}`,
    );
    expect(suffix.rawPayload.equals(video.subarray(-16))).toBe(true);

    const pastEnd = await get(url, { range: `bytes=0-${video.length + 1000}` });
    expect(pastEnd.statusCode).toBe(206);
    expect(pastEnd.rawPayload.equals(video)).toBe(true);
  });

  it('answers 416 for a range it cannot satisfy', async () => {
    const url = signedMediaUrl(t.ctx, videoId);
    for (const range of [`bytes=${video.length}-`, 'bytes=500-100', 'bytes=-0', 'bytes=abc']) {
      const res = await get(url, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${video.length}`);
    }
  });

  it('serves the whole file when If-Range names another version', async () => {
    const res = await get(signedMediaUrl(t.ctx, videoId), { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(video.length);
    const same = await get(signedMediaUrl(t.ctx, videoId), {
      range: 'bytes=0-9',
      'if-range': String(res.headers.etag),
    });
    expect(same.statusCode).toBe(206);
  });

  it('writes one audit row per playback (no range, or a range from byte 0), not per seek', async () => {
    const url = signedMediaUrl(t.ctx, videoId, therapistId);
    const before = (await audits(videoId)).length;
    const play = await get(url, { range: 'bytes=0-', 'x-correlation-id': 'media-play-0001' });
    expect(play.statusCode).toBe(206);
    await get(url, { range: 'bytes=2000-2999' });
    await get(url, { range: 'bytes=5000-' });
    const rows = await audits(videoId);
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      actorId: therapistId,
      action: 'read',
      targetType: 'media',
      targetIds: [videoId],
      subjectUserId: clientId,
      correlationId: 'media-play-0001',
    });
    await get(url);
    expect((await audits(videoId)).length).toBe(before + 2);
  });

  it('records no viewer when the URL was not made for one', async () => {
    await get(signedMediaUrl(t.ctx, imageId));
    expect((await audits(imageId)).at(-1)).toMatchObject({ actorId: null, subjectUserId: clientId });
  });

  it('answers HEAD with the headers only and no audit row', async () => {
    const before = (await audits(imageId)).length;
    const res = await t.app.inject({
      method: 'HEAD',
      url: signedMediaUrl(t.ctx, imageId),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.length).toBe(0);
    expect((await audits(imageId)).length).toBe(before);
  });

  it('stops working after the link expires: 404, the same as for a bad link', async () => {
    const url = signedMediaUrl(t.ctx, imageId);
    t.clock.advance(59 * 60 * 1000);
    expect((await get(url)).statusCode).toBe(200);
    t.clock.advance(7 * 60 * 1000);
    const expired = await get(url);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers 404 for a changed signature, another id, a changed viewer, an unknown id or no signature', async () => {
    const url = new URL(signedMediaUrl(t.ctx, imageId, therapistId), 'http://app.test');
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const tampered = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const attempts = [
      `/api/media/${imageId}/?exp=${exp}&u=${therapistId}&sig=${tampered}`,
      `/api/media/${videoId}/?exp=${exp}&u=${therapistId}&sig=${sig}`,
      `/api/media/${imageId}/?exp=${exp}&u=${clientId}&sig=${sig}`,
      `/api/media/${imageId}/?exp=${Number(exp) + 3600}&u=${therapistId}&sig=${sig}`,
      `/api/media/${imageId}/?exp=${exp}&sig=${sig}`,
      `/api/media/${imageId}/`,
      `/api/media/abc/?exp=${exp}&sig=${sig}`,
      signedMediaUrl(t.ctx, 999_999),
    ];
    for (const attempt of attempts) {
      const res = await get(attempt);
      expect(res.statusCode, attempt).toBe(404);
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });

  it('answers 404 when the file is gone from the store', async () => {
    const [program] = await t.ctx.db
      .select({ id: programs.id })
      .from(programs)
      .where(eq(programs.clientId, clientId));
    const lost = await insertMedia(t.ctx.db, {
      storageKey: '00000000-0000-4000-8000-00000000dead',
      kind: 'image',
      mime: 'image/png',
      size: 10,
      sha256: 'x',
      programId: program!.id,
      ownerId: null,
    });
    expect((await get(signedMediaUrl(t.ctx, lost))).statusCode).toBe(404);
  });

  it('limits an address to 600 reads a minute (429 with Retry-After)', async () => {
    const url = signedMediaUrl(t.ctx, imageId);
    const remoteAddress = nextIp();
    for (let i = 0; i < 600; i++) {
      const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=1-1' }, remoteAddress });
      expect(res.statusCode).toBe(206);
    }
    const limited = await t.app.inject({ method: 'GET', url, remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
