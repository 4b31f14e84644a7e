import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { shippedKey, shippedPath } from '../../lib/shipped-media';
import type { MediaStore } from './media-store';
import { WithShippedMedia } from './shipped-media-store';

/** A store underneath that records what reaches it. */
function recordingStore() {
  const calls: string[] = [];
  const store: MediaStore = {
    put: async (key) => void calls.push(`put ${key}`),
    read: async (key) => (calls.push(`read ${key}`), Readable.from(['stored'])),
    stat: async (key) => (calls.push(`stat ${key}`), { size: 6 }),
    delete: async (key) => void calls.push(`delete ${key}`),
    hasFiles: async () => (calls.push('hasFiles'), false),
  };
  return { calls, store };
}

const PICTURE = shippedKey('starter-pictures', 'sit-to-stand.svg');

describe('WithShippedMedia', () => {
  it('reads shipped keys from the app’s folder, whole or a range, and never asks the store', async () => {
    const { calls, store } = recordingStore();
    const withShipped = new WithShippedMedia(store);
    const bytes = readFileSync(shippedPath(PICTURE));
    expect(await withShipped.stat(PICTURE)).toEqual({ size: bytes.length });
    expect(await text(await withShipped.read(PICTURE))).toBe(bytes.toString());
    expect(await text(await withShipped.read(PICTURE, { start: 0, end: 3 }))).toBe('<svg');
    expect(await withShipped.stat(shippedKey('starter-pictures', 'no-such-picture.svg'))).toBeNull();
    expect(calls).toEqual([]);
  });

  it('never writes or deletes a shipped file, and passes every other key to the store', async () => {
    const { calls, store } = recordingStore();
    const withShipped = new WithShippedMedia(store);
    await expect(withShipped.put(PICTURE, Readable.from(['x']))).rejects.toThrow('read-only');
    await withShipped.delete(PICTURE);
    const key = '0f8fad5b-d9cb-469f-a165-70867728950e';
    await withShipped.put(key, Readable.from(['x']));
    expect(await withShipped.stat(key)).toEqual({ size: 6 });
    expect(await text(await withShipped.read(key))).toBe('stored');
    await withShipped.delete(key);
    expect(calls).toEqual([`put ${key}`, `stat ${key}`, `read ${key}`, `delete ${key}`]);
    expect(readFileSync(shippedPath(PICTURE)).length).toBeGreaterThan(0);
  });

  it('refuses a shipped key that could leave the folder', () => {
    for (const key of [
      'shipped/../secret.svg',
      'shipped/starter-pictures/../../config.svg',
      'shipped/starter-pictures/x.js',
      'shipped/Starter/x.svg',
    ])
      expect(() => shippedPath(key), key).toThrow('Invalid shipped media key');
  });
});
