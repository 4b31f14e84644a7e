import { createHash } from 'node:crypto';
import { FEEDBACK_TEXTS } from '@hep/shared/texts/feedback';
import { VALIDATION_TEXTS } from '@hep/shared/texts/validation';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@hep/shared/limits';
import {
  FIXTURES,
  filesUnder,
  markersIn,
  multipartBody,
  readFixture,
  tempDataDir,
} from '../../../test/fixtures/media-fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { discardStoredFiles, type StoredUpload, storeUpload, type UploadPurpose } from './media-upload';
import { registerForms } from '../../lib/multipart-form';

let t: TestApp;
let dataDir: string;
const storedPath = (key: string) => path.join(dataDir, 'media', key.slice(0, 2), key);

beforeAll(async () => {
  dataDir = tempDataDir();
  t = await createTestApp({ DATA_DIR: dataDir });
  // A tiny route that does what the programs and feedback routes do with each file part.
  await t.app.register(async (app) => {
    await registerForms(app);
    app.post<{ Params: { purpose: UploadPurpose } }>('/test-upload/:purpose', async (request) => {
      const stored: StoredUpload[] = [];
      for await (const part of request.parts()) {
        if (part.type === 'file') stored.push(await storeUpload(t.ctx, part, request.params.purpose));
      }
      return { stored };
    });
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function upload(purpose: UploadPurpose, file: { name: string; data: Buffer; type?: string }) {
  const body = multipartBody([
    { name: 'note', data: 'a field before the file' },
    {
      name: 'media',
      filename: file.name,
      contentType: file.type ?? 'application/octet-stream',
      data: file.data,
    },
  ]);
  return t.app.inject({ method: 'POST', url: `/test-upload/${purpose}`, ...body });
}

const noTempFiles = () => expect(filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);

describe('storeUpload', () => {
  const accepted: [UploadPurpose, keyof typeof FIXTURES, string, 'image' | 'video'][] = [
    ['exercise-image', 'jpeg', 'image/jpeg', 'image'],
    ['exercise-image', 'png', 'image/png', 'image'],
    ['exercise-image', 'webp', 'image/webp', 'image'],
    ['exercise-image', 'gif', 'image/gif', 'image'],
    ['exercise-video', 'mp4', 'video/mp4', 'video'],
    ['exercise-video', 'mov', 'video/quicktime', 'video'],
    ['exercise-video', 'webm', 'video/webm', 'video'],
    ['feedback', 'jpeg', 'image/jpeg', 'image'],
    ['feedback', 'gif', 'image/gif', 'image'],
    ['feedback', 'mp4', 'video/mp4', 'video'],
    ['feedback', 'mov', 'video/quicktime', 'video'],
    ['feedback', 'avi', 'video/x-msvideo', 'video'],
  ];
  it.each(accepted)('%s: stores a %s as %s without its metadata', async (purpose, fixture, mime, kind) => {
    const input = readFixture(FIXTURES[fixture]);
    expect(markersIn(input).length).toBeGreaterThan(0);
    const res = await upload(purpose, { name: FIXTURES[fixture], data: input });
    expect(res.statusCode).toBe(200);
    const [stored] = res.json<{ stored: StoredUpload[] }>().stored;
    expect(stored).toMatchObject({ kind, mime });
    const bytes = readFileSync(storedPath(stored!.storageKey));
    expect(markersIn(bytes)).toEqual([]);
    expect(stored!.size).toBe(bytes.length);
    expect(stored!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const detected = (await fileTypeFromBuffer(bytes))!.mime;
    expect(detected === mime || (mime === 'video/x-msvideo' && detected === 'video/vnd.avi')).toBe(true);
    noTempFiles();
  });

  const refused: [UploadPurpose, keyof typeof FIXTURES, string][] = [
    ['exercise-image', 'textAsJpeg', VALIDATION_TEXTS.invalidImageType],
    ['exercise-image', 'mp4', VALIDATION_TEXTS.invalidImageType],
    ['exercise-video', 'jpeg', VALIDATION_TEXTS.invalidVideoType],
    ['exercise-video', 'avi', VALIDATION_TEXTS.invalidVideoType],
    ['exercise-video', 'textAsJpeg', VALIDATION_TEXTS.invalidVideoType],
    ['feedback', 'webp', FEEDBACK_TEXTS.feedbackMediaInvalid],
    ['feedback', 'webm', FEEDBACK_TEXTS.feedbackMediaInvalid],
    ['feedback', 'textAsJpeg', FEEDBACK_TEXTS.feedbackMediaInvalid],
  ];
  it.each(refused)('%s: refuses %s with "%s" and keeps nothing', async (purpose, fixture, message) => {
    const before = filesUnder(path.join(dataDir, 'media'));
    const res = await upload(purpose, {
      name: 'photo.jpg',
      type: 'image/jpeg',
      data: readFixture(FIXTURES[fixture]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'validation_error', fields: { media: message } });
    expect(filesUnder(path.join(dataDir, 'media'))).toEqual(before);
    noTempFiles();
  });

  it('refuses a file that starts like a JPEG but is not one', async () => {
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x7f, 0xff]),
      Buffer.from('not a picture'),
    ]);
    const res = await upload('exercise-image', { name: 'x.jpg', type: 'image/jpeg', data: fake });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(VALIDATION_TEXTS.invalidImageType);
    noTempFiles();
  });

  it('refuses an empty file', async () => {
    const res = await upload('feedback', { name: 'empty.jpg', type: 'image/jpeg', data: Buffer.alloc(0) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(FEEDBACK_TEXTS.feedbackMediaInvalid);
  });

  it('answers 413 over 50 MB and leaves no file behind (temp or store)', async () => {
    const before = filesUnder(path.join(dataDir, 'media'));
    const jpeg = readFixture(FIXTURES.jpeg);
    const big = Buffer.alloc(LIMITS.mediaMaxBytes + 1);
    jpeg.copy(big); // a real JPEG start, so only the size is wrong
    const res = await upload('exercise-image', { name: 'big.jpg', type: 'image/jpeg', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: VALIDATION_TEXTS.fileTooLarge,
      code: 'payload_too_large',
      fields: { media: VALIDATION_TEXTS.fileTooLarge },
    });
    expect(filesUnder(path.join(dataDir, 'media'))).toEqual(before);
    noTempFiles();
  });

  it('accepts a file of exactly 50 MB', async () => {
    const mp4 = readFixture(FIXTURES.mp4);
    // The fixture followed by a free box filling the file up to the limit: still a valid MP4.
    const exact = Buffer.alloc(LIMITS.mediaMaxBytes);
    mp4.copy(exact);
    exact.writeUInt32BE(exact.length - mp4.length, mp4.length);
    exact.write('free', mp4.length + 4, 'latin1');
    const res = await upload('exercise-video', { name: 'exact.mp4', type: 'video/mp4', data: exact });
    expect(res.statusCode).toBe(200);
    const [stored] = res.json<{ stored: StoredUpload[] }>().stored;
    expect(stored!.size).toBe(LIMITS.mediaMaxBytes);
    await discardStoredFiles(t.ctx, [stored!.storageKey]);
    noTempFiles();
  });
});

describe('discardStoredFiles', () => {
  it('removes stored files, ignoring ones already gone', async () => {
    const res = await upload('exercise-image', { name: 'p.png', data: readFixture(FIXTURES.png) });
    const [stored] = res.json<{ stored: StoredUpload[] }>().stored;
    expect(readFileSync(storedPath(stored!.storageKey)).length).toBeGreaterThan(0);

    await discardStoredFiles(t.ctx, [stored!.storageKey, '00000000-0000-4000-8000-000000000000']);
    expect(filesUnder(path.join(dataDir, 'media')).filter((f) => f.includes(stored!.storageKey))).toEqual([]);
  });
});
