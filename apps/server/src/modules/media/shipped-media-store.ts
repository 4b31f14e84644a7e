import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { isShippedKey, shippedPath } from '../../lib/shipped-media';
import type { MediaStore } from './media-store';

/**
 * The app's store with the files it ships laid over it (lib/shipped-media.ts): `shipped/…` keys are read from the
 * app's own folder and are never written or deleted; every other key goes to the store underneath.
 */
export class WithShippedMedia implements MediaStore {
  constructor(private readonly store: MediaStore) {}

  put(key: string, source: Readable | AsyncIterable<Uint8Array>): Promise<void> {
    if (isShippedKey(key)) return Promise.reject(new Error('Shipped media is read-only'));
    return this.store.put(key, source);
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    if (!isShippedKey(key)) return this.store.read(key, range);
    return createReadStream(shippedPath(key), range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    if (!isShippedKey(key)) return this.store.stat(key);
    try {
      const info = await stat(shippedPath(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isShippedKey(key)) await this.store.delete(key);
  }

  /** The store's own files: the shipped ones are the app's, not the store's. */
  hasFiles(): Promise<boolean> {
    return this.store.hasFiles();
  }
}
