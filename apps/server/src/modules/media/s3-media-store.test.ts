import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { AppError } from '../../lib/app-error';
import { S3MediaStore } from './s3-media-store';
import { newStorageKey } from './storage-key';

let s3: S3Server;
let store: S3MediaStore;

beforeAll(async () => {
  s3 = await startS3Server();
  const config = loadConfig(s3.env);
  store = new S3MediaStore({ ...config, S3_ENDPOINT: config.S3_ENDPOINT!, S3_BUCKET: config.S3_BUCKET! });
});
afterAll(() => s3.close());

const MiB = 1024 * 1024;

/** `size` random bytes in 1 MiB chunks, optionally failing once `failAfter` bytes were handed out. */
function source(bytes: Buffer, failAfter?: number): AsyncIterable<Uint8Array> {
  return (async function* () {
    for (let at = 0; at < bytes.length; at += MiB) {
      if (failAfter !== undefined && at >= failAfter) throw new Error('the upload was cut');
      yield bytes.subarray(at, at + MiB);
    }
  })();
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('S3MediaStore against a real S3-protocol server', () => {
  it('streams a 12 MB file in as a multipart upload, serves byte ranges and deletes', async () => {
    const bytes = randomBytes(12 * MiB);
    const key = newStorageKey();
    await store.put(key, source(bytes));
    expect(await store.stat(key)).toEqual({ size: bytes.length });

    // A range across the first part boundary.
    const start = 5 * MiB - 10;
    const part = await bytesOf(await store.read(key, { start, end: start + 19 }));
    expect(part.equals(bytes.subarray(start, start + 20))).toBe(true);
    expect(sha(await bytesOf(await store.read(key)))).toBe(sha(bytes));

    expect(await s3.objectKeys()).toContain(key);

    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
    await store.delete(key); // deleting what is gone is not an error
    expect(await s3.objectKeys()).not.toContain(key);
  });

  it('leaves no object when the source fails, in a single put or half-way through a multipart upload', async () => {
    const before = await s3.objectKeys();
    for (const [size, failAfter] of [
      [3 * MiB, 2 * MiB],
      [12 * MiB, 7 * MiB],
    ] as const) {
      const key = newStorageKey();
      await expect(store.put(key, source(randomBytes(size), failAfter))).rejects.toThrow(
        'the upload was cut',
      );
      expect(await store.stat(key)).toBeNull();
    }
    expect(await s3.objectKeys()).toEqual(before);
  });

  it('answers null for a key it does not hold and refuses a key that is not ours', async () => {
    expect(await store.stat(newStorageKey())).toBeNull();
    await expect(store.stat('../etc/passwd')).rejects.toThrow('Invalid storage key');
    await expect(store.put('a/b', source(Buffer.from('x')))).rejects.toThrow('Invalid storage key');
  });

  it('says "storage unavailable" (503) while the server is down, and works again once it is back', async () => {
    const key = newStorageKey();
    await store.put(key, source(Buffer.from('kept while the store was away')));
    await s3.stop();
    try {
      for (const attempt of [
        () => store.put(newStorageKey(), source(Buffer.from('lost'))),
        () => store.stat(key),
        () => store.read(key),
      ]) {
        const error = await attempt().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ statusCode: 503, code: 'storage_unavailable' });
      }
    } finally {
      await s3.start();
    }
    expect((await bytesOf(await store.read(key))).toString()).toBe('kept while the store was away');
    expect(await s3.objectKeys()).toEqual([key]);
  });
});
